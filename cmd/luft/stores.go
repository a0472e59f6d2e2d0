package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
)

// bankUsage describes the -bank flag of luft datagen and luft train.
const bankUsage = "read-only stores kept off the machine to read beside the data store: `dirs`, " +
	"comma-separated or the flag repeated (default $" + datagen.BankEnv + ", else " + datagen.DefaultBank +
	" when it exists; -bank= for none)"

// bankFlag is the -bank flag: the banks' directories, once given.
type bankFlag struct {
	dirs []string
	set  bool // given on the command line, replacing the default
}

// addBankFlag defines the -bank flag in fs.
func addBankFlag(fs *flag.FlagSet) *bankFlag {
	b := &bankFlag{}
	fs.Func("bank", bankUsage, func(s string) error {
		b.dirs, b.set = append(b.dirs, datagen.SplitDirs(s)...), true
		return nil
	})
	return b
}

// open returns the banks: those given, else the default ones.
func (b *bankFlag) open() ([]*datagen.Store, error) {
	dirs := b.dirs
	if !b.set {
		dirs = datagen.DefaultBanks()
	}
	var banks []*datagen.Store
	for _, d := range dirs {
		s, err := datagen.OpenBank(d)
		if err != nil {
			return nil, err
		}
		banks = append(banks, s)
	}
	return banks, nil
}

// localStoreDir returns dir, or the default store's directory for "".
func localStoreDir(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	return datagen.DefaultStoreDir()
}

// openStore opens the local store in dir (the default one for "") and
// settles the entries of killed runs, saying what it kept of them.
func openStore(dir string) (*datagen.Store, error) {
	dir, err := localStoreDir(dir)
	if err != nil {
		return nil, err
	}
	store, err := datagen.OpenStore(dir)
	if err != nil {
		return nil, err
	}
	settled, err := store.Settle()
	if err != nil {
		return nil, err
	}
	for _, e := range settled {
		if e.Problem != "" {
			fmt.Fprintf(os.Stderr, "%s: its run was killed; nothing kept: %s\n", e.File, e.Problem)
			continue
		}
		fmt.Fprintf(os.Stderr, "%s: its run was killed; kept %d complete positions\n", e.File, e.Positions)
	}
	return store, nil
}

// listStores prints each store's files, one a line, and what it holds,
// then the total; with verify it checks each finished file against its
// manifest's checksum.
func listStores(stores []*datagen.Store, verify bool) error {
	var total datagen.Tally
	bad, checked := 0, 0
	for _, s := range stores {
		es, err := s.Entries()
		if err != nil {
			return err
		}
		fmt.Printf("%s:\n", s.Name())
		for _, e := range es {
			fmt.Println(listLine(s, &e))
		}
		var t datagen.Tally
		t.Add(s, es)
		total.Add(s, es)
		fmt.Printf("  %s\n", t.String())
		if !verify {
			continue
		}
		problems, err := s.Verify()
		if err != nil {
			return err
		}
		for _, p := range problems {
			fmt.Printf("  %s\n", p)
		}
		n := finished(es)
		if len(problems) == 0 && n > 0 {
			fmt.Printf("  all %d finished files match the manifest\n", n)
		}
		bad, checked = bad+len(problems), checked+n
	}
	fmt.Printf("total of %d stores: %s\n", len(stores), total.String())
	if bad > 0 {
		return fmt.Errorf("%d of %d files do not match their manifests", bad, checked)
	}
	return nil
}

// finished returns the number of entries whose runs have finished.
func finished(es []datagen.Entry) int {
	n := 0
	for _, e := range es {
		if e.Status != datagen.Running {
			n++
		}
	}
	return n
}

// listLine returns e's line in luft datagen -list, for a file of store.
func listLine(store *datagen.Store, e *datagen.Entry) string {
	games := "?"
	if e.GamesKnown() {
		games = strconv.Itoa(e.Games)
	}
	problem := e.Problem
	if _, err := os.Stat(filepath.Join(store.Dir, e.File)); problem == "" && e.Positions > 0 && err != nil {
		problem = "the file is gone" // -verify says more
	}
	if problem != "" {
		problem = "  (" + problem + ")"
	}
	return fmt.Sprintf("%s  %-11s  %9s positions  %6s games  %s  nodes %d  seed %d  chess960 %.2f  %s%s",
		e.File, e.Status, listedPositions(store, e), games, e.Net, e.Nodes, e.Seed, e.Chess960, e.Started.Format(time.DateTime), problem)
}

// listedPositions returns the positions column of e in luft datagen
// -list: those its run counted, or for a run still going, whose count
// comes when it finishes, the complete records its file holds so far
// and a "+" (or "?" if the file cannot be read).
func listedPositions(store *datagen.Store, e *datagen.Entry) string {
	if e.Status != datagen.Running {
		return strconv.Itoa(e.Positions)
	}
	n, err := store.Written(e)
	if err != nil {
		return "?"
	}
	return strconv.Itoa(n) + "+"
}
