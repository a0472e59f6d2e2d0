package nnue

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/board/suites"
)

// floatNet is a network in float64, as a trainer holds it.
type floatNet struct {
	hidden, buckets int
	fw, fb          []float64 // feature weights (feature-major) and biases
	ow              []float64 // output weights, bucket-major, side to move first
	ob              []float64 // output biases, one per bucket
}

// clip is the bound trained weights are clipped to (doc.go).
const clip = 1.98

// testBuckets is the number of output buckets of the test networks.
const testBuckets = 3

// randomFloatNet returns a deterministic random float network.
func randomFloatNet(hidden int, seed uint64) *floatNet {
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	u := func(a float64) float64 { return math.Max(-clip, math.Min(clip, (2*rng.Float64()-1)*a)) }
	f := &floatNet{hidden: hidden, buckets: testBuckets, fw: make([]float64, Inputs*hidden), fb: make([]float64, hidden),
		ow: make([]float64, 2*hidden*testBuckets), ob: make([]float64, testBuckets)}
	for i := range f.fw {
		f.fw[i] = u(0.3)
	}
	for i := range f.fb {
		f.fb[i] = u(0.5)
	}
	for i := range f.ow {
		f.ow[i] = u(0.5)
	}
	for i := range f.ob {
		f.ob[i] = u(0.3)
	}
	return f
}

// quantise returns the quantised network of f.
func (f *floatNet) quantise(t testing.TB) *Network {
	n, err := NewNetwork(f.hidden, f.buckets)
	if err != nil {
		t.Fatal(err)
	}
	q := func(x, s float64) int16 { return int16(math.Round(x * s)) }
	for i, w := range f.fw {
		n.FeatureWeights[i] = q(w, QA)
	}
	for i, w := range f.fb {
		n.FeatureBias[i] = q(w, QA)
	}
	for i, w := range f.ow {
		n.OutputWeights[i] = q(w, QB)
	}
	for i, b := range f.ob {
		n.OutputBias[i] = int32(math.Round(b * QA * QB))
	}
	return n
}

// dequantise returns the float network whose weights are exactly n's.
func dequantise(n *Network) *floatNet {
	f := &floatNet{hidden: n.Hidden, buckets: n.Buckets, fw: make([]float64, len(n.FeatureWeights)), fb: make([]float64, n.Hidden),
		ow: make([]float64, len(n.OutputWeights)), ob: make([]float64, n.Buckets)}
	for i, w := range n.FeatureWeights {
		f.fw[i] = float64(w) / QA
	}
	for i, w := range n.FeatureBias {
		f.fb[i] = float64(w) / QA
	}
	for i, w := range n.OutputWeights {
		f.ow[i] = float64(w) / QB
	}
	for i, b := range n.OutputBias {
		f.ob[i] = float64(b) / (QA * QB)
	}
	return f
}

// eval is the float reference: centipawns from the side to move's view,
// computed independently of the package's accumulator code.
func (f *floatNet) eval(pos *board.Position) float64 {
	h := f.hidden
	var acc [2][]float64
	for p := range acc {
		acc[p] = append([]float64(nil), f.fb...)
	}
	for sq := board.A1; sq <= board.H8; sq++ {
		pc := pos.PieceAt(sq)
		if pc == board.NoPiece {
			continue
		}
		for p := board.White; p <= board.Black; p++ {
			fi := FeatureIndex(p, pc, sq)
			for i := range h {
				acc[p][i] += f.fw[fi*h+i]
			}
		}
	}
	screlu := func(x float64) float64 { x = math.Max(0, math.Min(1, x)); return x * x }
	stm := pos.SideToMove()
	// The bucket, counted independently of Bucket: the pieces 2..32 in
	// f.buckets equal parts.
	k := (pos.Occupied().Count() - 2) * f.buckets / 31
	ow := f.ow[2*h*k:]
	out := f.ob[k]
	for i := range h {
		out += screlu(acc[stm][i])*ow[i] + screlu(acc[stm^1][i])*ow[h+i]
	}
	return out * DefaultScale
}

func testNet(t testing.TB, hidden int) *Network {
	return randomFloatNet(hidden, 1).quantise(t)
}

