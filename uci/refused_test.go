package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/luftchess/luft/engine"
)

// TestGoRefused checks that every refused word of a go gets an info
// string naming it, that the valid rest of the command is obeyed, and
// that a go left without a limit searches for the fallback movetime
// rather than until a stop that the GUI will never send.
func TestGoRefused(t *testing.T) {
	fallback := "info string go: no limit left: searching as with movetime 1000"
	tests := []struct {
		line  string
		info  []string
		lim   engine.Limits
		moves []string // the searchmoves the searcher gets
	}{
		{"go depth -3", []string{"info string go: depth -3 refused: it must be at least 1", fallback},
			engine.Limits{MoveTime: time.Second}, nil},
		{"go depth", []string{"info string go: depth refused: it needs a value", fallback},
			engine.Limits{MoveTime: time.Second}, nil},
		{"go movetime abc", []string{"info string go: movetime abc refused: abc is not an integer", fallback},
			engine.Limits{MoveTime: time.Second}, nil},
		{"go fishing", []string{"info string go: fishing refused: not a go parameter", fallback},
			engine.Limits{MoveTime: time.Second}, nil},
		{"go depth 3 searchmoves e2e5", []string{
			"info string go: searchmoves e2e5 refused: not legal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			"info string go: searchmoves holds no legal move: every move is searched"},
			engine.Limits{Depth: 3}, nil},
		{"go depth 2 searchmoves e2e5 g1f3 0000 e2e4", []string{
			"info string go: searchmoves e2e5 refused: not legal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
			engine.Limits{Depth: 2}, []string{"g1f3", "e2e4"}},
		{"go fishing depth 2 nodes x", []string{
			"info string go: fishing refused: not a go parameter",
			"info string go: nodes x refused: x is not an integer"},
			engine.Limits{Depth: 2}, nil},
		{"go infinite depth -1", []string{"info string go: depth -1 refused: it must be at least 1"},
			engine.Limits{Infinite: true}, nil},
		{"go depth 2", nil, engine.Limits{Depth: 2}, nil},
	}
	for _, tt := range tests {
		f := &fakeSearcher{step: time.Millisecond}
		c := startSession(t, f)
		c.send("position startpos", tt.line)
		if strings.Contains(tt.line, "infinite") {
			c.send("stop")
		}
		got := c.until("bestmove", 5*time.Second)
		var info []string
		for _, l := range got {
			if strings.HasPrefix(l, "info string") {
				info = append(info, l)
			}
		}
		if diff := cmp.Diff(tt.info, info); diff != "" {
			t.Errorf("%q: info strings (-want +got):\n%s", tt.line, diff)
		}
		f.mu.Lock()
		lim := f.limits[0]
		f.mu.Unlock()
		var moves []string
		for _, m := range lim.SearchMoves {
			moves = append(moves, m.UCI(false))
		}
		if diff := cmp.Diff(tt.moves, moves); diff != "" {
			t.Errorf("%q: searchmoves (-want +got):\n%s", tt.line, diff)
		}
		if diff := cmp.Diff(tt.lim, lim, cmpopts.IgnoreFields(engine.Limits{}, "SearchMoves")); diff != "" {
			t.Errorf("%q: limits (-want +got):\n%s", tt.line, diff)
		}
	}
}
