package engine

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// timedInfo is a report and when it arrived.
type timedInfo struct {
	Info
	at time.Duration
}

// ponderSearch ponders on fen within lim, sends ponderhit after hitAfter,
// and returns the result, the PV reports with their arrival times, and how
// long Search took after the ponderhit.
func ponderSearch(t *testing.T, fen string, lim Limits, hitAfter time.Duration) (Result, []timedInfo, time.Duration) {
	t.Helper()
	hit := make(chan struct{})
	lim.Ponder, lim.PonderHit = true, hit
	var mu sync.Mutex
	var infos []timedInfo
	start := time.Now()
	time.AfterFunc(hitAfter, func() { close(hit) })
	res := New(Options{}).Search(context.Background(), boardtest.Position(t, fen), lim, func(in Info) {
		if in.CurrMove == board.NoMove {
			mu.Lock()
			infos = append(infos, timedInfo{in, time.Since(start)})
			mu.Unlock()
		}
	})
	took := time.Since(start)
	if took < hitAfter {
		t.Errorf("answered after %v, before the ponderhit at %v", took, hitAfter)
	}
	return res, infos, took - hitAfter
}

// TestPonderLimits checks that depth, nodes, mate and movetime hold while
// pondering: the search stops on them, waits for ponderhit, and then
// answers at once (the bound is loose, for a loaded machine, and left out
// under the race detector; before, it finished the iteration it was in,
// a second or more).
func TestPonderLimits(t *testing.T) {
	const (
		middle = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10"
		mate2  = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
		hit    = 1500 * time.Millisecond
	)
	tests := []struct {
		name  string
		fen   string
		lim   Limits
		check func(t *testing.T, last timedInfo, infos []timedInfo)
	}{
		{"depth", middle, Limits{Depth: 5}, func(t *testing.T, last timedInfo, infos []timedInfo) {
			for _, in := range infos {
				if in.Depth > 5 {
					t.Errorf("reported depth %d with a limit of 5", in.Depth)
				}
			}
		}},
		{"nodes", middle, Limits{Nodes: 30000}, func(t *testing.T, last timedInfo, _ []timedInfo) {
			if last.Nodes > 30000+checkInterval {
				t.Errorf("searched %d nodes with a limit of 30000", last.Nodes)
			}
		}},
		{"mate", mate2, Limits{Mate: 2}, func(t *testing.T, last timedInfo, _ []timedInfo) {
			if !last.Score.IsMate() || last.Score.MateMoves() != 2 || last.Depth > 8 {
				t.Errorf("final line depth %d score %d, want mate in 2 found by depth 8", last.Depth, last.Score)
			}
		}},
		{"movetime", middle, Limits{MoveTime: 200 * time.Millisecond}, func(t *testing.T, last timedInfo, _ []timedInfo) {
			// The same search without pondering, as a measure of what
			// 200 ms holds on this machine now: the ponder search,
			// given 1.5 s before its ponderhit, must not search much more.
			_, plain := search(t, Options{}, middle, Limits{MoveTime: 200 * time.Millisecond})
			if last.Nodes > 3*plain.Nodes {
				t.Errorf("searched %d nodes in a ponder search with a movetime of 200 ms, %d without pondering", last.Nodes, plain.Nodes)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, infos, after := ponderSearch(t, tc.fen, tc.lim, hit)
			if after > 300*time.Millisecond && !raceEnabled {
				t.Errorf("answered %v after the ponderhit, want at once", after)
			}
			if len(infos) == 0 {
				t.Fatal("no report")
			}
			last := infos[len(infos)-1]
			if len(last.PV) == 0 || last.PV[0] != res.Best {
				t.Errorf("final line %v does not start with the best move %v", last.PV, res.Best)
			}
			tc.check(t, last, infos)
		})
	}
}

// TestFinalReport checks that a search ends with its lines reported once
// more for the whole search: its nodes and time, the depth and PV of the
// last completed iteration, every MultiPV line, line 1 the move played.
func TestFinalReport(t *testing.T) {
	const fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10"
	for _, multiPV := range []int{1, 3} {
		var infos []Info
		res := New(Options{MultiPV: multiPV}).Search(context.Background(), boardtest.Position(t, fen),
			Limits{Nodes: 300000}, func(in Info) {
				if in.CurrMove == board.NoMove {
					infos = append(infos, in)
				}
			})
		final := infos[len(infos)-multiPV:]
		for i, in := range final {
			if in.MultiPV != i+1 || in.Nodes < 300000 || in.Nodes > 300000+checkInterval {
				t.Errorf("MultiPV %d: final line %d is multipv %d with %d nodes, want the whole search's 300000",
					multiPV, i+1, in.MultiPV, in.Nodes)
			}
			if in.Bound != Exact || in.Depth < infos[len(infos)-multiPV-1].Depth-1 {
				t.Errorf("MultiPV %d: final line %+v is not a completed iteration's", multiPV, in)
			}
		}
		if final[0].PV[0] != res.Best {
			t.Errorf("MultiPV %d: final line 1 plays %v, the search %v", multiPV, final[0].PV[0], res.Best)
		}
	}
}

// TestMateDepth checks that a found mate ends the search at the depth
// that proved it, whatever the limit, rather than running the cheap
// iterations up to MaxPly (depth 127 reported for a mate in 1).
func TestMateDepth(t *testing.T) {
	const mate1 = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
	tests := []struct {
		name   string
		lim    Limits
		cancel time.Duration
	}{
		{"movetime", Limits{MoveTime: 300 * time.Millisecond}, 0},
		{"nodes", Limits{Nodes: 5_000_000}, 0},
		{"clock", Limits{Time: [2]time.Duration{time.Minute, time.Minute}}, 0},
		{"infinite", Limits{Infinite: true}, 300 * time.Millisecond},
		{"ponder", Limits{Ponder: true}, 300 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel > 0 {
				time.AfterFunc(tc.cancel, cancel)
			}
			var last Info
			New(Options{}).Search(ctx, boardtest.Position(t, mate1), tc.lim, func(in Info) {
				if in.CurrMove == board.NoMove {
					last = in
				}
			})
			if !last.Score.IsMate() || last.Score.MateMoves() != 1 || last.Depth > 4 {
				t.Errorf("final line depth %d score %d, want mate in 1 at depth 4 at most", last.Depth, last.Score)
			}
		})
	}
}
