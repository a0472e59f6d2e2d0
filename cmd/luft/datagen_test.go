package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// TestDatagenFlags checks that bad flags are refused before any game, and
// that a tiny run writes a readable file.
func TestDatagenFlags(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.epd", "not a fen at all\n")
	empty := writeFile(t, dir, "empty.epd", "# nothing\n")
	out := filepath.Join(dir, "dg.bin")
	t.Setenv(datagen.StoreEnv, filepath.Join(dir, "store"))
	checkExits(t, "datagen", runDatagen, []exitCase{
		{[]string{"-out", out}, 2},                                       // no target
		{[]string{"-games", "-1", "-out", out}, 2},                       // negative
		{[]string{"-positions", "-5", "-out", out}, 2},                   // negative
		{[]string{"-games", "1", "-nodes", "0", "-out", out}, 2},         // no nodes
		{[]string{"-games", "1", "-threads", "0", "-out", out}, 2},       // no threads
		{[]string{"-games", "1", "-hash", "0", "-out", out}, 2},          // no hash
		{[]string{"-games", "1", "-keep", "0", "-out", out}, 2},          // keep nothing
		{[]string{"-games", "1", "-keep", "1.5", "-out", out}, 2},        // keep more than all
		{[]string{"-games", "1", "-chess960", "-0.1", "-out", out}, 2},   // negative
		{[]string{"-games", "1", "-chess960", "1.1", "-out", out}, 2},    // more than all
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
		{[]string{"-list", "-store", filepath.Join(dir, "dg.bin")}, 1}, // a file, not a directory
	})
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := trainingdata.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Read(); err != nil {
		t.Errorf("first record of the tiny run: %v", err)
	}
}

// TestDatagenStore checks that runs without -out add files to the data
// store named by $LUFT_DATA, and that -list and -verify read it.
func TestDatagenStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	t.Setenv(datagen.StoreEnv, dir)
	run := []string{"-games", "2", "-nodes", "100", "-threads", "1", "-max-plies", "40", "-chess960", "0.5"}
	checkExits(t, "datagen", runDatagen, []exitCase{
		{run, 0},
		{append(run, "-seed", "2"), 0},
		{[]string{"-list"}, 0},
		{[]string{"-list", "-verify"}, 0},
	})
	store, err := datagen.OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	es, err := store.Entries()
	if err != nil || len(es) != 2 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	for i, e := range es {
		if e.Status != datagen.Complete || e.Games != 2 || e.Positions == 0 || e.Seed != uint64(i+1) ||
			e.Net != nets.DefaultName || e.Nodes != 100 || e.Chess960 != 0.5 || e.Luft != version {
			t.Errorf("entry %d: %+v", i, e)
		}
	}
	files, _ := store.Files()
	if len(files) != 2 {
		t.Errorf("files to train on: %v", files)
	}
	out := filepath.Join(t.TempDir(), "net")
	checkExits(t, "train", runTrain, []exitCase{
		{[]string{"-store", "-epochs", "1", "-hidden", "4", "-batch", "8", "-out", out}, 0},
	})
	if _, err := os.Stat(filepath.Join(out, "net.nnue")); err != nil {
		t.Errorf("train -store: %v", err)
	}
	t.Setenv(datagen.StoreEnv, t.TempDir())
	checkExits(t, "train", runTrain, []exitCase{
		{[]string{"-store", "-epochs", "1", "-out", out}, 2}, // an empty store
	})
}
