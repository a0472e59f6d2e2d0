package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestUCILines checks which command lines start UCI mode, and with which
// lines: none, as GUIs give; flags luft does not know, as lichess-bot
// gives, with no lines; UCI lines, as OpenBench gives; not another word.
func TestUCILines(t *testing.T) {
	type result struct {
		Lines []string
		UCI   bool
	}
	tests := []struct {
		args []string
		want result
	}{
		{nil, result{nil, true}},
		{[]string{"--Threads=4", "--Hash=64"}, result{nil, true}}, // lichess-bot's engine_options
		{[]string{"-", "x"}, result{nil, true}},
		{[]string{"genfens 10 seed 3 book None", "quit"}, result{[]string{"genfens 10 seed 3 book None", "quit"}, true}},
		{[]string{"uci"}, result{[]string{"uci"}, true}},
		{[]string{"setoption name Hash value 1", "go depth 1"}, result{[]string{"setoption name Hash value 1", "go depth 1"}, true}},
		{[]string{"--help"}, result{nil, false}},
		{[]string{"-v"}, result{nil, false}},
		{[]string{"pref", "5"}, result{nil, false}},
		{[]string{"serv"}, result{nil, false}},
		{[]string{"genfen 10"}, result{nil, false}},
		{[]string{"version"}, result{nil, false}},
		{[]string{"bench"}, result{nil, false}},
		{[]string{"perft", "-960", "1"}, result{nil, false}},
	}
	for _, tt := range tests {
		lines, ok := uciLines(tt.args)
		if diff := cmp.Diff(tt.want, result{lines, ok}); diff != "" {
			t.Errorf("uciLines(%q) (-want +got):\n%s", tt.args, diff)
		}
	}
}

// TestUCICommandLine checks that the UCI lines of the command line run in
// order before standard input is read, and that a quit among them ends
// the session before it.
func TestUCICommandLine(t *testing.T) {
	tests := []struct {
		lines []string
		stdin string
		want  []string // the lines of output after the banner
	}{
		{[]string{"position startpos moves e2e4", "isready"}, "position startpos moves e2e4 e7e5\nisready\nquit\n",
			[]string{"readyok", "readyok"}},
		{[]string{"genfens 2 seed 1 book None", "quit"}, "isready\n", nil},
		{[]string{"genfens x"}, "quit\n", []string{`info string genfens ignored: count "x": want a number from 1 to 1048576`}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := runUCI(tt.lines, strings.NewReader(tt.stdin), &stdout, &stderr); code != 0 {
			t.Errorf("runUCI(%q) returned %d: %s", tt.lines, code, stderr.String())
		}
		got := strings.Split(strings.TrimSpace(stdout.String()), "\n")[1:]
		var kept []string
		for _, l := range got {
			if !strings.HasPrefix(l, "info string genfens ") || strings.Contains(l, "ignored") {
				kept = append(kept, l)
			}
		}
		if diff := cmp.Diff(tt.want, kept); diff != "" {
			t.Errorf("runUCI(%q) with input %q (-want +got):\n%s", tt.lines, tt.stdin, diff)
		}
	}
}

// TestRun checks what luft says, and where, to help, to the version and
// to a word that is no command.
func TestRun(t *testing.T) {
	const hint = "Run 'luft help' for the commands; with no arguments luft speaks UCI.\n"
	defer func(v string) { version = v }(version)
	version = "1.2"
	type result struct {
		Code   int
		Stdout string // its first line
		Stderr string
	}
	tests := []struct {
		args []string
		want result
	}{
		{[]string{"help"}, result{0, "luft 1.2, a UCI chess engine", ""}},
		{[]string{"-h"}, result{0, "luft 1.2, a UCI chess engine", ""}},
		{[]string{"--help"}, result{0, "luft 1.2, a UCI chess engine", ""}},
		{[]string{"version"}, result{0, "Luft 1.2 by the Luft developers", ""}},
		{[]string{"--version"}, result{0, "Luft 1.2 by the Luft developers", ""}},
		{[]string{"-version"}, result{0, "Luft 1.2 by the Luft developers", ""}},
		{[]string{"-v"}, result{0, "Luft 1.2 by the Luft developers", ""}},
		{[]string{"pref", "5"}, result{2, "", "luft: unknown command \"pref\" (did you mean \"perft\"?)\n" + hint}},
		{[]string{"serv"}, result{2, "", "luft: unknown command \"serv\" (did you mean \"serve\"?)\n" + hint}},
		{[]string{"verison"}, result{2, "", "luft: unknown command \"verison\" (did you mean \"version\"?)\n" + hint}},
		{[]string{"genfen"}, result{2, "", "luft: unknown command \"genfen\"\n" + hint}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &stdout, &stderr)
		first, _, _ := strings.Cut(stdout.String(), "\n")
		if diff := cmp.Diff(tt.want, result{code, first, stderr.String()}); diff != "" {
			t.Errorf("luft %q (-want +got):\n%s", tt.args, diff)
		}
	}
}

// TestUsage checks that help lists every command, help and version too.
func TestUsage(t *testing.T) {
	var b bytes.Buffer
	usage(&b)
	for _, name := range append([]string{"help", "version"}, commandNames()...) {
		if !strings.Contains(b.String(), "\n  luft "+name+" ") {
			t.Errorf("luft help does not list %s:\n%s", name, b.String())
		}
	}
}

func TestSuggestion(t *testing.T) {
	tests := []struct{ word, want string }{
		{"pref", ` (did you mean "perft"?)`}, // a swap and a letter
		{"serv", ` (did you mean "serve"?)`},
		{"TRAIN", ` (did you mean "train"?)`},
		{"tune", ` (did you mean "tune"?)`},
		{"pla", ` (did you mean "play"?)`},
		{"tun", ` (did you mean "tune"?)`},
		{"serf", ` (did you mean "perft" or "serve"?)`}, // two as close
		{"tv", ` (did you mean "tb"?)`},
		{"xy", ""}, // every letter changed
		{"q", ""},
		{"benchmark", ""},
	}
	for _, tt := range tests {
		if got := suggestion(tt.word); got != tt.want {
			t.Errorf("suggestion(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "tb", 2},
		{"perft", "perft", 0},
		{"serv", "serve", 1},
		{"perf", "pref", 1}, // a swap
		{"pref", "perft", 2},
		{"kitten", "sitting", 3},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
