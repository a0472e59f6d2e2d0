package syzygy

import (
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// TestSpecialPositions probes positions the random ones miss or fathom
// does not answer.
func TestSpecialPositions(t *testing.T) {
	tb := openTestTables(t)
	tests := []struct {
		name    string
		fen     string
		wdl     WDL
		dtz     int
		ok, dok bool
	}{
		{"checkmated", "k1Q5/8/1K6/8/8/8/8/8 b - - 0 1", Loss, -1, true, true},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Draw, 0, true, true},
		{"bare kings", "8/8/3k4/8/8/3K4/8/8 w - - 0 1", Draw, 0, true, true},
		{"castling rights", "8/8/3k4/8/8/8/8/4K2R w K - 0 1", Draw, 0, false, false},
		{"six pieces", "8/8/3k4/8/8/8/PPPP4/4K3 w - - 0 1", Draw, 0, false, false},
		{"mirrored table KvKQ", "8/8/8/8/8/3K4/8/1kq5 w - - 0 1", Loss, -14, true, true},
		{"winning capture", "8/8/8/2r5/8/3k4/8/1KQ5 w - - 0 1", Win, 1, true, true},
		{"promotion wins", "8/4P3/8/8/8/k7/8/K7 w - - 0 1", Win, 1, true, true},
		// Values fathom gives; without the en-passant right the tables
		// alone would do.
		{"en passant saves", "8/8/8/2k1Pp2/8/8/8/K7 w - f6 0 1", Draw, 0, true, true},
		{"without en passant", "8/8/8/2k1Pp2/8/8/8/K7 w - - 0 1", Loss, -3, true, true},
		{"en passant wins", "8/3k4/8/6Pp/8/8/8/1K6 w - h6 0 1", Win, 1, true, true},
		{"without en passant", "8/3k4/8/6Pp/8/8/8/1K6 w - - 0 1", Loss, -1, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, ok, d, dok := probeFEN(t, tb, tt.fen)
			type result struct {
				WDL     WDL
				DTZ     int
				OK, DOK bool
			}
			want := result{tt.wdl, tt.dtz, tt.ok, tt.dok}
			got := result{w, d, ok, dok}
			if !ok {
				got.WDL = Draw
			}
			if !dok {
				got.DTZ = 0
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: (-want +got)\n%s", tt.fen, diff)
			}
		})
	}
}

// referencePositions returns the positions of the reference file.
func referencePositions(t testing.TB) []*board.Position {
	var positions []*board.Position
	for _, ref := range readReferences(t) {
		pos := boardtest.Position(t, ref.fen)
		positions = append(positions, pos)
	}
	return positions
}

// TestNoAllocs checks that probes allocate nothing once the tables are
// mapped.
func TestNoAllocs(t *testing.T) {
	tb := openTestTables(t)
	positions := referencePositions(t)
	for _, pos := range positions {
		tb.ProbeDTZ(pos) // map every table
	}
	i := 0
	allocs := testing.AllocsPerRun(2000, func() {
		pos := positions[i%len(positions)]
		i++
		tb.ProbeWDL(pos)
		tb.ProbeDTZ(pos)
	})
	if allocs != 0 {
		t.Errorf("%v allocations a probe, want 0", allocs)
	}
}

// TestConcurrent probes from many goroutines at once, starting with no
// table mapped, and checks each answer against fathom's.
func TestConcurrent(t *testing.T) {
	tb := openTestTables(t)
	refs := readReferences(t)
	positions := referencePositions(t)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(refs); i += 3 {
				w, ok1 := tb.ProbeWDL(positions[i])
				d, ok2 := tb.ProbeDTZ(positions[i])
				if !ok1 || !ok2 || w != refs[i].wdl || d != refs[i].dtz {
					t.Errorf("%s: got %v %d, want %v %d", refs[i].fen, w, d, refs[i].wdl, refs[i].dtz)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestProbeKeepsPosition checks that probes leave the position alone.
func TestProbeKeepsPosition(t *testing.T) {
	tb := openTestTables(t)
	for _, pos := range referencePositions(t)[:200] {
		fen, key := pos.FEN(), pos.Key()
		tb.ProbeDTZ(pos)
		if pos.FEN() != fen || pos.Key() != key {
			t.Fatalf("probe changed %s into %s", fen, pos.FEN())
		}
	}
}

// BenchmarkProbeWDL measures WDL probes of the reference positions, all
// tables mapped and, after the first round, in the page cache.
func BenchmarkProbeWDL(b *testing.B) {
	tb := openTestTables(b)
	positions := referencePositions(b)
	for _, pos := range positions {
		tb.ProbeWDL(pos)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tb.ProbeWDL(positions[i%len(positions)])
	}
}
