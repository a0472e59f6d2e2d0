package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/eval/nnue"
)

// randomNet returns a network of hidden neurons with seeded random
// weights, small enough that no accumulator can overflow (a bias and 32
// columns of |w| <= 300 stay far below 32,767), so that an incremental
// accumulator must equal a fresh one exactly. (The package's doc sets
// the bound: within ±32,767 whatever the order of the updates.)
func randomNet(t testing.TB, hidden int, seed uint64) *nnue.Network {
	t.Helper()
	n, err := nnue.NewNetwork(hidden, 4)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = int16(r.IntN(601) - 300)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = int16(r.IntN(201) - 100)
	}
	// Small output weights keep the evaluations within a few hundred
	// centipawns, so that the search is not all cutoffs.
	for i := range n.OutputWeights {
		n.OutputWeights[i] = int16(r.IntN(17) - 8)
	}
	for i := range n.OutputBias {
		n.OutputBias[i] = int32(r.IntN(2001) - 1000)
	}
	return n
}

// netPositions exercise every kind of accumulator update: castling both
// ways for both sides, en passant (one available at the root),
// promotions with and without capture, under-promotions, and checks.
var netPositions = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
}

// checkNetEvaluations makes every network evaluation of the searches run
// by f compare the incrementally updated accumulator with a fresh Refresh
// of the position, and returns the number of evaluations checked.
func checkNetEvaluations(t *testing.T, f func()) int64 {
	t.Helper()
	var checked, failed atomic.Int64
	netCheck = func(net *nnue.Network, acc *nnue.Accumulator, pos *board.Position) {
		checked.Add(1)
		var fresh nnue.Accumulator
		net.Refresh(&fresh, pos)
		if !slices.Equal(fresh.Values[0], acc.Values[0]) || !slices.Equal(fresh.Values[1], acc.Values[1]) ||
			net.Evaluate(&fresh, pos) != net.Evaluate(acc, pos) {
			if failed.Add(1) <= 5 {
				t.Errorf("%s: the incremental accumulator differs from a fresh one", pos.FEN())
			}
		}
	}
	defer func() { netCheck = nil }()
	f()
	if n := failed.Load(); n > 0 {
		t.Errorf("%d of %d evaluations wrong", n, checked.Load())
	}
	return checked.Load()
}

func TestNetIncrementalMatchesRefresh(t *testing.T) {
	net := randomNet(t, 32, 3) // seeds 1 and 2 make the depth-1 quiescence of Kiwipete explode
	for _, threads := range []int{1, 2} {
		e := New(Options{HashMB: 4, Threads: threads, Net: net})
		for _, fen := range netPositions {
			depth, nodes := 9, uint64(100_000)
			if testing.Short() || threads > 1 {
				depth = 7
			}
			if raceEnabled {
				nodes = 10_000
			}
			n := checkNetEvaluations(t, func() {
				e.NewGame()
				// A random network makes some trees huge: the node limit
				// bounds the test's time.
				e.Search(context.Background(), boardtest.Position(t, fen), Limits{Depth: depth, Nodes: nodes}, nil)
			})
			t.Logf("%s, %d threads: %d network evaluations checked", fen, threads, n)
			if n < 50 {
				t.Errorf("%s, %d threads: only %d network evaluations checked", fen, threads, n)
			}
		}
	}
}

