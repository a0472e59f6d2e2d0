package syzygy

import (
	"testing"

	"github.com/luftchess/luft/engine/board"
)

// sign returns the result without the fifty-move rule: 1 for a win
// (cursed or not), 0 for a draw, -1 for a loss.
func sign(w WDL) int {
	switch {
	case w > 0:
		return 1
	case w < 0:
		return -1
	}
	return 0
}

// wdlFitsDTZ reports whether a WDL value and a DTZ agree: a win within
// 100 plies of zeroing, a cursed win beyond, and the same for losses.
func wdlFitsDTZ(w WDL, dtz int) bool {
	switch w {
	case Win:
		return dtz >= 1 && dtz <= 100
	case CursedWin:
		return dtz > 100
	case Draw:
		return dtz == 0
	case BlessedLoss:
		return dtz < -100
	}
	return dtz >= -100 && dtz <= -1
}

// TestConsistency checks the probes against each other, with no outside
// prober: for every reference position, the result without the
// fifty-move rule is the best of its moves' results (one ply of minimax),
// and at the position and after each move WDL and DTZ agree.
func TestConsistency(t *testing.T) {
	tb := openTestTables(t)
	children, bad := 0, 0
	for _, pos := range referencePositions(t) {
		w, ok := tb.ProbeWDL(pos)
		if !ok {
			t.Fatalf("%s: probe failed", pos.FEN())
		}
		best := -1 // checkmated
		if !pos.InCheck() {
			best = 0 // stalemate, unless a move does better
		}
		var l board.MoveList
		pos.GenerateLegal(&l)
		for i, m := range l.Moves() {
			pos.Make(m)
			cw, ok1 := tb.ProbeWDL(pos)
			dtz, ok2 := tb.ProbeDTZ(pos)
			if !ok1 || !ok2 || !wdlFitsDTZ(cw, dtz) {
				t.Errorf("%s: probes %v %v, WDL %v and DTZ %d", pos.FEN(), ok1, ok2, cw, dtz)
				bad++
			}
			pos.Unmake()
			if i == 0 || -sign(cw) > best {
				best = -sign(cw)
			}
			children++
		}
		if sign(w) != best {
			t.Errorf("%s: WDL %v, but the best move gives %d", pos.FEN(), w, best)
			bad++
		}
		if bad > 20 {
			t.Fatal("too many inconsistencies")
		}
	}
	t.Logf("%d positions after a move checked", children)
}