func TestFeatureIndex(t *testing.T) {
	W, B := board.White, board.Black
	cases := []struct {
		persp board.Color
		pc    board.Piece
		sq    board.Square
		want  int
	}{
		{W, board.MakePiece(W, board.Pawn), board.A1, 0},
		{W, board.MakePiece(W, board.Pawn), board.E2, 12},
		{W, board.MakePiece(W, board.Knight), board.B1, 64 + 1},
		{W, board.MakePiece(W, board.King), board.H8, 5*64 + 63},
		{W, board.MakePiece(B, board.Pawn), board.A1, 6 * 64},
		{W, board.MakePiece(B, board.Queen), board.D8, (6+4)*64 + 59},
		{W, board.MakePiece(B, board.King), board.H8, 767},
		{B, board.MakePiece(B, board.Pawn), board.E7, 12}, // e7^56 = e2
		{B, board.MakePiece(B, board.King), board.E8, 5*64 + 4},
		{B, board.MakePiece(W, board.King), board.E1, 11*64 + 60},
		{B, board.MakePiece(W, board.Pawn), board.A1, 6*64 + 56},
		{B, board.MakePiece(B, board.Rook), board.H1, 3*64 + 63},
	}
	for _, c := range cases {
		if got := FeatureIndex(c.persp, c.pc, c.sq); got != c.want {
			t.Errorf("FeatureIndex(%v, %v, %v) = %d, want %d", c.persp, c.pc, c.sq, got, c.want)
		}
	}
	// Every (perspective, piece, square) has its own index, and a piece
	// seen by White equals the colour-swapped mirrored piece seen by Black.
	for p := board.White; p <= board.Black; p++ {
		seen := make(map[int]bool)
		for pc := board.Piece(0); pc < board.NoPiece; pc++ {
			for sq := board.A1; sq <= board.H8; sq++ {
				i := FeatureIndex(p, pc, sq)
				if i < 0 || i >= Inputs || seen[i] {
					t.Fatalf("FeatureIndex(%v, %v, %v) = %d: out of range or repeated", p, pc, sq, i)
				}
				seen[i] = true
				if j := FeatureIndex(p^1, pc^1, sq.Flip()); j != i {
					t.Fatalf("mirror of (%v, %v, %v) is %d, want %d", p, pc, sq, j, i)
				}
			}
		}
	}
}

func TestMirrorSymmetry(t *testing.T) {
	n := testNet(t, 32)
	acc, macc := n.NewAccumulator(), n.NewAccumulator()
	fens := suites.StandardFENs(t)
	distinct := make(map[int]bool)
	for _, fen := range fens {
		pos := boardtest.Position(t, fen)
		mpos := boardtest.Position(t, boardtest.Mirror(fen))
		n.Refresh(acc, pos)
		n.Refresh(macc, mpos)
		got, want := n.Evaluate(macc, mpos), n.Evaluate(acc, pos)
		if got != want {
			t.Errorf("%s: %d, its mirror %d", fen, want, got)
		}
		// The perspectives swap exactly.
		if d := cmp.Diff(acc.Values[0], macc.Values[1]); d != "" {
			t.Fatalf("%s: White's accumulator is not the mirror's Black one:\n%s", fen, d)
		}
		distinct[want] = true
	}
	if len(distinct) < len(fens)/4 {
		t.Errorf("only %d distinct values over %d positions: the test net is degenerate", len(distinct), len(fens))
	}
}

// TestIncremental plays random legal games from the start position and
// the perft suites' positions, updating an accumulator stack with Update
// or ApplyMove on Make and popping it on Unmake, and checks every
// accumulator against a fresh Refresh. H=24 runs both the vector kernel
// (16 neurons) and the Go loop (the other 8).
func TestIncremental(t *testing.T) {
	n := testNet(t, 24)
	fens := append([]string{board.StartFEN}, suites.StandardFENs(t)...)
	rng := rand.New(rand.NewPCG(7, 11))
	const maxPly = 64
	stack := make([]*Accumulator, maxPly+1)
	for i := range stack {
		stack[i] = n.NewAccumulator()
	}
	fresh := n.NewAccumulator()
	kinds := make(map[string]int)
	var list board.MoveList
	games := 10
	if testing.Short() {
		games = 2
	}
	for _, fen := range fens {
		for range games {
			pos := boardtest.Position(t, fen)
			n.Refresh(stack[0], pos)
			ply := 0
			for step := 0; step < 2*maxPly; step++ {
				list.Clear()
				pos.GenerateLegal(&list)
				// Mostly forward; sometimes back, to test the stack's unmake.
				if list.Len() == 0 || ply == maxPly || (ply > 0 && rng.IntN(5) == 0) {
					if ply == 0 {
						break
					}
					pos.Unmake()
					ply--
				} else {
					m := list.Moves()[rng.IntN(list.Len())]
					kinds[kindOf(pos, m)]++
					if step%2 == 0 {
						n.Update(stack[ply+1], stack[ply], pos, m)
					} else {
						stack[ply+1].CopyFrom(stack[ply])
						n.ApplyMove(stack[ply+1], pos, m)
					}
					pos.Make(m)
					ply++
				}
				n.Refresh(fresh, pos)
				if !slices.Equal(fresh.Values[0], stack[ply].Values[0]) || !slices.Equal(fresh.Values[1], stack[ply].Values[1]) {
					d := cmp.Diff(fresh.Values, stack[ply].Values)
					t.Fatalf("%s: after %d steps, at %s: incremental differs from Refresh (-fresh +incremental):\n%s", fen, step, pos.FEN(), d)
				}
			}
		}
	}
	t.Logf("moves by kind: %v", kinds)
	for _, k := range []string{"quiet", "capture", "en passant", "castling", "promotion", "capture-promotion"} {
		if kinds[k] == 0 {
			t.Errorf("no %s move was played", k)
		}
	}
}

