// Package eval evaluates chess positions statically: a tapered sum of
// material, piece-square tables, mobility, pawn structure, king safety,
// piece placement and threats, with every weight in one tunable vector.
package eval

import (
	_ "embed"
	"math/bits"
	"strings"

	"github.com/luftchess/luft/engine/board"
)

// MaxPhase is the game phase with all pieces on the board; a phase of 0
// means only kings and pawns are left. Knights and bishops count 1,
// rooks 2, queens 4.
const MaxPhase = 24

// NormalScale is the endgame scale factor of an ordinary position; a
// drawish ending has a smaller one, a dead draw 0.
const NormalScale = 128

const pawnTableSize = 1 << 14 // entries per pawn hash table, a power of two

// An Evaluator evaluates positions. It owns a pawn-structure hash table,
// so each search thread needs its own.
type Evaluator struct {
	weights [NumWeights]score
	pst     [2][6][64]score // material plus piece-square value, by colour and real square
	pawns   [pawnTableSize]pawnEntry
	scratch pawnEntry // the uncached entry of a traced evaluation
}

// A pawnEntry caches what depends only on the pawns (and, for the
// shelter, on the king square).
type pawnEntry struct {
	key     uint64
	score   score             // material, psqt and structure of the pawns, White minus Black
	passed  board.Bitboard    // passed pawns of both colours
	span    [2]board.Bitboard // squares each side's pawns may ever attack
	kingSq  [2]board.Square   // king squares the shelter scores were computed for
	shelter [2]score
}

// New returns an Evaluator using the default weights.
func New() *Evaluator { return NewWith(Default()) }

// NewWith returns an Evaluator using the weights w.
func NewWith(w *Weights) *Evaluator {
	e := new(Evaluator)
	for i, x := range w {
		e.weights[i] = pack(x.MG, x.EG)
	}
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			for sq := board.A1; sq <= board.H8; sq++ {
				v := e.weights[iPSQT+int(pt)*64+int(relSquare(c, sq))]
				if pt != board.King {
					v += e.weights[iMaterial+int(pt)]
				}
				e.pst[c][pt][sq] = v
			}
		}
	}
	for i := range e.pawns {
		// A key that cannot be probed at its own slot marks the entry empty.
		e.pawns[i].key = uint64(i) + 1
	}
	return e
}

// Default returns a copy of the weights New uses: those of weights.txt,
// which luft tune fit writes.
func Default() *Weights { w := *defaultWeights; return &w }

//go:embed weights.txt
var weightsText string

var defaultWeights = mustReadWeights(weightsText)

func mustReadWeights(text string) *Weights {
	w, err := ReadWeights(strings.NewReader(text))
	if err != nil {
		panic("eval: weights.txt: " + err.Error())
	}
	return w
}

// relSquare returns sq as seen from colour c's side: Black's squares are
// mirrored so that tables are written from White's point of view.
func relSquare(c board.Color, sq board.Square) board.Square {
	if c == board.Black {
		return sq.Flip()
	}
	return sq
}

// A Trace records, per colour, how many times each weight applies to a
// position, together with the phase and endgame scale: what the tuner
// needs to evaluate the position as a linear function of the weights,
// and what the breakdown of `luft eval` is made of.
type Trace struct {
	Count [NumWeights][2]int16
	Phase int // 0..MaxPhase
	Scale int // endgame scale factor, NormalScale for most positions
}

// Evaluate returns the static evaluation of p in centipawns from the
// side to move's point of view.
func (e *Evaluator) Evaluate(p *board.Position) int { return e.evaluate(p, nil) }

// Trace evaluates p like Evaluate and records the terms in t.
func (e *Evaluator) Trace(p *board.Position, t *Trace) int {
	*t = Trace{}
	return e.evaluate(p, t)
}

// state is one evaluation in progress.
type state struct {
	e        *Evaluator
	p        *board.Position
	t        *Trace
	occ      board.Bitboard
	attacked [2][6]board.Bitboard // by colour and piece type
	all      [2]board.Bitboard    // squares attacked by each colour
	zoneHits [2]int               // pieces of a colour attacking the enemy king zone
}