// TestNetSearch checks that a search with a network returns a legal move,
// is deterministic, evaluates with the network (the tree differs from the
// hand-crafted one's) and goes back to the hand-crafted evaluation when
// Net is reset.
func TestNetSearch(t *testing.T) {
	net := randomNet(t, 64, 2)
	depth := 7
	if raceEnabled {
		depth = 5
	}
	for _, fen := range netPositions {
		pos := boardtest.Position(t, fen)
		var l board.MoveList
		pos.GenerateLegal(&l)
		var nodes [3]uint64
		for i, o := range []Options{{HashMB: 4, Net: net}, {HashMB: 4, Net: net}, {HashMB: 4}} {
			res, info := search(t, o, fen, Limits{Depth: depth})
			if !slices.Contains(l.Moves(), res.Best) {
				t.Errorf("%s: best move %v is not legal", fen, res.Best)
			}
			nodes[i] = info.Nodes
		}
		if nodes[0] != nodes[1] || nodes[0] == 0 {
			t.Errorf("%s: node counts of identical network searches differ: %v", fen, nodes[:2])
		}
		if nodes[0] == nodes[2] {
			t.Errorf("%s: the network search searched the hand-crafted evaluation's tree (%d nodes)", fen, nodes[0])
		}
	}

	// One engine switching evaluations: back to the hand-crafted node
	// count once Net is nil again.
	fen := netPositions[1]
	_, hand := search(t, Options{HashMB: 4}, fen, Limits{Depth: depth})
	e := New(Options{HashMB: 4})
	var counts []uint64
	for _, o := range []Options{{HashMB: 4, Net: net}, {HashMB: 4}, {HashMB: 4, Net: randomNet(t, 16, 3)}, {HashMB: 4}} {
		e.SetOptions(o)
		e.NewGame()
		var last Info
		e.Search(context.Background(), boardtest.Position(t, fen), Limits{Depth: depth}, func(i Info) { last = i })
		counts = append(counts, last.Nodes)
	}
	if counts[1] != hand.Nodes || counts[3] != hand.Nodes {
		t.Errorf("hand-crafted searches after network ones: %v nodes, want %d", counts, hand.Nodes)
	}
}

// TestNetAllocations checks that the network adds no allocation per node:
// a deeper search allocates no more with the network than without.
func TestNetAllocations(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow; and the race detector allocates")
	}
	net := randomNet(t, 256, 4)
	pos := boardtest.Position(t, netPositions[1])
	for _, o := range []Options{{HashMB: 4}, {HashMB: 4, Net: net}} {
		e := New(o)
		var allocs [2]float64
		for i, depth := range []int{3, 8} {
			allocs[i] = testing.AllocsPerRun(2, func() {
				e.NewGame()
				e.Search(context.Background(), pos, Limits{Depth: depth}, nil)
			})
		}
		// The per-search setup and the PV slices allocate; a few hundred
		// thousand nodes would allocate far more if nodes did.
		if allocs[1] > allocs[0]+100 {
			t.Errorf("net %v: %v allocations at depth 3, %v at depth 8", o.Net != nil, allocs[0], allocs[1])
		}
	}
}

// BenchmarkSearchNNUE is BenchmarkSearch with a random network of 256
// hidden neurons, the size the issue plans: compare their nodes/s.
func BenchmarkSearchNNUE(b *testing.B) {
	benchSearch(b, Options{HashMB: 16, Net: randomNet(b, 256, 5)})
}

// benchSearch runs the fixed-depth searches of BenchmarkSearch with o and
// reports their speed.
func benchSearch(b *testing.B, o Options) {
	e := New(o)
	var pos []*board.Position
	for _, fen := range benchPositions {
		pos = append(pos, boardtest.Position(b, fen))
	}
	b.ReportAllocs()
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		for _, p := range pos {
			e.NewGame()
			var last Info
			e.Search(context.Background(), p, Limits{Depth: 8}, func(i Info) { last = i })
			nodes += last.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func ExampleOptions_net() {
	net, _ := nnue.NewNetwork(16, 1) // all zero: every position evaluates 0
	e := New(Options{Net: net})
	pos, _ := board.ParseFEN(board.StartFEN)
	res := e.Search(context.Background(), pos, Limits{Depth: 3}, nil)
	fmt.Println(res.Best != board.NoMove)
	// Output: true
}

func TestNetMemory(t *testing.T) {
	net := randomNet(t, 256, 1)
	o := Options{HashMB: 16, Threads: 4}
	withNet := o
	withNet.Net = net
	if got, want := memoryNeed(withNet)-memoryNeed(o), 4*netStackBytes(256); got != want {
		t.Errorf("a network adds %d bytes, want %d", got, want)
	}
	if e := New(withNet); uint64(len(e.threads[0].ev.accs))*uint64(2*256)*2 != netStackBytes(256) {
		t.Errorf("the stack holds %d accumulators; netStackBytes counts %d", len(e.threads[0].ev.accs), netStackBytes(256)/(2*256*2))
	}
}