func kindOf(pos *board.Position, m board.Move) string {
	switch {
	case m.IsCastling():
		return "castling"
	case m.IsEnPassant():
		return "en passant"
	case m.IsPromotion() && pos.PieceAt(m.To()) != board.NoPiece:
		return "capture-promotion"
	case m.IsPromotion():
		return "promotion"
	case pos.PieceAt(m.To()) != board.NoPiece:
		return "capture"
	}
	return "quiet"
}

// TestAddSubMove checks the primitives against each other.
func TestAddSubMove(t *testing.T) {
	n := testNet(t, 16)
	pos := boardtest.Position(t, board.StartFEN)
	a, b := n.NewAccumulator(), n.NewAccumulator()
	n.Refresh(a, pos)
	b.CopyFrom(a)
	pc := board.MakePiece(board.White, board.Knight)
	n.Move(a, pc, board.G1, board.F3)
	n.Sub(b, pc, board.G1)
	n.Add(b, pc, board.F3)
	if d := cmp.Diff(a.Values, b.Values); d != "" {
		t.Fatalf("Move differs from Sub+Add:\n%s", d)
	}
	n.Move(a, pc, board.F3, board.G1)
	n.Refresh(b, pos)
	if d := cmp.Diff(a.Values, b.Values); d != "" {
		t.Fatalf("Move back differs from Refresh:\n%s", d)
	}
	var zero Accumulator
	n.Refresh(&zero, pos)
	if d := cmp.Diff(zero.Values, b.Values); d != "" {
		t.Fatalf("Refresh of a zero Accumulator differs:\n%s", d)
	}
}

// TestFloatReference compares the quantised evaluation with float
// networks: the one with exactly the quantised weights (only the integer
// divisions' truncation differs), and the unquantised one it came from
// (the weights' rounding adds to that).
func TestFloatReference(t *testing.T) {
	for _, h := range []int{7, 16, 64} {
		fnet := randomFloatNet(h, uint64(h))
		n := fnet.quantise(t)
		exact := dequantise(n)
		acc := n.NewAccumulator()
		var worstExact, worstOrig, sumOrig, sumAbs float64
		fens := suites.StandardFENs(t)
		for _, fen := range fens {
			pos := boardtest.Position(t, fen)
			n.Refresh(acc, pos)
			got := float64(n.Evaluate(acc, pos))
			worstExact = max(worstExact, math.Abs(got-exact.eval(pos)))
			d := math.Abs(got - fnet.eval(pos))
			worstOrig = max(worstOrig, d)
			sumOrig += d
			sumAbs += math.Abs(got)
		}
		mean := sumOrig / float64(len(fens))
		t.Logf("H=%d: %d positions, mean |eval| %.0f cp; worst difference %.2f cp from the dequantised net; from the unquantised float net, mean %.2f cp, worst %.2f cp",
			h, len(fens), sumAbs/float64(len(fens)), worstExact, mean, worstOrig)
		// Evaluate truncates twice: sum/QA (< 400/(QA*QB) cp) and the
		// final division (< 1 cp).
		if worstExact >= 1+float64(DefaultScale)/(QA*QB) {
			t.Errorf("H=%d: quantised evaluation is %.2f cp from the float net with the same weights, want < 1", h, worstExact)
		}
		// The rounding of the weights to 1/QA and 1/QB is noise that grows
		// like sqrt(H): about 3 cp on average at H=16 and 11 at H=64 with
		// these random weights. The bound only catches gross errors, such
		// as a wrong scale.
		if mean > 25 {
			t.Errorf("H=%d: quantised evaluation is on average %.2f cp from the unquantised float net, want <= 25", h, mean)
		}
	}
}

// TestScale checks that a network's Scale alone rescales its evaluation:
// at three quarters of DefaultScale, three quarters of the centipawns, to
// within the truncations.
func TestScale(t *testing.T) {
	n := testNet(t, 16)
	acc := n.NewAccumulator()
	for _, fen := range []string{
		board.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/5pk1/6p1/8/8/6P1/5PK1/8 b - - 0 40",
	} {
		pos := boardtest.Position(t, fen)
		n.Refresh(acc, pos)
		n.Scale = DefaultScale
		full := n.Evaluate(acc, pos)
		n.Scale = DefaultScale * 3 / 4
		got := n.Evaluate(acc, pos)
		if want := float64(full) * 3 / 4; math.Abs(float64(got)-want) > 2 || full == 0 {
			t.Errorf("%s: %d at scale %d, %d at %d, want about %.0f", fen, full, DefaultScale, got, n.Scale, want)
		}
	}
}

