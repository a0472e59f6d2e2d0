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
