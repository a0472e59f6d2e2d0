package engine

import (
	"testing"

	"github.com/luftchess/luft/engine/board"
)

func TestHistoryBounded(t *testing.T) {
	var h history
	m := board.Move(12 | 28<<6) // e2e4
	tests := []struct {
		name  string
		bonus int
		want  func(int) bool
	}{
		{"rewards saturate below max", historyBonus(20), func(v int) bool { return v > maxHistory*9/10 && v <= maxHistory }},
		{"penalties saturate above -max", -historyBonus(20), func(v int) bool { return v < -maxHistory*9/10 && v >= -maxHistory }},
	}
	for _, tc := range tests {
		for range 1000 {
			h.update(board.White, m, tc.bonus)
		}
		if v := h.get(board.White, m); !tc.want(v) {
			t.Errorf("%s: score %d after 1000 updates of %d", tc.name, v, tc.bonus)
		}
		if v := h.get(board.Black, m); v != 0 {
			t.Errorf("%s: other colour changed to %d", tc.name, v)
		}
	}
}

func TestCorrectionHistory(t *testing.T) {
	parse := func(fen string) *board.Position {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	start := parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	samePawns := parse("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3")
	blackToMove := parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
	otherPawns := parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	tests := []struct {
		name        string
		depth, diff int
		updates     int
		want        func(int) bool
	}{
		{"one shallow update moves a little", 1, 1000, 1, func(c int) bool { return c > 0 && c < 10 }},
		{"deep updates converge on the error", 20, 60, 100, func(c int) bool { return c >= 58 && c <= 60 }},
		{"negative errors too", 20, -60, 100, func(c int) bool { return c <= -58 && c >= -60 }},
		{"huge errors are clamped", 20, 5000, 100, func(c int) bool { return c == corrLimit/corrGrain }},
	}
	for _, tc := range tests {
		var c correctionHistory
		for range tc.updates {
			c.update(start, tc.depth, tc.diff)
		}
		if got := c.get(start); !tc.want(got) {
			t.Errorf("%s: correction %d", tc.name, got)
		}
		if got, want := c.get(samePawns), c.get(start); got != want {
			t.Errorf("%s: same pawns, same side: correction %d, want %d", tc.name, got, want)
		}
		if got := c.get(blackToMove); got != 0 {
			t.Errorf("%s: other side to move: correction %d, want 0", tc.name, got)
		}
		if got := c.get(otherPawns); got != 0 {
			t.Errorf("%s: other pawns: correction %d, want 0", tc.name, got)
		}
	}
}
