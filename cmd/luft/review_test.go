package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/game/pgn"
)

// reviewGames are three games, the second with an illegal move.
const reviewGames = `[Event "one"]

1. e4 e5 2. Nf3 Qh4 3. Nxh4 *

[Event "two"]

1. e4 e5 2. Ke3 *

[Event "three"]
[Variant "Chess960"]
[FEN "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"]

1. Ng3 Ng6 2. Nf3 Nf6 3. O-O *
`

func TestReviewCommand(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		events []string // the Event tags of the games written
		errs   []string // in standard error
	}{
		{"bad game left out", []string{"-nodes", "20000", "-threads", "1", "-"}, reviewGames, 1,
			[]string{"one", "three"}, []string{"luft review: game 2: move 2. Ke3: ", "game 3 [####"}},
		{"unreadable game left out", []string{"-nodes", "20000", "-threads", "1", "testdata/broken.pgn"}, "", 1,
			[]string{"one", "three"}, []string{"luft review: game 2: pgn: line 10: missing '}'\n", "game 3 [####"}},
		{"file", []string{"-movetime", "20ms", writeFile(t, t.TempDir(), "g.pgn", "1. d4 d5 *\n")}, "", 0,
			[]string{""}, []string{"game 1 [####"}},
		{"missing file", []string{"/nonexistent/g.pgn"}, "", 1, nil, []string{"no such file"}},
		{"two files", []string{"a.pgn", "b.pgn"}, "", 2, nil, []string{"one PGN file at most"}},
		{"zero nodes", []string{"-nodes", "0"}, "", 2, nil, []string{"-nodes must be positive"}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := reviewMain(context.Background(), tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		var events []string
		r := pgn.NewReader(&stdout)
		for {
			g, err := r.Read()
			if err != nil {
				break
			}
			ev, _ := g.Tag("Event")
			events = append(events, ev)
			if _, ok := g.Tag("WhiteAccuracy"); !ok {
				t.Errorf("%s: game %q has no WhiteAccuracy tag", tt.name, ev)
			}
		}
		if code != tt.code {
			t.Errorf("%s: exit %d, want %d; stderr:\n%s", tt.name, code, tt.code, stderr.String())
		}
		if diff := cmp.Diff(tt.events, events); diff != "" {
			t.Errorf("%s: games written (-want +got):\n%s", tt.name, diff)
		}
		for _, s := range tt.errs {
			if !strings.Contains(stderr.String(), s) {
				t.Errorf("%s: no %q in stderr:\n%s", tt.name, s, stderr.String())
			}
		}
	}
}

func TestReviewCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if code := reviewMain(ctx, []string{"-nodes", "1000"}, strings.NewReader(reviewGames), &stdout, &stderr); code != 130 {
		t.Errorf("exit %d, want 130; stderr:\n%s", code, stderr.String())
	}
}

// TestReviewRepeats reviews the same game twice, with the default threads,
// and in one file twice: the output is the same byte for byte, and so are
// the two games of the file.
func TestReviewRepeats(t *testing.T) {
	game, err := os.ReadFile("internal/review/testdata/opera-clocks.pgn")
	if err != nil {
		t.Fatal(err)
	}
	run := func(in string) string {
		var stdout, stderr bytes.Buffer
		if code := reviewMain(context.Background(), []string{"-nodes", "30000"}, strings.NewReader(in), &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
		}
		return stdout.String()
	}
	first := run(string(game))
	if diff := cmp.Diff(first, run(string(game))); diff != "" {
		t.Errorf("a second review differs (-first +second):\n%s", diff)
	}
	if diff := cmp.Diff(first+first, run(string(game)+string(game))); diff != "" {
		t.Errorf("a file of the game twice (-the game's review twice +got):\n%s", diff)
	}
}

func TestReviewAnnotator(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "Luft " + version + ", 700000 nodes a position"},
		{[]string{"-movetime", "500ms"}, "Luft " + version + ", 500ms a position"},
		{[]string{"-nodes", "1000", "-threads", "2"}, "Luft " + version + ", 1000 nodes on 2 threads a position"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		r, err := reviewConfig(tt.args, &out, &out)
		if err != nil {
			t.Fatalf("%q: %v", tt.args, err)
		}
		if got := r.annotator(); got != tt.want {
			t.Errorf("%q: Annotator %q, want %q", tt.args, got, tt.want)
		}
	}
}
