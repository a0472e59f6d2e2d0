package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
)

// TestDatagenFlags checks that bad flags are refused before any game, and
// that a tiny run writes a readable file.
func TestDatagenFlags(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.epd", "not a fen at all\n")
	empty := writeFile(t, dir, "empty.epd", "# nothing\n")
	out := filepath.Join(dir, "dg.bin")
	checkExits(t, "datagen", runDatagen, []exitCase{
		{[]string{"-games", "1"}, 2},                                     // no -out
		{[]string{"-out", out}, 2},                                       // no target
		{[]string{"-games", "-1", "-out", out}, 2},                       // negative
		{[]string{"-positions", "-5", "-out", out}, 2},                   // negative
		{[]string{"-games", "1", "-nodes", "0", "-out", out}, 2},         // no nodes
		{[]string{"-games", "1", "-threads", "0", "-out", out}, 2},       // no threads
		{[]string{"-games", "1", "-hash", "0", "-out", out}, 2},          // no hash
		{[]string{"-games", "1", "-keep", "0", "-out", out}, 2},          // keep nothing
		{[]string{"-games", "1", "-keep", "1.5", "-out", out}, 2},        // keep more than all
		{[]string{"-games", "1", "-random-plies", "-1", "-out", out}, 2}, // negative
		{[]string{"-games", "1", "-max-plies", "0", "-out", out}, 2},     // no plies
		{[]string{"-games", "1", "-out", out, "extra"}, 2},               // stray argument
		{[]string{"-nonsense"}, 2},
		{[]string{"-h"}, 0}, // help asked for
		{[]string{"-games", "1", "-openings", filepath.Join(dir, "none.epd"), "-out", out}, 1},
		{[]string{"-games", "1", "-openings", bad, "-out", out}, 1},
		{[]string{"-games", "1", "-openings", empty, "-out", out}, 1},
		{[]string{"-games", "1", "-out", filepath.Join(dir, "no/such/dir/dg.bin")}, 1},
		{[]string{"-games", "1", "-evalfile", bad, "-out", out}, 2}, // not a network
		{[]string{"-games", "1", "-nnue", "-nodes", "100", "-threads", "1", "-max-plies", "40", "-out", out}, 0},
		{[]string{"-games", "1", "-nodes", "100", "-threads", "1", "-max-plies", "40", "-out", out}, 0},
	})
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := datagen.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Read(); err != nil {
		t.Errorf("first record of the tiny run: %v", err)
	}
}