// term returns weight i taken n times, recording it for colour c in the
// trace if there is one. Callers sum terms in local variables, which stay
// in registers.
func (st *state) term(c board.Color, i, n int) score {
	if st.t != nil {
		st.t.Count[i][c] += int16(n)
	}
	return st.e.weights[i] * score(n)
}

// piece returns the material and square value of a piece (and traces it).
func (st *state) piece(c board.Color, pt board.PieceType, sq board.Square) score {
	if st.t != nil {
		if pt != board.King {
			st.t.Count[iMaterial+int(pt)][c]++
		}
		st.t.Count[iPSQT+int(pt)*64+int(relSquare(c, sq))][c]++
	}
	return st.e.pst[c&1][pt][sq&63]
}

func (e *Evaluator) evaluate(p *board.Position, t *Trace) int {
	st := state{e: e, p: p, t: t, occ: p.Occupied()}
	pe := st.pawnEntry()
	for c := board.White; c <= board.Black; c++ {
		st.attacked[c][board.Pawn] = pawnAttacks(c, p.Pieces(c, board.Pawn))
		st.attacked[c][board.King] = board.KingAttacks(p.KingSquare(c))
		st.all[c] = st.attacked[c][board.Pawn] | st.attacked[c][board.King]
	}
	var sum [2]score // by colour, besides the pawn entry's
	for c := board.White; c <= board.Black; c++ {
		sum[c] = st.piece(c, board.King, p.KingSquare(c)) + st.pieces(c, pe)
	}
	if !Basic {
		// Both sides' pieces are done: the attack maps are complete.
		for c := board.White; c <= board.Black; c++ {
			sum[c] += st.kingSafety(c, pe) + st.threats(c) + st.passers(c, pe)
			if p.Pieces(c, board.Bishop).Count() >= 2 {
				sum[c] += st.term(c, iBishopPair, 1)
			}
		}
	}
	stm := p.SideToMove()
	sum[stm] += st.term(stm, iTempo, 1)

	s := pe.score + sum[board.White] - sum[board.Black]
	phase := st.phase()
	scale := NormalScale
	if !Basic {
		scale = st.scale(s.eg())
	}
	if t != nil {
		t.Phase, t.Scale = phase, scale
	}
	v := Taper(s.mg(), s.eg(), phase, scale)
	if stm == board.Black {
		return -v
	}
	return v
}

// Taper blends a middlegame and an endgame value by the game phase,
// scaling the endgame value by scale/NormalScale.
func Taper(mg, eg, phase, scale int) int {
	return (mg*phase + eg*scale/NormalScale*(MaxPhase-phase)) / MaxPhase
}

// phase returns the game phase from the pieces left, 0..MaxPhase.
func (st *state) phase() int {
	p := st.p
	n := (p.ByType(board.Knight) | p.ByType(board.Bishop)).Count() +
		2*p.ByType(board.Rook).Count() + 4*p.ByType(board.Queen).Count()
	return min(n, MaxPhase)
}

