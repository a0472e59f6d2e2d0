package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/syzygy"
	"github.com/luftchess/luft/engine/syzygy/syzygytest"
	"github.com/luftchess/luft/engine/tt"
)

// TestTablebaseConversion plays won endings out: Luft with the tables
// against the tables' most stubborn defence. At each of the winner's
// turns the position must still be won, its DTZ and the fifty-move
// counter together within the rule (so the DTZ falls to the next capture
// or pawn move in time), until the winner mates.
func TestTablebaseConversion(t *testing.T) {
	tb := syzygytest.Open(t)
	tests := []struct{ name, fen string }{
		{"KQvKR", "4K3/r7/8/1k6/8/8/8/4Q3 b - - 0 1"},
		{"KBNvK", "8/8/8/B7/6KN/8/4k3/8 w - - 0 1"},
		{"KRPvKR", "7r/8/R3P2k/8/8/3K4/8/8 w - - 0 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := New(Options{HashMB: 4, Syzygy: Syzygy{Tables: tb}})
			pos := boardtest.Position(t, tc.fen)
			winner := board.White
			for ply := 0; ; ply++ {
				if !pos.HasLegalMove() {
					if !pos.InCheck() || pos.SideToMove() == winner {
						t.Fatalf("ply %d: %s is not the loser mated", ply, pos.FEN())
					}
					t.Logf("mate after %d plies", ply)
					return
				}
				if ply == 500 || pos.IsDraw(0) {
					t.Fatalf("ply %d: %s, no mate", ply, pos.FEN())
				}
				if pos.SideToMove() != winner {
					pos.Make(stubbornDefence(t, tb, pos))
					continue
				}
				w, ok1 := tb.ProbeWDL(pos)
				dtz, ok2 := tb.ProbeDTZ(pos)
				if !ok1 || !ok2 || w != syzygy.Win || dtz+pos.Rule50() > 100 {
					t.Fatalf("ply %d: %s is %v, DTZ %d with the counter at %d", ply, pos.FEN(), w, dtz, pos.Rule50())
				}
				res := e.Search(context.Background(), pos, Limits{Depth: 6}, nil)
				pos.Make(res.Best)
			}
		})
	}
}

// stubbornDefence returns the move the tables rank best for the side to
// move, the one that puts the next capture or pawn move furthest away
// among equals.
func stubbornDefence(t *testing.T, tb *syzygy.Tables, pos *board.Position) board.Move {
	t.Helper()
	ranked, _, ok := tb.ProbeRoot(pos, nil)
	if !ok {
		t.Fatalf("%s: no root probe", pos.FEN())
	}
	best := ranked[0]
	for _, rm := range ranked {
		if rm.Rank == best.Rank && rm.DTZ < best.DTZ {
			best = rm
		}
	}
	return best.Move
}

// TestTablebaseRoot checks what a search of a root in the tables
// reports: the tables' score in centipawns (a mate only when the search
// sees one), tbhits, at most as many MultiPV lines as moves keep the
// result, all of them such moves.
func TestTablebaseRoot(t *testing.T) {
	tb := syzygytest.Open(t)
	tests := []struct {
		name  string
		fen   string
		score func(Score) bool
	}{
		{"won", "8/8/2n4K/3R4/7k/8/8/8 w - - 0 1", func(s Score) bool { return s == Score(tbWin) }},
		{"lost", "8/8/2n4K/2R5/7k/8/8/8 b - - 0 1", func(s Score) bool { return s == Score(-tbWin) }},
		{"drawn", "8/8/3k4/8/2r5/8/4R3/4K3 w - - 0 1", func(s Score) bool { return s == 0 }},
		{"mate in 1 seen", "k7/8/1K6/8/8/8/8/2Q4r w - - 0 1", func(s Score) bool { return s.IsMate() && s.MateMoves() == 1 }},
		{"cursed win", "5b2/7K/2r2k2/8/8/8/4R3/8 b - - 0 1", func(s Score) bool { return s > 0 && s < 50 }},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil},
		{"checkmate", "k1Q5/8/1K6/8/8/8/8/8 b - - 0 1", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := New(Options{HashMB: 1, MultiPV: 4, Syzygy: Syzygy{Tables: tb}})
			pos := boardtest.Position(t, tc.fen)
			keep := e.RootMoves(pos, nil)
			if tc.score == nil {
				if res := e.Search(context.Background(), pos, Limits{Depth: 3}, nil); len(keep) != 0 || res.Best != board.NoMove {
					t.Errorf("no legal move, but RootMoves %v and best %v", keep, res.Best)
				}
				return
			}
			ranked, _, _ := tb.ProbeRoot(pos, nil)
			for _, rm := range ranked {
				if slices.Contains(keep, rm.Move) != (rm.Rank == ranked[0].Rank) {
					t.Errorf("%v (rank %d, best %d) kept: %v", rm.Move, rm.Rank, ranked[0].Rank, !slices.Contains(keep, rm.Move))
				}
			}
			var lines []Info
			res := e.Search(context.Background(), pos, Limits{Depth: 5}, func(in Info) {
				if in.CurrMove == board.NoMove {
					if in.MultiPV == 1 {
						lines = lines[:0]
					}
					lines = append(lines, in)
				}
			})
			if !slices.Contains(keep, res.Best) || len(lines) != min(4, len(keep)) {
				t.Fatalf("best %v, %d lines; want one of %v, as many lines up to 4", res.Best, len(lines), keep)
			}
			// The first line's score, or a mate the search found.
			for _, in := range lines {
				if !tc.score(in.Score) && !(in.MultiPV > 1 && in.Score.IsMate()) ||
					in.TBHits < uint64(len(ranked)) || !slices.Contains(keep, in.PV[0]) {
					t.Errorf("line %d: score %d, tbhits %d, pv %v", in.MultiPV, in.Score, in.TBHits, in.PV)
				}
			}
		})
	}
}

