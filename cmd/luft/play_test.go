package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/muesli/termenv"

	"github.com/luftchess/luft/eval/nnue/nets"
)

// TestPlayFlags checks that bad flags are refused before the game starts
// (a started game would wait for standard input).
func TestPlayFlags(t *testing.T) {
	checkExits(t, "play", runPlay, []exitCase{
		{[]string{"-color", "green"}, 2},
		{[]string{"-elo", "1500", "-level", "3"}, 2},
		{[]string{"-elo", "500"}, 2},
		{[]string{"-elo", "2900"}, 2},
		{[]string{"-level", "21"}, 2},
		{[]string{"-level", "-1"}, 2},
		{[]string{"-elo", "0"}, 2},
		{[]string{"-time", "0"}, 2},
		{[]string{"-nonsense"}, 2},
		{[]string{"extra"}, 2}, // luft play takes no arguments
		{[]string{"-h"}, 0},
		{[]string{"-book", "/nonexistent/book.bin"}, 1},
		{[]string{"-fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"}, 1}, // Chess960 without -960
		{[]string{"-960", "-fen", "rk4rr/8/8/8/8/8/8/RK4RR w Kc - 0 1"}, 1},               // a right without its rook
	})
}

// TestPlayMessages checks what luft play writes for bad flags, word for
// word.
func TestPlayMessages(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-color", "green"}, "luft play: -color is white or black, not \"green\"\n"},
		{[]string{"-elo", "1500", "-level", "3"}, "luft play: give -elo or -level, not both\n"},
		{[]string{"-elo", "500"}, "luft play: -elo 500 is outside 800-2800\n"},
		{[]string{"-level", "21"}, "luft play: -level 21 is outside 0-20\n"},
		{[]string{"-time", "-1"}, "luft play: -time must be positive\n"},
	}
	for _, tt := range tests {
		var stderr strings.Builder
		playConfig(tt.args, io.Discard, &stderr)
		if diff := cmp.Diff(tt.want, stderr.String()); diff != "" {
			t.Errorf("luft play %q (-want +got):\n%s", tt.args, diff)
		}
	}
}

// TestPlayUsage checks -h: the usage line and description in the style
// of the other subcommands, and each flag with at most one default.
func TestPlayUsage(t *testing.T) {
	var stdout, stderr strings.Builder
	if _, code := playConfig([]string{"-h"}, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Errorf("luft play -h returned %d and wrote %q to stderr, want 0 and nothing", code, stderr.String())
	}
	got := stdout.String()
	if !strings.HasPrefix(got, playUsage) {
		t.Errorf("luft play -h does not start with the usage:\n%s", got)
	}
	evalfile := "  -evalfile file\n    \tevaluate with the network in file (implies -nnue; default: the built-in network, " + nets.DefaultName + ")\n"
	if !strings.Contains(got, evalfile) {
		t.Errorf("luft play -h lacks %q:\n%s", evalfile, got)
	}
	for _, line := range strings.Split(got, "\n") {
		if strings.Count(line, "default") > 1 {
			t.Errorf("luft play -h gives two defaults: %q", line)
		}
	}
}

// TestPlayHelpExits checks that luft play's help, in each spelling, is
// all it does: the usage on stdout, exit 0, and no game, which would
// print a board after it.
func TestPlayHelpExits(t *testing.T) {
	var usage strings.Builder
	playConfig([]string{"-h"}, &usage, io.Discard)
	stdin, err := os.Open(os.DevNull) // a game started would end at once
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	defer func(old *os.File) { os.Stdin = old }(os.Stdin)
	os.Stdin = stdin
	for _, help := range []string{"-h", "-help", "--help"} {
		stdout, stderr, code := captureOutput(t, func() int { return run([]string{"play", help}, os.Stdout, os.Stderr) })
		if code != 0 || stderr != "" {
			t.Errorf("luft play %s: exit %d, stderr %q; want 0 and nothing", help, code, stderr)
		}
		if diff := cmp.Diff(usage.String(), stdout); diff != "" {
			t.Errorf("luft play %s: stdout is not the usage alone (-want +got):\n%s", help, diff)
		}
	}
}

// env is an environment for termenv.
type env map[string]string

func (e env) Environ() []string {
	var out []string
	for k, v := range e {
		out = append(out, k+"="+v)
	}
	return out
}

func (e env) Getenv(key string) string { return e[key] }

// TestBoardColors checks when the board is in colour: on a terminal that
// has colours, unless NO_COLOR or CLICOLOR=0 says otherwise, and not on a
// dumb one.
func TestBoardColors(t *testing.T) {
	tests := []struct {
		env  env
		tty  bool
		want termenv.Profile // Ascii: no colours
	}{
		{env{"TERM": "xterm-256color"}, true, termenv.ANSI256},
		{env{"TERM": "xterm-256color"}, false, termenv.Ascii}, // a pipe or file
		{env{"TERM": "tmux-256color", "COLORTERM": "truecolor"}, true, termenv.TrueColor},
		{env{"TERM": "xterm"}, true, termenv.ANSI},
		{env{"TERM": "linux"}, true, termenv.ANSI},
		{env{"TERM": "dumb"}, true, termenv.Ascii},
		{env{}, true, termenv.Ascii},
		{env{"TERM": "xterm-256color", "NO_COLOR": "1"}, true, termenv.Ascii},
		{env{"TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"}, true, termenv.Ascii},
		{env{"TERM": "xterm-256color", "CLICOLOR": "0"}, true, termenv.Ascii},
	}
	for _, tt := range tests {
		got := termenv.Ascii
		var out strings.Builder // not a terminal but as tt.tty says
		if o := boardColors(&out, termenv.WithEnvironment(tt.env), termenv.WithTTY(tt.tty)); o != nil {
			got = o.Profile
		}
		if got != tt.want {
			t.Errorf("colours in %v, terminal %v: %v, want %v", tt.env, tt.tty, got.Name(), tt.want.Name())
		}
	}
}
