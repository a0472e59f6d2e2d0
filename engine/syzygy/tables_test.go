package syzygy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/luftchess/luft/engine/board/boardtest"
)

// copyTables copies the files of the named tables (both kinds, where
// present) from tableDir into dir, and returns dir.
func copyTables(t *testing.T, dir string, suffixes []string, names ...string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		for _, suffix := range suffixes {
			data, err := os.ReadFile(filepath.Join(tableDir, name+suffix))
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dir, name+suffix), data)
		}
	}
	return dir
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

var both = []string{".rtbw", ".rtbz"}

// probeFEN probes a position given as a FEN.
func probeFEN(t *testing.T, tb *Tables, fen string) (WDL, bool, int, bool) {
	t.Helper()
	pos := boardtest.Position(t, fen)
	w, ok1 := tb.ProbeWDL(pos)
	d, ok2 := tb.ProbeDTZ(pos)
	return w, ok1, d, ok2
}

const (
	kqvk  = "8/8/8/8/8/3k4/8/1KQ5 b - - 0 1" // KQvK: Loss, DTZ -14
	krpvk = "8/8/8/8/8/2k5/4P3/4K2R b - - 0 1"
)

// TestOpenDirectories opens tables spread over several directories, with
// spaces in their paths, next to an empty and a missing directory.
func TestOpenDirectories(t *testing.T) {
	openTestTables(t) // skips, or fails in CI, without the tables
	root := t.TempDir()
	wdl := copyTables(t, filepath.Join(root, "with space", "wdl tables"), []string{".rtbw"}, "KQvK", "KRvK")
	dtz := copyTables(t, filepath.Join(root, "dtz tables"), []string{".rtbz"}, "KQvK")
	empty := filepath.Join(root, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(root, "missing")
	path := strings.Join([]string{empty, wdl, missing, dtz, ""}, string(os.PathListSeparator))
	tb, err := Open(path)
	if err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), empty+" holds no table files") {
		t.Errorf("Open: error %v, want one naming the missing and the empty directory", err)
	}
	defer tb.Close()
	if w, d := tb.Count(); w != 2 || d != 1 || tb.MaxPieces() != 3 {
		t.Errorf("Count = %d, %d, MaxPieces = %d; want 2, 1, 3", w, d, tb.MaxPieces())
	}
	if w, ok1, d, ok2 := probeFEN(t, tb, kqvk); w != Loss || !ok1 || d != -14 || !ok2 {
		t.Errorf("KQvK: %v %v %d %v, want Loss true -14 true", w, ok1, d, ok2)
	}
	// KRvK has no DTZ file; KRPvK no table at all.
	if w, ok1, _, ok2 := probeFEN(t, tb, "8/8/8/8/8/3k4/8/1KR5 b - - 0 1"); w != Loss || !ok1 || ok2 {
		t.Errorf("KRvK: %v %v, DTZ %v; want Loss true, DTZ false", w, ok1, ok2)
	}
	if _, ok1, _, ok2 := probeFEN(t, tb, krpvk); ok1 || ok2 {
		t.Errorf("KRPvK probed without its table")
	}
}

// TestOpenEmpty opens no directory, an empty one and one without table
// files: the last two are reported.
func TestOpenEmpty(t *testing.T) {
	other := t.TempDir()
	writeFile(t, filepath.Join(other, "README"), []byte("no tables here"))
	writeFile(t, filepath.Join(other, "KQvK.txt"), nil)
	for _, path := range []string{"", t.TempDir(), other} {
		tb, err := Open(path)
		if (err != nil) != (path != "") || tb.MaxPieces() != 0 {
			t.Errorf("Open(%q) = MaxPieces %d, %v; want 0 and an error for a directory", path, tb.MaxPieces(), err)
		}
		if err != nil && !strings.Contains(err.Error(), "no table files") {
			t.Errorf("Open(%q): %v, want it to say there are no table files", path, err)
		}
		if _, ok1, _, ok2 := probeFEN(t, tb, kqvk); ok1 || ok2 {
			t.Errorf("Open(%q): probe succeeded without tables", path)
		}
	}
}

// TestBadFiles gives Open broken copies of real tables: each is skipped,
// with an error from Open or, for damage only a probe can see, from the
// probe's failure and Err; nothing panics and the sound tables work.
func TestBadFiles(t *testing.T) {
	openTestTables(t)
	kqvkW, err := os.ReadFile(filepath.Join(tableDir, "KQvKR.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		data      []byte
		openError bool // Open reports it; else the first probe does
	}{
		{"sound", kqvkW, false},
		{"truncated", kqvkW[:len(kqvkW)-100], true},
		{"truncated by blocks", kqvkW[:len(kqvkW)-64*64], false},
		{"wrong magic", append([]byte{1, 2, 3, 4}, kqvkW[4:]...), true},
		{"empty", nil, true},
		{"header only", kqvkW[:80], false},
		{"bad piece list", patch(kqvkW, 6, 0xff), false},
	}
	const fen = "r7/8/8/8/8/3k4/8/1KQ5 w - - 0 1" // KQvKR, no capture
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := copyTables(t, t.TempDir(), both, "KQvK")
			writeFile(t, filepath.Join(dir, "KQvKR.rtbw"), tt.data)
			tb, err := Open(dir)
			if (err != nil) != tt.openError {
				t.Errorf("Open: error %v, want one: %v", err, tt.openError)
			}
			defer tb.Close()
			sound := tt.name == "sound"
			if w, ok, _, _ := probeFEN(t, tb, fen); ok != sound || sound && w != Win {
				t.Errorf("probe: %v %v, want Win %v", w, ok, sound)
			}
			if (tb.Err() == nil) != sound {
				t.Errorf("Err() = %v", tb.Err())
			}
			if _, ok, _, _ := probeFEN(t, tb, kqvk); !ok {
				t.Errorf("the sound table failed")
			}
		})
	}
}

// patch returns a copy of data with the byte at i set to b.
func patch(data []byte, i int, b byte) []byte {
	c := append([]byte(nil), data...)
	c[i] = b
	return c
}

// TestCorrupted flips bytes all over real table files: probes may then
// give wrong answers but must not panic.
func TestCorrupted(t *testing.T) {
	openTestTables(t)
	positions := testPositions(t, "KQvKR", 50)
	for _, name := range []string{"KQvKR.rtbw", "KQvKR.rtbz"} {
		orig, err := os.ReadFile(filepath.Join(tableDir, name))
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 60; step++ {
			data := append([]byte(nil), orig...)
			for i := step; i < len(data); i += 1 + len(data)/(7+step) {
				data[i] ^= byte(0x5a + step)
			}
			tb := tablesFromBytes(t, name, data)
			for _, pos := range positions {
				tb.ProbeWDL(pos)
				tb.ProbeDTZ(pos)
			}
		}
	}
}
