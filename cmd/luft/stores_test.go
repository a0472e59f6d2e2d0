package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// addToStore adds a finished file holding data to the store in dir, as a
// run of luft datagen would, and returns its entry.
func addToStore(t *testing.T, dir string, data []byte) datagen.Entry {
	t.Helper()
	s, err := datagen.OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	e := datagen.Entry{Net: "luft-r7.nnue"}
	f, err := s.Create(&e)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = s.Finish(&e, datagen.Interrupted, 1)
	}
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestStores checks luft datagen -list -verify and luft train over the
// local store and a bank of compressed files that -export made: each
// store's counts, the newest positions held out whichever store holds
// them, and a bank whose file is gone or changed.
func TestStores(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(trainingData(t, dir)) // 40 records
	if err != nil {
		t.Fatal(err)
	}
	other, local, bank := filepath.Join(dir, "other"), filepath.Join(dir, "local"), filepath.Join(dir, "bank")
	addToStore(t, other, data)                                                      // the older games, 40
	addToStore(t, local, data[:trainingdata.HeaderSize+20*trainingdata.RecordSize]) // the newer, 20
	checkExits(t, "datagen", runDatagen, []exitCase{{[]string{"-export", bank, "-store", other}, 0}})
	t.Setenv(datagen.StoreEnv, local)
	t.Setenv(datagen.BankEnv, bank)

	stdout, stderr, code := captureOutput(t, func() int { return runDatagen([]string{"-list", "-verify"}) })
	if code != 0 {
		t.Fatalf("luft datagen -list -verify: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"data store " + local + ":\n", "bank " + bank + ":\n", "all 1 finished files match the manifest",
		"total of 2 stores: 2 files, 60 positions (60 by luft-r7.nnue)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("luft datagen -list -verify does not say %q:\n%s", want, stdout)
		}
	}

	out := filepath.Join(dir, "net")
	train := []string{"-store", "-val", "0.25", "-epochs", "1", "-hidden", "4", "-batch", "8", "-out", out}
	stdout, stderr, code = captureOutput(t, func() int { return runTrain(train) })
	if code != 0 {
		t.Fatalf("luft train %q: exit %d: %s", train, code, stderr)
	}
	for _, want := range []string{
		fmt.Sprintf("read 60 positions: 20 from data store %s (1 files), 40 from bank %s (1 files)\n", local, bank),
		fmt.Sprintf("training on 45: 5 from data store %s, 40 from bank %s\n", local, bank),
		fmt.Sprintf("holding out the newest 15: 15 from data store %s\n", local),
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("luft train %q does not say %q:\n%s", train, want, stdout)
		}
	}
	if strings.Contains(stdout, "rescaling") {
		t.Errorf("luft train %q rescales the scores of luft-r7.nnue to a network of its scale:\n%s", train, stdout)
	}
	// A network of another scale: luft-r7.nnue's scores (400) brought to it.
	scaled := append(slices.Clip(train), "-scale", "300")
	stdout, stderr, code = captureOutput(t, func() int { return runTrain(scaled) })
	if want := "rescaling the scores of 60 positions from scale 400 to 300\n"; code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("luft train %q: exit %d, does not say %q:\n%s%s", scaled, code, want, stdout, stderr)
	}
	checkExits(t, "train", runTrain, []exitCase{
		{[]string{"-bank", bank, "-epochs", "1", "-hidden", "4", "-out", out}, 0}, // the bank alone
		{[]string{"-store", "-bank", filepath.Join(dir, "none"), "-out", out}, 2},
		{[]string{"-bank=", "-out", out}, 2}, // no bank, no store, no file
	})

	// The bank's file changed, then gone.
	es, err := (&datagen.Store{Dir: bank}).Entries()
	if err != nil || len(es) != 1 {
		t.Fatalf("the bank's entries: %v, %v", es, err)
	}
	name := filepath.Join(bank, es[0].File)
	if err := os.WriteFile(name, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	checkExits(t, "datagen", runDatagen, []exitCase{{[]string{"-list", "-verify"}, 1}})
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	stdout, _, code = captureOutput(t, func() int { return runDatagen([]string{"-list", "-verify"}) })
	if want := "(the file is gone)"; code != 1 || !strings.Contains(stdout, want) {
		t.Errorf("luft datagen -list -verify of a bank whose file is gone: exit %d, want 1 and %q in\n%s", code, want, stdout)
	}
	_, stderr, code = captureOutput(t, func() int { return runTrain(train) })
	if want := "bank " + bank + ": open " + name; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("luft train of a bank whose file is gone: exit %d, want 1 and %q in\n%s", code, want, stderr)
	}
}

// TestRealBank checks the self-play bank beside the repository
// (datagen.DefaultBank): every file matches its manifest.
func TestRealBank(t *testing.T) {
	bank := boardtest.SharedData(t, "selfplay")
	s, err := datagen.OpenBank(bank)
	if err != nil {
		t.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	positions := 0
	for _, e := range es {
		positions += e.Positions
	}
	if len(es) == 0 || positions == 0 {
		t.Fatalf("the bank %s lists %d files, %d positions", bank, len(es), positions)
	}
	args := []string{"-list", "-verify", "-store", t.TempDir(), "-bank", bank}
	stdout, stderr, code := captureOutput(t, func() int { return runDatagen(args) })
	if code != 0 {
		t.Fatalf("luft datagen %q: exit %d:\n%s%s", args, code, stdout, stderr)
	}
	for _, want := range []string{
		fmt.Sprintf("all %d finished files match the manifest", len(es)),
		fmt.Sprintf("total of 2 stores: %d files, %d positions", len(es), positions),
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("luft datagen %q does not say %q:\n%s", args, want, stdout)
		}
	}
	t.Logf("%s", stdout)
}