// pieces scores the knights, bishops, rooks and queens of colour c:
// material and square, mobility, attacks on the enemy king zone,
// outposts and rook files, and records their attacks.
func (st *state) pieces(c board.Color, pe *pawnEntry) score {
	var s score
	p, them := st.p, c.Other()
	ownPawns, theirPawns := p.Pieces(c, board.Pawn), p.Pieces(them, board.Pawn)
	mobArea := ^(ownPawns | p.Pieces(c, board.King) | st.attacked[them][board.Pawn])
	zone := kingZone[p.KingSquare(them)]
	for pt := board.Knight; pt <= board.Queen; pt++ {
		for b := p.Pieces(c, pt); b != 0; {
			sq := b.PopLSB()
			s += st.piece(c, pt, sq)
			if Basic {
				continue
			}
			var att board.Bitboard
			switch pt {
			case board.Knight:
				att = board.KnightAttacks(sq)
			case board.Bishop:
				att = board.BishopAttacks(sq, st.occ)
			case board.Rook:
				att = board.RookAttacks(sq, st.occ)
			default:
				att = board.QueenAttacks(sq, st.occ)
			}
			st.attacked[c][pt] |= att
			st.all[c] |= att
			s += st.term(c, mobility[pt]+(att&mobArea).Count(), 1)
			if z := att & zone; z != 0 {
				st.zoneHits[c]++
				s += st.term(c, iKingAttack+int(pt-board.Knight), z.Count())
			}
			switch pt {
			case board.Knight, board.Bishop:
				if r := relRank[c][sq]; r >= 3 && r <= 5 &&
					st.attacked[c][board.Pawn].Has(sq) && !pe.span[them].Has(sq) {
					s += st.term(c, iOutpost+int(pt-board.Knight), 1)
				}
			case board.Rook:
				file := board.FileMask(sq.File())
				if ownPawns&file == 0 {
					if theirPawns&file == 0 {
						s += st.term(c, iRookOpen, 1)
					} else {
						s += st.term(c, iRookSemiOpen, 1)
					}
				}
				if relRank[c][sq] == 6 && (relRank[c][p.KingSquare(them)] == 7 ||
					theirPawns&board.RankMask(sq.Rank()) != 0) {
					s += st.term(c, iRookSeventh, 1)
				}
			}
		}
	}
	return s
}

// mobility holds the offset of each piece type's mobility table.
var mobility = [6]int{board.Knight: iMobKnight, board.Bishop: iMobBishop, board.Rook: iMobRook, board.Queen: iMobQueen}

// kingSafety scores colour c's attack on the enemy king and the pawn
// shelter of its own king.
func (st *state) kingSafety(c board.Color, pe *pawnEntry) score {
	var s score
	p, them := st.p, c.Other()
	if n := st.zoneHits[c]; n > 0 {
		s += st.term(c, iKingAttackers+min(n, 7), 1)
	}
	// Safe checks: squares a piece could check from, not attacked by the
	// defender. The king's rays are looked up only when needed.
	ksq := p.KingSquare(them)
	safe := ^st.all[them] &^ p.ByColor(c)
	at := &st.attacked[c]
	if b := board.KnightAttacks(ksq) & safe & at[board.Knight]; b != 0 {
		s += st.term(c, iSafeCheck, b.Count())
	}
	var diag, straight board.Bitboard
	if (at[board.Bishop]|at[board.Queen])&safe != 0 {
		diag = board.BishopAttacks(ksq, st.occ) & safe
	}
	if (at[board.Rook]|at[board.Queen])&safe != 0 {
		straight = board.RookAttacks(ksq, st.occ) & safe
	}
	if b := diag & at[board.Bishop]; b != 0 {
		s += st.term(c, iSafeCheck+1, b.Count())
	}
	if b := straight & at[board.Rook]; b != 0 {
		s += st.term(c, iSafeCheck+2, b.Count())
	}
	if b := (diag | straight) & at[board.Queen]; b != 0 {
		s += st.term(c, iSafeCheck+3, b.Count())
	}

	own := p.KingSquare(c)
	if st.t != nil || pe.kingSq[c] != own {
		pe.kingSq[c], pe.shelter[c] = own, st.shelter(c, own)
	}
	return s + pe.shelter[c]
}

// shelter scores the pawns in front of colour c's king on ksq: its own
// shield, the enemy's storm and pawnless files, on the king's file and
// its neighbours.
func (st *state) shelter(c board.Color, ksq board.Square) score {
	var s score
	own, their := st.p.Pieces(c, board.Pawn), st.p.Pieces(c.Other(), board.Pawn)
	centre := min(max(ksq.File(), 1), 6)
	for f := centre - 1; f <= centre+1; f++ {
		level := board.MakeSquare(f, ksq.Rank())
		front := forward[c][level] | level.Bitboard()
		shield, storm := 0, 0
		if b := own & front; b != 0 {
			shield = int(relRank[c][nearest(c, b)])
		}
		if b := their & front; b != 0 {
			storm = int(relRank[c][nearest(c, b)])
		}
		s += st.term(c, iShield+shield, 1)
		s += st.term(c, iStorm+storm, 1)
		if (own|their)&board.FileMask(f) == 0 {
			s += st.term(c, iKingOpenFile, 1)
		}
	}
	return s
}

