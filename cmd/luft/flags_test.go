package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/engine"
)

func TestParseFlags(t *testing.T) {
	type result struct {
		Err    string
		N      int
		V      bool
		Args   []string
		Stdout string
		Stderr string
	}
	usage := "usage: luft x [-n N] [-v]\n"
	tests := []struct {
		args []string
		want result
	}{
		{[]string{"-n", "3", "rest"}, result{"<nil>", 3, false, []string{"rest"}, "", ""}},
		{[]string{"rest", "-n", "3"}, result{"<nil>", 3, false, []string{"rest"}, "", ""}},
		{[]string{"a", "-v", "b", "--n=4", "c"}, result{"<nil>", 4, true, []string{"a", "b", "c"}, "", ""}},
		{[]string{"-v", "a", "-n", "-5"}, result{"<nil>", -5, true, []string{"a"}, "", ""}},
		{[]string{"a", "--", "-n", "3", "--"}, result{"<nil>", 1, false, []string{"a", "-n", "3", "--"}, "", ""}},
		{[]string{"-", "-v"}, result{"<nil>", 1, true, []string{"-"}, "", ""}},
		{[]string{"-v=false", "x"}, result{"<nil>", 1, false, []string{"x"}, "", ""}},
		{[]string{"-h"}, result{flag.ErrHelp.Error(), 1, false, nil, usage, ""}},
		{[]string{"a", "-help"}, result{flag.ErrHelp.Error(), 1, false, nil, usage, ""}},
		{[]string{"--help"}, result{flag.ErrHelp.Error(), 1, false, nil, usage, ""}},
		{[]string{"-bogus"}, result{"flag provided but not defined: -bogus", 1, false, nil, "", "flag provided but not defined: -bogus\n" + usage}},
		{[]string{"a", "-bogus"}, result{"flag provided but not defined: -bogus", 1, false, nil, "", "flag provided but not defined: -bogus\n" + usage}},
		{[]string{"-n", "x"}, result{`invalid value "x" for flag -n: parse error`, 0, false, nil, "", "invalid value \"x\" for flag -n: parse error\n" + usage}},
		{[]string{"a", "-n"}, result{"flag needs an argument: -n", 1, false, nil, "", "flag needs an argument: -n\n" + usage}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		fs := flag.NewFlagSet("luft x", flag.ContinueOnError)
		fs.SetOutput(&stderr)
		fs.Usage = func() { fs.Output().Write([]byte(usage)) }
		n := fs.Int("n", 1, "a number")
		v := fs.Bool("v", false, "verbose")
		err := parseFlags(fs, tt.args, &stdout)
		var args []string
		if err == nil {
			args = fs.Args()
		}
		got := result{fmtErr(err), *n, *v, args, stdout.String(), stderr.String()}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.args, diff)
		}
		if fs.Output() != &stderr {
			t.Errorf("%q: the flag set's output is not restored", tt.args)
		}
	}
	if got := flagStatus(flag.ErrHelp); got != 0 {
		t.Errorf("flagStatus(ErrHelp) = %d, want 0", got)
	}
	if got := flagStatus(errors.New("bad")); got != 2 {
		t.Errorf("flagStatus(bad flag) = %d, want 2", got)
	}
}

// fmtErr returns err's message, or "<nil>".
func fmtErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestCommandHelp checks that every subcommand writes the help
// asked for to standard output and exits 0, and its usage after a bad flag
// to standard error with exit 2.
func TestCommandHelp(t *testing.T) {
	type test struct {
		args  []string
		code  int
		usage string // the start of the output that holds the usage
	}
	var tests []test
	for _, name := range commandNames() {
		tests = append(tests, test{[]string{name, "-h"}, 0, "usage: luft " + name})
	}
	tests = append(tests, []test{
		{[]string{"serve", "--help"}, 0, "usage: luft serve"},
		{[]string{"spsa", "-help"}, 0, "usage: luft spsa"},
		{[]string{"train", "-help"}, 0, "usage: luft train"},
		{[]string{"tune", "extract", "-h"}, 0, "usage: luft tune extract"},
		{[]string{"tune", "label", "-h"}, 0, "usage: luft tune label"},
		{[]string{"tune", "fit", "-h"}, 0, "usage: luft tune fit"},
		{[]string{"bench", "-bogus"}, 2, "flag provided but not defined: -bogus\nusage: luft bench"},
		{[]string{"eval", "-bogus"}, 2, "flag provided but not defined: -bogus\nusage: luft eval"},
		{[]string{"play", "-bogus"}, 2, "flag provided but not defined: -bogus\nusage: luft play"},
		{[]string{"review", "-bogus"}, 2, "flag provided but not defined: -bogus\nusage: luft review"},
		{[]string{"spsa", "-bogus"}, 2, "flag provided but not defined: -bogus\nusage: luft spsa"},
		{[]string{"spsa", "extra"}, 2, "luft spsa: unexpected argument \"extra\""},
		{[]string{"tb", "-bogus"}, 2, "flag provided but not defined: -bogus\nusage: luft tb"},
		{[]string{"tune", "fit", "-bogus"}, 2, "flag provided but not defined: -bogus\nusage: luft tune fit"},
		{[]string{"match"}, 2, "usage: luft match"},
		{[]string{"tune"}, 2, "usage: luft tune"},
	}...)
	for _, tt := range tests {
		stdout, stderr, code := captureOutput(t, func() int { return run(tt.args, os.Stdout, os.Stderr) })
		want, other, where := stdout, stderr, "stdout"
		if tt.code != 0 {
			want, other, where = stderr, stdout, "stderr"
		}
		if code != tt.code || !strings.HasPrefix(want, tt.usage) || other != "" {
			t.Errorf("luft %q: exit %d, stdout %q, stderr %q; want exit %d and %q on %s alone",
				tt.args, code, abbrev(stdout), abbrev(stderr), tt.code, tt.usage, where)
		}
	}
}

