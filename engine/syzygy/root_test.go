package syzygy

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// TestProbeRootDistances checks the root probe of a fifth of the
// reference positions against the positions' own DTZ: the quickest win
// among the moves is the position's DTZ, as is the slowest loss, give or
// take a ply, and a draw has no winning move.
func TestProbeRootDistances(t *testing.T) {
	tb := openTestTables(t)
	for i, pos := range referencePositions(t) {
		if i%5 != 0 {
			continue
		}
		dtz, ok := tb.ProbeDTZ(pos)
		ranked, byDTZ, ok2 := tb.ProbeRoot(pos, nil)
		if !ok || !ok2 || !byDTZ {
			t.Fatalf("%s: probes %v %v %v", pos.FEN(), ok, ok2, byDTZ)
		}
		var l board.MoveList
		pos.GenerateLegal(&l)
		if len(ranked) != l.Len() {
			t.Fatalf("%s: %d moves ranked, %d legal", pos.FEN(), len(ranked), l.Len())
		}
		quickestWin, slowestLoss, best := 0, 0, 0
		for _, rm := range ranked {
			switch {
			case rm.DTZ > 0 && (quickestWin == 0 || rm.DTZ < quickestWin):
				quickestWin = rm.DTZ
			case rm.DTZ < 0 && rm.DTZ < slowestLoss:
				slowestLoss = rm.DTZ
			}
			if (rm.DTZ > 0) != (rm.WDL > 0) || (rm.DTZ < 0) != (rm.WDL < 0) {
				t.Errorf("%s: %v has WDL %v but DTZ %d", pos.FEN(), rm.Move, rm.WDL, rm.DTZ)
			}
			best = max(best, int(rm.WDL))
		}
		// The tables store some distances in moves, so that a move's DTZ
		// and the position's may be one apart.
		switch {
		case dtz > 0 && abs(quickestWin-dtz) > 1, dtz < 0 && best < 0 && abs(slowestLoss-dtz) > 1, dtz == 0 && quickestWin != 0:
			t.Errorf("%s: DTZ %d, quickest win %d, slowest loss %d", pos.FEN(), dtz, quickestWin, slowestLoss)
		}
	}
}

// rankOf returns the rank of the move uci among ranked.
func rankOf(t *testing.T, pos *board.Position, ranked []RootMove, uci string) RootMove {
	t.Helper()
	for _, rm := range ranked {
		if rm.Move.String() == uci {
			return rm
		}
	}
	t.Fatalf("%s: %s not ranked", pos.FEN(), uci)
	return RootMove{}
}

// TestProbeRootCounter ranks the one winning move of a position as the
// fifty-move counter rises: a sure win while DTZ and counter stay within
// 99 plies, then by DTZ; and a repetition since the last zeroing move
// ranks the wins by DTZ at once.
func TestProbeRootCounter(t *testing.T) {
	tb := openTestTables(t)
	const win, draw = "d5c5", "h6g6" // DTZ 46
	tests := []struct {
		fen       string
		moves     []string
		win, draw int // their ranks
	}{
		{"8/8/2n4K/3R4/7k/8/8/8 w - - 0 1", nil, MaxRank, 0},
		{"8/8/2n4K/3R4/7k/8/8/8 w - - 53 80", nil, MaxRank, 0},
		{"8/8/2n4K/3R4/7k/8/8/8 w - - 54 80", nil, MaxRank - 100, 0},
		{"8/8/2n4K/3R4/7k/8/8/8 w - - 60 80", nil, MaxRank - 106, 0},
		{"8/8/2n4K/3R4/7k/8/8/8 w - - 0 1", []string{"h6h7", "h4g4", "h7h6", "g4h4"}, MaxRank - 50, 0},
		{"8/8/2n4K/3R4/7k/8/8/8 w - - 6 1", []string{"h6h7", "h4g4", "h7h6", "g4h4"}, MaxRank - 56, 0},
	}
	for _, tc := range tests {
		pos := boardtest.Position(t, tc.fen)
		for _, s := range tc.moves {
			m, err := pos.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			pos.Make(m)
		}
		ranked, byDTZ, ok := tb.ProbeRoot(pos, nil)
		if !ok || !byDTZ {
			t.Fatalf("%s: ProbeRoot %v %v", tc.fen, ok, byDTZ)
		}
		got := [2]RootMove{rankOf(t, pos, ranked, win), rankOf(t, pos, ranked, draw)}
		want := [2]RootMove{{Move: got[0].Move, WDL: Win, DTZ: 46, Rank: tc.win}, {Move: got[1].Move, WDL: Draw, Rank: tc.draw}}
		if diff := cmp.Diff(want, got); diff != "" || ranked[0].Move.String() != win {
			t.Errorf("%s %v: (-want +got)\n%s", tc.fen, tc.moves, diff)
		}
	}
}

// TestProbeRootMoves ranks a given set of moves, a mate, and, without the
// DTZ files, by WDL alone; and refuses what the tables do not hold.
func TestProbeRootMoves(t *testing.T) {
	tb := openTestTables(t)
	pos := boardtest.Position(t, "k7/8/1K6/8/8/8/8/2Q4r w - - 0 1")
	mate, _ := pos.ParseMove("c1c8")
	capture, _ := pos.ParseMove("c1h1")
	ranked, _, ok := tb.ProbeRoot(pos, []board.Move{capture, mate})
	want := []RootMove{{Move: capture, WDL: Win, DTZ: 1, Rank: MaxRank}, {Move: mate, WDL: Win, DTZ: 1, Rank: MaxRank}}
	if diff := cmp.Diff(want, ranked); diff != "" || !ok {
		t.Errorf("mate and capture: (-want +got)\n%s", diff)
	}

	wdlOnly, err := Open(copyTables(t, t.TempDir(), []string{".rtbw"}, "KQvKR", "KQvK", "KRvK"))
	if err != nil {
		t.Fatal(err)
	}
	defer wdlOnly.Close()
	ranked, byDTZ, ok := wdlOnly.ProbeRoot(pos, nil)
	if !ok || byDTZ || len(ranked) != 27 {
		t.Fatalf("WDL only: %v %v, %d moves", ok, byDTZ, len(ranked))
	}
	for _, rm := range ranked {
		if rm.DTZ != 0 || rm.Rank != rankByWDL[rm.WDL+2] {
			t.Errorf("WDL only: %+v", rm)
		}
	}

	for _, fen := range []string{"r3k3/8/8/8/8/8/8/4K3 w q - 0 1", "7k/8/8/8/8/8/PPPP4/KQ5r w - - 0 1"} {
		p := boardtest.Position(t, fen)
		if _, _, ok := tb.ProbeRoot(p, nil); ok {
			t.Errorf("%s: probed", fen)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
