package syzygy

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
)

// TestIndices checks the tables init builds against values the format
// fixes.
func TestIndices(t *testing.T) {
	tests := []struct {
		name      string
		got, want int
	}{
		{"binomial 63 choose 3", int(binomial[3][63]), 39711},
		{"triangle a1", triangle[board.A1], 6},
		{"triangle b1", triangle[board.B1], 0},
		{"triangle d3", triangle[board.D3], 5},
		{"triangle c2 mirrored to f7", triangle[board.F7], 3},
		{"triangle d4", triangle[board.D4], 9},
		{"diagonal h8", diagonal[board.H8], 7},
		{"diagonal a8", diagonal[board.A8], 15},
		{"lower c2", lower[board.C2], 7},
		{"lower b2", lower[board.B2], 29},
		{"lower b3 mirrored", lower[board.B3], lower[board.C2]},
		{"kk b1 d1", kkIndex[0][board.D1], 0},
		{"kk c1 a1", kkIndex[1][board.A1], 58},
		{"kk d3 a1", kkIndex[5][board.A1], 284},
		{"kk a1 c1", kkIndex[6][board.C1], 339},
		{"kk a1 c3", kkIndex[6][board.C3], 441},
		{"kk c3 a1", kkIndex[8][board.A1], 452},
		{"kk d4 h8", kkIndex[9][board.H8], 461},
		{"kk a1 b2 adjacent", kkIndex[6][board.B2], -1},
		{"kk a1 a3 above diagonal", kkIndex[6][board.A3], -1},
		{"flap b2", flap[board.B2], 6},
		{"flap g7", flap[board.G7], 11},
		{"pawnTwist a2", pawnTwist[board.A2], 47},
		{"pawnTwist e7", pawnTwist[board.E7], 0},
		{"pawnTwist b5", pawnTwist[board.B5], 29},
		{"pawnTwist g4", pawnTwist[board.G4], 30},
		{"one pawn per file", int(pawnFactor[0][2]), 6},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %d, want %d", tt.name, tt.got, tt.want)
		}
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