// TestTablebaseSearch checks the probes below the root, with the root
// above the probe limit: a capture into a won table scores a tablebase
// win, below a mate the search can see and above any evaluation, and the
// transposition table holds the probed nodes with their results, as
// bounds (a loss at most its score) or exact.
func TestTablebaseSearch(t *testing.T) {
	tb := syzygytest.Open(t)
	tests := []struct {
		name, fen, best string
		limit           int // the probe limit, below the root's pieces
		score           int
		after           string   // the position after best
		bound           tt.Bound // a bound its entry's must hold
		stored          int      // its entry's score
	}{
		{"capture into KQvK", "8/8/8/2r5/8/3k4/8/1KQ5 w - - 0 1", "c1c5", 3, tbWin - 1,
			"8/8/8/2Q5/8/3k4/8/1K6 b - - 0 1", tt.Upper, -tbWin},
		{"mate before the capture", "k7/8/1K6/8/8/8/8/2Q4r w - - 0 1", "c1c8", 3, mate - 1, "", 0, 0},
		{"capture into KRvKR", "7r/4n3/8/3k4/8/8/4R3/1K6 w - - 0 1", "e2e7", 4, 0,
			"7r/4R3/8/3k4/8/8/8/1K6 b - - 0 1", tt.Exact, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := New(Options{HashMB: 1, Syzygy: Syzygy{Tables: tb, ProbeLimit: tc.limit}})
			res, info := searchWith(t, e, tc.fen, Limits{Depth: 6})
			if res.Best.String() != tc.best || info.Score != Score(tc.score) || info.TBHits == 0 {
				t.Errorf("best %v score %d tbhits %d, want %s score %d and hits", res.Best, info.Score, info.TBHits, tc.best, tc.score)
			}
			if info.Score.IsMate() != (tc.score > mateBound) {
				t.Errorf("score %d: IsMate %v", info.Score, info.Score.IsMate())
			}
			if tc.after == "" {
				return
			}
			entry, ok := e.table.Probe(boardtest.Position(t, tc.after).Key())
			if !ok || entry.Bound&tc.bound != tc.bound || int(entry.Score) != tc.stored {
				t.Errorf("entry %+v (found %v), want bound %d score %d", entry, ok, tc.bound, tc.stored)
			}
		})
	}
}

// searchWith searches fen with e and returns the result and the last
// line of the first PV.
func searchWith(t *testing.T, e *Engine, fen string, lim Limits) (Result, Info) {
	t.Helper()
	var last Info
	res := e.Search(context.Background(), boardtest.Position(t, fen), lim, func(in Info) {
		if in.CurrMove == board.NoMove && in.MultiPV <= 1 {
			last = in
		}
	})
	return res, last
}

