package uci

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// TestOwnBook checks that with OwnBook on the first moves come from the
// book and still carry a score, and that with it off the engine searches.
func TestOwnBook(t *testing.T) {
	// The book of the shared data, too big (1.5 MB) to copy into testdata.
	bookFile := boardtest.SharedData(t, "books", "performance.bin")
	c := startSession(t, engine.New(engine.Options{HashMB: 1}))
	c.send("setoption name BookFile value "+bookFile, "setoption name OwnBook value true")
	if got := c.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string book ") {
		t.Errorf("after setting the book: %q, want one info string with its size", got)
	}
	bookMoves := map[string]bool{"e2e4": true, "d2d4": true, "c2c4": true}
	for range 5 {
		c.send("position startpos", "go wtime 1000 btime 1000")
		lines := c.until("bestmove", 5*time.Second)
		best := checkBestmove(t, lines[len(lines)-1], "startpos")
		if !bookMoves[best] {
			t.Errorf("bestmove %s is not one of the book's moves %v", best, bookMoves)
		}
		if len(lines) < 2 || !strings.Contains(lines[len(lines)-2], " score cp ") || !strings.Contains(lines[len(lines)-2], " pv "+best) {
			t.Errorf("book move %s without a score line before it: %q", best, lines)
		}
	}

	c.send("setoption name OwnBook value false", "position startpos", "go depth 2")
	lines := c.until("bestmove", 5*time.Second)
	checkBestmove(t, lines[len(lines)-1], "startpos")
	if !strings.Contains(strings.Join(lines, "\n"), "depth 2 ") {
		t.Errorf("without the book the engine did not search: %q", lines)
	}
}

// TestLimitStrength checks that UCI_Elo and Skill Level cap the search
// whatever the clock allows, and report only the lines MultiPV asks for.
func TestLimitStrength(t *testing.T) {
	tests := []struct {
		options []string
		depth   int // the level's depth
	}{
		{[]string{"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1400"}, 5}, // UCI_Elo's lowest
		{[]string{"setoption name Skill Level value 0"}, 1},                                               // Elo 800
		{[]string{"setoption name Skill Level value 3"}, 3},                                               // Elo 1100
	}
	for _, tt := range tests {
		c := startSession(t, engine.New(engine.Options{HashMB: 1}))
		c.send(tt.options...)
		c.send("position startpos moves e2e4 e7e5", "go movetime 20000")
		start := time.Now()
		lines := c.until("bestmove", 10*time.Second)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%q: bestmove after %v, want the level's budget to end the search", tt.options, d)
		}
		checkBestmove(t, lines[len(lines)-1], "startpos moves e2e4 e7e5")
		deepest := 0
		for _, l := range lines {
			if strings.Contains(l, " multipv ") && !strings.Contains(l, " multipv 1 ") {
				t.Errorf("%q: line %q beyond MultiPV 1", tt.options, l)
			}
			if f := strings.Fields(l); len(f) > 2 && f[1] == "depth" {
				d, _ := strconv.Atoi(f[2])
				deepest = max(deepest, d)
			}
		}
		if deepest != tt.depth {
			t.Errorf("%q: searched to depth %d, want the level's %d:\n%s", tt.options, deepest, tt.depth, strings.Join(lines, "\n"))
		}
	}
}
