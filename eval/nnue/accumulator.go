package nnue

import "github.com/luftchess/luft/engine/board"

// Accumulator holds the hidden layer's inputs of both perspectives:
// Values[c] is the accumulator from colour c's point of view, Hidden
// int16 each. Both slices share one allocation, made by
// Network.NewAccumulator or by the first Refresh of a zero Accumulator;
// after that no method allocates. An Accumulator belongs to the network
// whose Hidden it was sized for.
type Accumulator struct {
	Values [2][]int16
}

// NewAccumulator returns an accumulator sized for n, all zero: Refresh it
// before use.
func (n *Network) NewAccumulator() *Accumulator {
	acc := &Accumulator{}
	acc.alloc(n.Hidden)
	return acc
}

func (acc *Accumulator) alloc(hidden int) {
	buf := make([]int16, 2*hidden)
	acc.Values[board.White] = buf[:hidden:hidden]
	acc.Values[board.Black] = buf[hidden:]
}

// CopyFrom makes acc a copy of src, which must have the same size: the
// step of an accumulator stack before the updates of a move.
func (acc *Accumulator) CopyFrom(src *Accumulator) {
	copy(acc.Values[0], src.Values[0])
	copy(acc.Values[1], src.Values[1])
}

// column returns the weights of feature f.
func (n *Network) column(f int) []int16 {
	h := n.Hidden
	return n.FeatureWeights[f*h : f*h+h : f*h+h]
}

// Refresh computes acc from scratch for pos: the bias plus the column of
// every piece, from each perspective. A zero or wrongly sized acc is
// (re)allocated first; otherwise Refresh does not allocate.
func (n *Network) Refresh(acc *Accumulator, pos *board.Position) {
	if len(acc.Values[0]) != n.Hidden || len(acc.Values[1]) != n.Hidden {
		acc.alloc(n.Hidden)
	}
	copy(acc.Values[board.White], n.FeatureBias)
	copy(acc.Values[board.Black], n.FeatureBias)
	for c := board.White; c <= board.Black; c++ {
		for t := board.Pawn; t <= board.King; t++ {
			pc := board.MakePiece(c, t)
			for bb := pos.Pieces(c, t); bb != 0; {
				n.Add(acc, pc, bb.PopLSB())
			}
		}
	}
}

// Add adds piece pc on square sq to both perspectives of acc.
func (n *Network) Add(acc *Accumulator, pc board.Piece, sq board.Square) {
	addColumn(acc.Values[board.White], n.column(FeatureIndex(board.White, pc, sq)))
	addColumn(acc.Values[board.Black], n.column(FeatureIndex(board.Black, pc, sq)))
}

// Sub removes piece pc on square sq from both perspectives of acc.
func (n *Network) Sub(acc *Accumulator, pc board.Piece, sq board.Square) {
	subColumn(acc.Values[board.White], n.column(FeatureIndex(board.White, pc, sq)))
	subColumn(acc.Values[board.Black], n.column(FeatureIndex(board.Black, pc, sq)))
}

// Move moves piece pc from square from to square to in both perspectives
// of acc: Sub(from) and Add(to) in one pass.
func (n *Network) Move(acc *Accumulator, pc board.Piece, from, to board.Square) {
	for p := board.White; p <= board.Black; p++ {
		v := acc.Values[p]
		update(v, v, n.column(FeatureIndex(p, pc, to)), nil, n.column(FeatureIndex(p, pc, from)), nil)
	}
}

// ApplyMove updates acc, the accumulator of pos, for the legal move m:
// Update(acc, acc, pos, m).
func (n *Network) ApplyMove(acc *Accumulator, pos *board.Position, m board.Move) {
	n.Update(acc, acc, pos, m)
}

// pieceSquare is one feature change of a move, before perspective.
type pieceSquare struct {
	pc board.Piece
	sq board.Square
}

// Update sets dst to the accumulator of the position after the legal move
// m, given src, the accumulator of pos. Call it before pos.Make(m): it
// reads the moving and captured pieces from pos. dst may be src. Each
// perspective is read and written once, whatever the kind of move: quiet,
// capture, en passant, castling (king and rook; the standard and Chess960
// target squares, as the board plays them) and promotion.
func (n *Network) Update(dst, src *Accumulator, pos *board.Position, m board.Move) {
	var add, sub [2]pieceSquare
	adds, subs := 1, 1
	from, to := m.From(), m.To()
	pc := pos.PieceAt(from)
	switch {
	case m.IsCastling():
		// to is the rook's square; the king goes to the g or c file and
		// the rook to the f or d file, on the king's rank. In Chess960 a
		// target may be the other piece's origin, which a single pass
		// over both changes handles.
		rank := from.Rank()
		kingTo, rookTo := board.MakeSquare(2, rank), board.MakeSquare(3, rank)
		if to > from {
			kingTo, rookTo = board.MakeSquare(6, rank), board.MakeSquare(5, rank)
		}
		rook := pos.PieceAt(to)
		add = [2]pieceSquare{{pc, kingTo}, {rook, rookTo}}
		sub = [2]pieceSquare{{pc, from}, {rook, to}}
		adds, subs = 2, 2
	case m.IsEnPassant():
		capSq := to ^ 8
		add[0] = pieceSquare{pc, to}
		sub = [2]pieceSquare{{pc, from}, {pos.PieceAt(capSq), capSq}}
		subs = 2
	default:
		moved := pc
		if m.IsPromotion() {
			moved = board.MakePiece(pc.Color(), m.Promotion())
		}
		add[0] = pieceSquare{moved, to}
		sub[0] = pieceSquare{pc, from}
		if captured := pos.PieceAt(to); captured != board.NoPiece {
			sub[1] = pieceSquare{captured, to}
			subs = 2
		}
	}
	for p := board.White; p <= board.Black; p++ {
		col := func(c pieceSquare, used bool) []int16 {
			if !used {
				return nil
			}
			return n.column(FeatureIndex(p, c.pc, c.sq))
		}
		update(dst.Values[p], src.Values[p], col(add[0], true), col(add[1], adds == 2), col(sub[0], true), col(sub[1], subs == 2))
	}
}

// Evaluate returns the network's evaluation of pos, whose accumulator is
// acc, in centipawns from the side to move's point of view: the output
// bucket of pos's number of pieces applied to acc. It does not allocate.
func (n *Network) Evaluate(acc *Accumulator, pos *board.Position) int {
	return n.EvaluateBucket(acc, pos.SideToMove(), Bucket(pos.Occupied().Count(), n.Buckets))
}

// EvaluateBucket returns the output of bucket b (0 <= b < n.Buckets) for
// the accumulator acc with stm to move, in centipawns from stm's point of
// view.
func (n *Network) EvaluateBucket(acc *Accumulator, stm board.Color, b int) int {
	h := n.Hidden
	ow := n.OutputWeights[2*h*b : 2*h*(b+1) : 2*h*(b+1)]
	sum := screluDot(acc.Values[stm&1], ow[:h]) + screluDot(acc.Values[(stm^1)&1], ow[h:])
	out := sum/QA + int64(n.OutputBias[b])
	return int(out * int64(n.Scale) / (QA * QB))
}

// addColumn adds col to acc element-wise, with int16 wrap-around.
func addColumn(acc, col []int16) {
	col = col[:len(acc)]
	for i := range acc {
		acc[i] += col[i]
	}
}

// subColumn subtracts col from acc element-wise, with int16 wrap-around.
func subColumn(acc, col []int16) {
	col = col[:len(acc)]
	for i := range acc {
		acc[i] -= col[i]
	}
}