// TestTablebaseCutoff checks the scores and bounds of probe results
// and what they do to the window: a win fails high, a loss low, a draw
// settles any window; at a PV node, a result that does not settle the
// window bounds the score the node's moves find.
func TestTablebaseCutoff(t *testing.T) {
	tests := []struct {
		wdl, draw   int
		alpha, beta int
		score       int
		bound       tt.Bound
		cut         bool
		// At a PV node that the result does not settle: alpha after the
		// probe, and the node's score when its moves found best.
		alphaAfter, best, final int
	}{
		{2, 1, -100, 100, tbWin - 3, tt.Lower, true, 0, 0, 0},
		{2, 1, mate - 10, mate - 9, tbWin - 3, tt.Lower, false, mate - 10, 0, tbWin - 3},
		{2, 1, -100, tbWin, tbWin - 3, tt.Lower, false, tbWin - 3, mate - 7, mate - 7},
		{-2, 1, -100, 100, -tbWin + 3, tt.Upper, true, 0, 0, 0},
		{-2, 1, -mate + 9, -mate + 10, -tbWin + 3, tt.Upper, false, -mate + 9, 0, -tbWin + 3},
		{-2, 1, -mate + 9, -mate + 10, -tbWin + 3, tt.Upper, false, -mate + 9, -mate + 9, -mate + 9},
		{0, 1, -100, 100, 0, tt.Exact, true, 0, 0, 0},
		{1, 1, 500, 600, 2, tt.Exact, true, 0, 0, 0},          // a cursed win
		{-1, 1, -600, -500, -2, tt.Exact, true, 0, 0, 0},      // a blessed loss
		{1, 0, -100, 100, tbWin - 3, tt.Lower, true, 0, 0, 0}, // without the fifty-move rule
	}
	for _, tc := range tests {
		score, bound := tablebaseScore(tc.wdl, tc.draw, 3)
		cut := cutoff(bound, score, tc.alpha, tc.beta)
		if score != tc.score || bound != tc.bound || cut != tc.cut {
			t.Errorf("%+v: score %d bound %d cut %v", tc, score, bound, cut)
		}
		if cut {
			continue
		}
		n := node{alpha: tc.alpha, beta: tc.beta, pvNode: true}
		n.boundByTablebase(score, bound)
		if final := finishTablebase(&n, tc.best); n.alpha != tc.alphaAfter || final != tc.final {
			t.Errorf("%+v: alpha %d, final %d", tc, n.alpha, final)
		}
	}
}

// TestTablebaseScoreOrder checks that tablebase wins rank below every
// mate and above every evaluation, the nearer the root the higher.
func TestTablebaseScoreOrder(t *testing.T) {
	lowestMate := mate - (MaxPly - 1)
	if !(tbWin < lowestMate && tbWin-(MaxPly-1) >= tbBound && tbBound-1 >= 3000) {
		t.Errorf("mate from %d, tablebase wins %d to %d, evaluations below %d", lowestMate, tbWin-(MaxPly-1), tbWin, tbBound)
	}
	if Score(tbWin).IsMate() || Score(-tbWin).IsMate() || !Score(lowestMate).IsMate() {
		t.Error("IsMate is wrong about the bounds of the tablebase range")
	}
}

// TestTablebaseThreads searches with tables on several threads, for the
// race detector.
func TestTablebaseThreads(t *testing.T) {
	tb := syzygytest.Open(t)
	e := New(Options{HashMB: 4, Threads: 3, Syzygy: Syzygy{Tables: tb, ProbeLimit: 4}})
	for _, fen := range []string{"7r/8/R3P2k/8/8/3K4/8/8 w - - 0 1", "8/8/2n4K/3R4/7k/8/8/8 w - - 0 1"} {
		res, info := searchWith(t, e, fen, Limits{Depth: 9})
		if res.Best == board.NoMove || info.TBHits == 0 {
			t.Errorf("%s: best %v, tbhits %d", fen, res.Best, info.TBHits)
		}
	}
}

// TestTablebaseRootWDLOnly ranks the root by WDL where the DTZ files are
// missing: the winning moves are kept, and the search goes on probing
// below them, as nothing else makes progress sure.
func TestTablebaseRootWDLOnly(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"KQvKR", "KQvK", "KRvK"} {
		data, err := os.ReadFile(filepath.Join(syzygytest.Dir(t), name+".rtbw"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".rtbw"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := syzygy.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	e := New(Options{HashMB: 1, Syzygy: Syzygy{Tables: tb}})
	const fen = "8/8/3k4/8/8/r7/8/1Q4K1 w - - 0 1" // 20 moves win, 4 lose
	keep := e.RootMoves(boardtest.Position(t, fen), nil)
	if len(keep) != 20 || slices.ContainsFunc(keep, func(m board.Move) bool { return m.String() == "b1a2" }) {
		t.Errorf("kept %v, want the 20 winning moves", keep)
	}
	res, info := searchWith(t, e, fen, Limits{Depth: 6})
	if !slices.Contains(keep, res.Best) || info.Score != Score(tbWin) || info.TBHits <= 24 {
		t.Errorf("best %v, score %d, tbhits %d; want a winning move, a tablebase win and probes below the root", res.Best, info.Score, info.TBHits)
	}
}
