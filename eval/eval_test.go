package eval

import (
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/board/suites"
)

// benchFENs are middlegame and endgame positions of the kind a search
// evaluates, used by the benchmark and the symmetry test.
var benchFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R w KQ - 0 9",
	"r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN5/PPP2PPP/R2Q1RK1 w - - 0 12",
	"2kr3r/pp1q1ppp/2n1bn2/2bpp3/4P3/2PP1N2/PP1NBPPP/R1BQ1RK1 b - - 3 10",
	"r4rk1/pp3ppp/2n1b3/q1pp2B1/8/P1Q2NP1/1PP1PP1P/2KR3R w - - 0 15",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"4r1k1/1p3pp1/p1p4p/3b4/3P4/P1B2P2/1P4PP/4R1K1 b - - 1 26",
	"6k1/5pp1/4p2p/8/2P5/1P4P1/P4PKP/8 w - - 0 35",
	"r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 1 13",
	"3r2k1/p4ppp/1p2p3/4P3/P1r5/2R3P1/5P1P/3R2K1 b - - 2 28",
	"8/8/4k3/3n4/8/3BK3/8/8 w - - 0 60",
}

// TestSymmetry checks that every suite position evaluates the same as its
// mirror, the same position with the colours swapped.
func TestSymmetry(t *testing.T) {
	fens := append(suites.StandardFENs(t), benchFENs...)
	e := New()
	for _, fen := range fens {
		p, q := boardtest.Position(t, fen), boardtest.Position(t, boardtest.Mirror(fen))
		if a, b := e.Evaluate(p), e.Evaluate(q); a != b {
			t.Errorf("Evaluate(%s) = %d, but %d for its mirror %s", fen, a, b, q.FEN())
		}
	}
	t.Logf("%d positions", len(fens))
}

// TestBreakdown checks that the traced terms add up to the evaluation,
// and that the cached pawn terms give the same result as the traced ones.
func TestBreakdown(t *testing.T) {
	w := Default()
	e := NewWith(w)
	var tr Trace
	for _, fen := range benchFENs {
		p := boardtest.Position(t, fen)
		first, second := e.Evaluate(p), e.Evaluate(p) // the second hits the pawn cache
		traced := e.Trace(p, &tr)
		rows := tr.Breakdown(w)
		var mg, eg int
		for _, r := range rows {
			mg += r[board.White].MG - r[board.Black].MG
			eg += r[board.White].EG - r[board.Black].EG
		}
		sum := Taper(mg, eg, tr.Phase, tr.Scale)
		if p.SideToMove() == board.Black {
			sum = -sum
		}
		if diff := cmp.Diff([]int{first, first, first}, []int{second, traced, sum}); diff != "" {
			t.Errorf("%s: evaluations disagree (-want first, +got cached, traced, summed):\n%s", fen, diff)
		}
	}
}

func TestParams(t *testing.T) {
	next := 0
	names := map[string]bool{}
	for _, pr := range Params {
		if pr.Offset != next {
			t.Errorf("%s starts at %d, want %d", pr.Name, pr.Offset, next)
		}
		next = pr.Offset + pr.Len
	}
	if next != NumWeights {
		t.Errorf("Params end at %d, want NumWeights = %d", next, NumWeights)
	}
	for i := range NumWeights {
		n := WeightName(i)
		if names[n] {
			t.Errorf("duplicate weight name %s", n)
		}
		names[n] = true
	}
	if got, want := WeightName(iPSQT+64+int(board.E4)), "psqt.knight[e4]"; got != want {
		t.Errorf("WeightName = %q, want %q", got, want)
	}
	if got, want := WeightName(iThreatPawn+3), "threat.pawn[queen]"; got != want {
		t.Errorf("WeightName = %q, want %q", got, want)
	}
}

func TestScorePacking(t *testing.T) {
	for _, v := range [][2]int{{0, 0}, {1, -1}, {-1, 1}, {-32000, 32000}, {32000, -32000}, {123, 456}} {
		s := pack(v[0], v[1])
		if got := [2]int{s.mg(), s.eg()}; got != v {
			t.Errorf("pack(%d, %d) unpacks to %v", v[0], v[1], got)
		}
		if got, want := [2]int{(s * 3).mg(), (-s).eg()}, [2]int{3 * v[0], -v[1]}; v[0] > -10000 && v[0] < 10000 && got != want {
			t.Errorf("arithmetic on pack(%d, %d) = %v, want %v", v[0], v[1], got, want)
		}
	}
}

func TestNoAllocation(t *testing.T) {
	e := New()
	p := boardtest.Position(t, benchFENs[1])
	if n := testing.AllocsPerRun(100, func() { e.Evaluate(p) }); n != 0 {
		t.Errorf("Evaluate allocates %v times per call", n)
	}
}

// BenchmarkEvaluate reports the mean time per evaluation (ns/op) and,
// because a shared machine's load inflates the mean, the fastest mean
// over chunks of 256 evaluations (min-ns/eval).
func BenchmarkEvaluate(b *testing.B) {
	e := New()
	ps := make([]*board.Position, len(benchFENs))
	for i, fen := range benchFENs {
		ps[i] = boardtest.Position(b, fen)
	}
	const chunk = 256
	best := time.Duration(math.MaxInt64)
	b.ReportAllocs()
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		if i%chunk == 0 {
			now := time.Now()
			if i > 0 {
				best = min(best, now.Sub(start))
			}
			start = now
		}
		e.Evaluate(ps[i%len(ps)])
	}
	if best < math.MaxInt64 {
		b.ReportMetric(float64(best.Nanoseconds())/chunk, "min-ns/eval")
	}
}
