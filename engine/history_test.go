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
			h.update(board.White, 0, m, tc.bonus)
		}
		if v := h.get(board.White, 0, m); !tc.want(v) {
			t.Errorf("%s: score %d after 1000 updates of %d", tc.name, v, tc.bonus)
		}
		if v := h.get(board.Black, 0, m); v != 0 {
			t.Errorf("%s: other colour changed to %d", tc.name, v)
		}
	}
}

// TestHistoryThreats checks that the butterfly history keeps a move apart
// by whether the opponent attacks its origin and its target: a retreat
// learnt under attack says nothing of the same move in peace.
func TestHistoryThreats(t *testing.T) {
	m := board.Move(12 | 28<<6) // e2e4
	from, to := board.E2.Bitboard(), board.E4.Bitboard()
	sets := []board.Bitboard{0, from, to, from | to}
	for i, rewarded := range sets {
		var h history
		h.update(board.White, rewarded, m, historyBonus(4))
		for j, attacked := range sets {
			got := h.get(board.White, attacked|board.A8.Bitboard(), m) // other squares do not count
			if want := 0; i == j {
				if got <= want {
					t.Errorf("rewarded with %#x attacked: score %d, want above 0", rewarded, got)
				}
			} else if got != want {
				t.Errorf("rewarded with %#x attacked, read with %#x: score %d, want 0", rewarded, attacked, got)
			}
		}
	}
}
