package main

import (
	"path/filepath"
	"testing"

	"github.com/luftchess/luft/cmd/luft/internal/tune"
	"github.com/luftchess/luft/uci/client/clienttest"
)

// TestTuneLabel labels a queen-up position with each side to move and a
// lost game result: the blend must give White about half (the result
// says 0, the engine about 1) whichever side is to move.
func TestTuneLabel(t *testing.T) {
	sf := clienttest.NeedProgram(t, "stockfish")
	dir := t.TempDir()
	in := writeFile(t, dir, "in.txt", "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1;0-1\n4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1;0-1\n")
	out := filepath.Join(dir, "out.txt")
	if err := tuneLabel([]string{"-engine", sf, "-depth", "6", "-threads", "2", "-out", out, in}); err != nil {
		t.Fatal(err)
	}
	got, err := tune.ReadFiles(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("got %d samples, want 2", len(got))
	}
	for _, s := range got {
		if s.Result < 0.45 || s.Result > 0.5 {
			t.Errorf("%s: label %v, want about 0.5", s.FEN, s.Result)
		}
	}
}
