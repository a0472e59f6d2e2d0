package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/match/pgn"
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
