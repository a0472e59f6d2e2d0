package syzygy

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
)

// TestIndices checks numbers of squares in the tables init builds against
// those the format fixes.
func TestIndices(t *testing.T) {
	tests := []struct {
		name  string
		table *[64]int
		want  map[board.Square]int
	}{
		// f7 is c2's image in the triangle.
		{"triangle", &triangle, map[board.Square]int{board.A1: 6, board.B1: 0, board.D3: 5, board.F7: 3, board.D4: 9}},
		{"diagonal", &diagonal, map[board.Square]int{board.H8: 7, board.A8: 15}},
		// b3, above the diagonal, is numbered as its mirror c2.
		{"lower", &lower, map[board.Square]int{board.C2: 7, board.B2: 29, board.B3: 7}},
		{"flap", &flap, map[board.Square]int{board.B2: 6, board.G7: 11}},
		{"pawnTwist", &pawnTwist, map[board.Square]int{board.A2: 47, board.E7: 0, board.B5: 29, board.G4: 30}},
	}
	for _, tt := range tests {
		for sq, want := range tt.want {
			if got := tt.table[sq]; got != want {
				t.Errorf("%s[%v] = %d, want %d", tt.name, sq, got, want)
			}
		}
	}
	// The two kings' squares: -1 for adjacent kings, and for a second king
	// above the diagonal when the first is on it.
	for kings, want := range map[[2]board.Square]int{
		{board.B1, board.D1}: 0, {board.C1, board.A1}: 58, {board.D3, board.A1}: 284,
		{board.A1, board.C1}: 339, {board.A1, board.C3}: 441, {board.C3, board.A1}: 452,
		{board.D4, board.H8}: 461, {board.A1, board.B2}: -1, {board.A1, board.A3}: -1,
	} {
		if got := kkIndex[triangle[kings[0]]][kings[1]]; got != want {
			t.Errorf("kkIndex of kings on %v and %v = %d, want %d", kings[0], kings[1], got, want)
		}
	}
	if got := binomial[3][63]; got != 39711 {
		t.Errorf("binomial[3][63] (63 choose 3) = %d, want 39711", got)
	}
	if got := pawnFactor[0][2]; got != 6 {
		t.Errorf("pawnFactor[0][2] (one leading pawn on file c) = %d, want 6", got)
	}
}

// TestKKIndexCount checks that the two-king numbering is a numbering of
// 462 placements.
func TestKKIndexCount(t *testing.T) {
	seen := make(map[int]bool)
	for _, row := range kkIndex {
		for _, v := range row {
			if v >= 0 {
				seen[v] = true
			}
		}
	}
	for i := range 462 {
		if !seen[i] {
			t.Errorf("index %d unused", i)
		}
	}
	if len(seen) != 462 {
		t.Errorf("%d indices, want 462", len(seen))
	}
}

// TestParseName checks the material parseName reads in table names, and
// the names it refuses.
func TestParseName(t *testing.T) {
	for name, want := range map[string]material{
		"KQvK":   {{0, 0, 0, 0, 1, 1}, {0, 0, 0, 0, 0, 1}},
		"KRPvKR": {{1, 0, 0, 1, 0, 1}, {0, 0, 0, 1, 0, 1}},
		"KvKQ":   {{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 1, 1}},
		"KvK":    {{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 1}},
	} {
		got, ok := parseName(name)
		if diff := cmp.Diff(want, got); !ok || diff != "" {
			t.Errorf("parseName(%q): ok %v, (-want +got)\n%s", name, ok, diff)
		}
	}
	for _, name := range []string{
		"KPRvK",     // pieces out of order
		"KQvKK",     // two kings
		"QKvK",      // no leading king
		"KQQQQQQvK", // eight pieces
		"KQvKX",
		"KQK",
		"",
	} {
		if m, ok := parseName(name); ok {
			t.Errorf("parseName(%q) = %v, want it refused", name, m)
		}
	}
}