// abbrev cuts s to its first line.
func abbrev(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

// captureOutput runs f with os.Stdout and os.Stderr sent to files and
// returns what it wrote to each, and its result.
func captureOutput(t *testing.T, f func() int) (stdout, stderr string, result int) {
	t.Helper()
	dir := t.TempDir()
	files := [2]*os.File{}
	for i, name := range []string{"stdout", "stderr"} {
		var err error
		if files[i], err = os.Create(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		defer files[i].Close()
	}
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = files[0], files[1]
	result = f()
	os.Stdout, os.Stderr = oldOut, oldErr
	read := func(f *os.File) string {
		b, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return read(files[0]), read(files[1]), result
}

// TestHelpDefaultsOnce checks that no flag's help says its default twice,
// as a usage text that says "(default: ...)" does when the flag package
// adds its own "(default ...)" after it: every subcommand's help, with
// $SYZYGY_PATH set so that luft tb's -path has a default to show.
func TestHelpDefaultsOnce(t *testing.T) {
	t.Setenv(tbPathVariable, "/tables")
	var commands [][]string
	for _, name := range commandNames() {
		commands = append(commands, []string{name, "-h"})
	}
	for _, sub := range []string{"extract", "label", "fit"} {
		commands = append(commands, []string{"tune", sub, "-h"})
	}
	for _, args := range commands {
		stdout, _, _ := captureOutput(t, func() int { return run(args, os.Stdout, os.Stderr) })
		for _, line := range strings.Split(stdout, "\n") {
			if strings.Count(line, "(default") > 1 {
				t.Errorf("luft %q: a default said twice: %q", args, strings.TrimSpace(line))
			}
		}
	}
}

// TestFlagsAnywhere checks every subcommand with flags after its
// arguments: a flag there is taken (a bad one refused as before the
// arguments), and an argument the command does not take is refused, with
// exit 2 for bad usage. Each command of luft must have a case.
func TestFlagsAnywhere(t *testing.T) {
	const (
		games  = "internal/datagen/testdata/match.pgn"
		fen960 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
		refuse = "flag provided but not defined: -bogus"
	)
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	t.Setenv(datagen.StoreEnv, store)
	t.Setenv(tbPathVariable, "")
	out := filepath.Join(dir, "x.bin")
	stdin, err := os.Open(os.DevNull) // a game of luft play would end at once
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	defer func(old *os.File) { os.Stdin = old }(os.Stdin)
	os.Stdin = stdin
	tests := []struct {
		args   []string
		code   int
		stderr string // what standard error must hold, or ""
	}{
		{[]string{"bench", "1", "-bogus"}, 2, refuse},
		{[]string{"bench", "1", "extra"}, 2, `luft bench: unexpected argument "extra"`},
		{[]string{"bench", "1", "-evalfile", "/nonexistent/net.nnue"}, 1, "luft bench: "},
		{[]string{"datagen", "-from-pgn", games, "-bogus"}, 2, refuse},
		{[]string{"datagen", "-from-pgn", games, "-out"}, 2, "flag needs an argument: -out"},
		{[]string{"datagen", "-from-pgn", games, "-out", out}, 0, ""},
		{[]string{"datagen", "-from-pgn", filepath.Join(dir, "none.pgn"), games}, 1, "none.pgn: no such file"},
		{[]string{"datagen", "-from-pgn", dir}, 1, "is a directory"},
		{[]string{"datagen", "-games", "1", "extra"}, 2, `luft datagen: unexpected argument "extra"`},
		{[]string{"datagen", "-games", "1", "-openings", filepath.Join(dir, "none.epd")}, 1, "none.epd"},
		{[]string{"eval", "8/8/8/8/8/2k5/8/KQ6", "w", "-", "-", "0", "1", "-bogus"}, 2, refuse},
		{[]string{"eval", "8/8/8/8/8/2k5/8/KQ6", "w", "-", "-", "0", "1", "-weights", "/nonexistent"}, 1, "luft eval: "},
		{[]string{"match", "-check-pgn", games, "extra"}, 2, "usage: luft match"},
		{[]string{"perft", "1", fen960, "-960"}, 0, ""},
		{[]string{"perft", "1", "-bogus"}, 2, refuse},
		{[]string{"play", "extra", "-bogus"}, 2, refuse},
		{[]string{"play", "extra"}, 2, `luft play: unexpected argument "extra"`},
		{[]string{"review", "game.pgn", "-bogus"}, 2, refuse},
		{[]string{"review", "a.pgn", "b.pgn"}, 2, "one PGN file at most"},
		{[]string{"serve", "extra", "-bogus"}, 2, refuse},
		{[]string{"serve", "extra"}, 2, `luft serve: unexpected argument "extra"`},
		{[]string{"spsa", "extra"}, 2, `luft spsa: unexpected argument "extra"`},
		{[]string{"tb", "8/8/8/8/8/2k5/8/KQ6", "w", "-", "-", "0", "1", "-bogus"}, 2, refuse},
		{[]string{"tb", "8/8/8/8/8/2k5/8/KQ6", "w", "-", "-", "0", "1", "-path", dir}, 1, "no tables found in " + dir + ":"},
		{[]string{"train", "data.bin", "-bogus"}, 2, refuse},
		{[]string{"tune", "fit", "data.txt", "-bogus"}, 2, refuse},
		{[]string{"tune", "extract", "games.pgn", "-bogus"}, 2, refuse},
	}
	tested := map[string]bool{}
	for _, tt := range tests {
		tested[tt.args[0]] = true
		_, stderr, code := captureOutput(t, func() int { return run(tt.args, os.Stdout, os.Stderr) })
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("luft %q: exit %d, stderr %q; want exit %d and %q", tt.args, code, abbrev(stderr), tt.code, tt.stderr)
		}
	}
	for _, name := range commandNames() {
		if !tested[name] {
			t.Errorf("luft %s has no case", name)
		}
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("luft datagen -from-pgn FILE -out %s: %v", out, err)
	}
	if _, err := os.Stat(filepath.Join(store, datagen.ManifestName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the runs that had -out, or failed on their arguments, touched the store's manifest: %v", err)
	}
}

// TestResourcesBounded checks that every -threads flag refuses a count
// below 1 or above engine.MaxThreads, and every -hash flag a table below
// 1 MiB or above what engine.CheckMemory allows, before the command starts
// anything.
func TestResourcesBounded(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	threads := fmt.Sprintf("-threads must be 1 to %d", engine.MaxThreads)
	tests := []struct {
		args []string
		want string // in the complaint
	}{
		{[]string{"review", "-hash", "0", "none.pgn"}, "-hash must be at least 1"},
		{[]string{"review", "-hash", "100000000", "none.pgn"}, "-hash 100000000: a table of"},
		{[]string{"play", "-hash", "0"}, "-hash must be at least 1"},
		{[]string{"play", "-hash", "-5"}, "-hash must be at least 1"},
		{[]string{"play", "-hash", "100000000"}, "-hash 100000000: a table of"},
		{[]string{"serve", "-hash", "0"}, "-hash must be at least 1"},
		{[]string{"serve", "-hash", "100000000"}, "-hash 100000000: a table of"},
		{[]string{"datagen", "-games", "1", "-out", out, "-hash", "0"}, "-hash must be at least 1"},
		{[]string{"datagen", "-games", "1", "-out", out, "-threads", "256", "-hash", "65536"}, "-hash 65536 for each of 256 engines"},
	}
	for _, cmd := range [][]string{
		{"train", "-out", out, "none.bin"},
		{"datagen", "-games", "1", "-out", out},
		{"tune", "label", "-out", out, "none.epd"},
		{"tune", "fit", "-out", out, "none.epd"},
		{"review", "none.pgn"},
	} {
		for _, n := range []string{"0", "-1", strconv.Itoa(engine.MaxThreads + 1), "100000"} {
			tests = append(tests, struct {
				args []string
				want string
			}{append(slices.Clone(cmd), "-threads", n), threads})
		}
	}
	for _, tt := range tests {
		_, stderr, code := captureOutput(t, func() int { return run(tt.args, os.Stdout, os.Stderr) })
		if code == 0 || !strings.Contains(stderr, tt.want) {
			t.Errorf("luft %q: exit %d, stderr %q; want a failure saying %q", tt.args, code, abbrev(stderr), tt.want)
		}
	}
}
