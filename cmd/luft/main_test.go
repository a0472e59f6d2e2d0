package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSpeaksUCI checks which command lines start UCI mode: none, as GUIs
// give, and flags luft does not know, as lichess-bot gives; not a word.
func TestSpeaksUCI(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--Threads=4", "--Hash=64"}, true}, // lichess-bot's engine_options
		{[]string{"-", "x"}, true},
		{[]string{"--help"}, false},
		{[]string{"-v"}, false},
		{[]string{"pref", "5"}, false},
		{[]string{"serv"}, false},
		{[]string{"version"}, false},
		{[]string{"perft", "-960", "1"}, false},
	}
	for _, tt := range tests {
		if got := speaksUCI(tt.args); got != tt.want {
			t.Errorf("speaksUCI(%q) = %v, want %v", tt.args, got, tt.want)
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
		{[]string{"uci"}, result{2, "", "luft: unknown command \"uci\"\n" + hint}},
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
