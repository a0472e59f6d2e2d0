package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
		{[]string{"spsa", "extra"}, 2, "usage: luft spsa"},
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