// TestExtremes checks that Evaluate neither overflows nor loses precision
// with the largest weights, saturated accumulators and the largest scale.
func TestExtremes(t *testing.T) {
	for _, w := range []int16{MaxOutputWeight, -MaxOutputWeight} {
		n, _ := NewNetwork(MaxHidden, 1)
		n.Scale = MaxScale
		for i := range n.OutputWeights {
			n.OutputWeights[i] = w
		}
		for i := range n.FeatureBias {
			n.FeatureBias[i] = 1000 // clamps to QA
		}
		acc := n.NewAccumulator()
		n.Refresh(acc, boardtest.Position(t, "8/8/8/8/8/8/8/K6k w - - 0 1"))
		// Zero feature weights: the accumulators are the bias.
		got := n.EvaluateBucket(acc, board.White, 0)
		want := int(int64(QA) * QA * int64(w) * 2 * MaxHidden / QA * MaxScale / (QA * QB))
		if got != want {
			t.Errorf("w=%d: Evaluate = %d, want %d", w, got, want)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	n := testNet(t, 32)
	pos := boardtest.Position(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	acc, next := n.NewAccumulator(), n.NewAccumulator()
	m := findMove(t, pos, "e1g1")
	pc := board.MakePiece(board.White, board.Knight)
	for name, f := range map[string]func(){
		"Refresh":   func() { n.Refresh(acc, pos) },
		"Add":       func() { n.Add(acc, pc, board.D4) },
		"Sub":       func() { n.Sub(acc, pc, board.D4) },
		"Move":      func() { n.Move(acc, pc, board.E5, board.D3) },
		"ApplyMove": func() { next.CopyFrom(acc); n.ApplyMove(next, pos, m) },
		"Evaluate":  func() { _ = n.Evaluate(acc, pos) },
	} {
		if a := testing.AllocsPerRun(100, f); a != 0 {
			t.Errorf("%s: %v allocations", name, a)
		}
	}
}

func findMove(t testing.TB, pos *board.Position, uci string) board.Move {
	var l board.MoveList
	pos.GenerateLegal(&l)
	for _, m := range l.Moves() {
		if m.String() == uci {
			return m
		}
	}
	t.Fatalf("no move %s", uci)
	return board.NoMove
}

const benchHidden = 256

func benchSetup(b *testing.B) (*Network, *board.Position, *Accumulator) {
	n := testNet(b, benchHidden)
	pos := boardtest.Position(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	acc := n.NewAccumulator()
	n.Refresh(acc, pos)
	return n, pos, acc
}

func BenchmarkRefresh(b *testing.B) {
	n, pos, acc := benchSetup(b)
	b.ReportAllocs()
	for b.Loop() {
		n.Refresh(acc, pos)
	}
}

func BenchmarkMove(b *testing.B) {
	n, _, acc := benchSetup(b)
	pc := board.MakePiece(board.White, board.Knight)
	b.ReportAllocs()
	for b.Loop() {
		n.Move(acc, pc, board.E5, board.D3)
		n.Move(acc, pc, board.D3, board.E5)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(2*b.N), "ns/move")
}

// BenchmarkCopyApplyMove is a search's step: copy the parent accumulator
// and update it for a capture.
func BenchmarkCopyApplyMove(b *testing.B) {
	n, pos, acc := benchSetup(b)
	next := n.NewAccumulator()
	m := findMove(b, pos, "e5f7")
	b.ReportAllocs()
	for b.Loop() {
		next.CopyFrom(acc)
		n.ApplyMove(next, pos, m)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	n, pos, acc := benchSetup(b)
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		s += n.Evaluate(acc, pos)
	}
	_ = s
}

// TestBucket pins the output buckets: 2..32 pieces in equal parts.
func TestBucket(t *testing.T) {
	cases := []struct{ pieces, buckets, want int }{
		{2, 8, 0}, {5, 8, 0}, {6, 8, 1}, {17, 8, 3}, {18, 8, 4}, {32, 8, 7},
		{0, 8, 0}, {40, 8, 7}, {32, 1, 0}, {2, 1, 0}, {32, 16, 15}, {3, 16, 0}, {4, 16, 1},
	}
	for _, c := range cases {
		if got := Bucket(c.pieces, c.buckets); got != c.want {
			t.Errorf("Bucket(%d, %d) = %d, want %d", c.pieces, c.buckets, got, c.want)
		}
	}
}