// nearest returns the square of b closest to colour c's back rank.
func nearest(c board.Color, b board.Bitboard) board.Square {
	if c == board.White {
		return b.LSB()
	}
	return board.Square(63 - bits.LeadingZeros64(uint64(b)))
}

// threats scores colour c's attacks on enemy pieces by pawns and lesser
// pieces, and on undefended pieces.
func (st *state) threats(c board.Color) score {
	var s score
	p, them := st.p, c.Other()
	pieces := p.ByColor(them) &^ p.ByType(board.Pawn) &^ p.ByType(board.King)
	targets := pieces & st.all[c]
	if targets == 0 {
		return 0
	}
	minors := st.attacked[c][board.Knight] | st.attacked[c][board.Bishop]
	for pt := board.Knight; pt <= board.Queen; pt++ {
		victims := targets & p.ByType(pt)
		if victims == 0 {
			continue
		}
		k := int(pt - board.Knight)
		if n := (victims & st.attacked[c][board.Pawn]).Count(); n > 0 {
			s += st.term(c, iThreatPawn+k, n)
		}
		if n := (victims & minors).Count(); n > 0 {
			s += st.term(c, iThreatMinor+k, n)
		}
		if n := (victims & st.attacked[c][board.Rook]).Count(); n > 0 {
			s += st.term(c, iThreatRook+k, n)
		}
	}
	if n := (targets &^ st.all[them]).Count(); n > 0 {
		s += st.term(c, iHanging, n)
	}
	return s
}

// passers scores what about colour c's passed pawns depends on more than
// pawns: blockers and king distances to the stop square.
func (st *state) passers(c board.Color, pe *pawnEntry) score {
	var s score
	own, their := st.p.KingSquare(c), st.p.KingSquare(c.Other())
	for b := pe.passed & st.p.Pieces(c, board.Pawn); b != 0; {
		sq := b.PopLSB()
		r := int(relRank[c][sq])
		stop := push(c, sq)
		if st.occ.Has(stop) {
			s += st.term(c, iPassedBlocked+r, 1)
		}
		s += st.term(c, iPassedOwnKing+r, int(distance[own][stop]))
		s += st.term(c, iPassedTheirK+r, int(distance[their][stop]))
	}
	return s
}

// scale returns the endgame scale factor: smaller in drawish endings,
// judged for the side the endgame value favours (White if eg >= 0).
func (st *state) scale(eg int) int {
	p := st.p
	strong := board.White
	if eg < 0 {
		strong = board.Black
	}
	weak := strong.Other()
	if p.Pieces(strong, board.Pawn) == 0 {
		n, b := p.Pieces(strong, board.Knight).Count(), p.Pieces(strong, board.Bishop).Count()
		rq := p.Pieces(strong, board.Rook) | p.Pieces(strong, board.Queen)
		if rq == 0 && (n+b <= 1 || b == 0 && n == 2) {
			return 0 // a lone minor or two knights cannot force mate
		}
		if material(p, strong)-material(p, weak) <= 3 {
			return NormalScale / 8 // pawnless, at most a minor piece ahead
		}
	}
	wb, bb := p.Pieces(board.White, board.Bishop), p.Pieces(board.Black, board.Bishop)
	if wb.Count() == 1 && bb.Count() == 1 && (wb&lightSquares == 0) != (bb&lightSquares == 0) {
		if material(p, board.White) == 3 && material(p, board.Black) == 3 {
			return NormalScale / 2 // bishops of opposite colours alone
		}
		if material(p, board.White) == material(p, board.Black) {
			return NormalScale * 3 / 4
		}
	}
	return NormalScale
}

const lightSquares board.Bitboard = 0x55AA55AA55AA55AA

// material counts colour c's pieces other than pawns in the usual units:
// knight and bishop 3, rook 5, queen 9.
func material(p *board.Position, c board.Color) int {
	return 3*(p.Pieces(c, board.Knight)|p.Pieces(c, board.Bishop)).Count() +
		5*p.Pieces(c, board.Rook).Count() + 9*p.Pieces(c, board.Queen).Count()
}
