package uci

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// infoField returns the integer after key in an info line, and whether
// the line has it.
func infoField(line, key string) (int, bool) {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f) && f[i] != "pv"; i++ {
		if f[i] == key {
			n, err := strconv.Atoi(f[i+1])
			return n, err == nil
		}
	}
	return 0, false
}

// pvLines returns the info lines of lines that carry a PV.
func pvLines(lines []string) []string {
	var pv []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info ") && strings.Contains(l, " pv ") {
			pv = append(pv, l)
		}
	}
	return pv
}

// TestBinaryPonderLimits checks that go ponder keeps its depth, nodes and
// mate limits: the search stops on them, holds its bestmove until the
// ponderhit, and then answers. Before, it searched on to depth 14-17 and
// finished that iteration after the ponderhit.
func TestBinaryPonderLimits(t *testing.T) {
	const (
		middle = "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10"
		mate2  = "fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
	)
	tests := []struct {
		pos, goLine string
		check       func(final string) string // what is wrong with the final line, if anything
	}{
		{middle, "go ponder depth 5", func(final string) string {
			if d, _ := infoField(final, "depth"); d != 5 {
				return "depth is not 5"
			}
			return ""
		}},
		{middle, "go ponder nodes 20000", func(final string) string {
			if n, _ := infoField(final, "nodes"); n > 20000+1024 {
				return "more than 20000 nodes"
			}
			return ""
		}},
		{mate2, "go ponder mate 2", func(final string) string {
			if d, _ := infoField(final, "depth"); d > 8 || !strings.Contains(final, "score mate 2 ") {
				return "not a mate in 2 found by depth 8"
			}
			return ""
		}},
	}
	c := startBinary(t)
	for _, tt := range tests {
		c.send("position "+tt.pos, tt.goLine)
		time.Sleep(time.Second)
		before := c.sync()
		for _, l := range before {
			if strings.HasPrefix(l, "bestmove") {
				t.Fatalf("%s: %q before the ponderhit", tt.goLine, l)
			}
		}
		c.send("ponderhit")
		after := c.until("bestmove", 10*time.Second)
		checkBestmove(t, after[len(after)-1], tt.pos)
		all := pvLines(append(before, after...))
		if len(all) == 0 {
			t.Fatalf("%s: no info line", tt.goLine)
		}
		final := all[len(all)-1]
		for _, l := range all {
			if d, _ := infoField(l, "depth"); d > 20 {
				t.Errorf("%s: %q", tt.goLine, l)
				break
			}
		}
		if msg := tt.check(final); msg != "" {
			t.Errorf("%s: final line %q: %s", tt.goLine, final, msg)
		}
	}
}

// TestBinaryFinalLine checks that a search ends with a line for the
// whole search, multipv 1 last, its nodes and time those of the search
// up to its end, and that a mate in 1 reports the depth that found it.
func TestBinaryFinalLine(t *testing.T) {
	c := startBinary(t)
	// go infinite stopped after a second: the lines after the stop are
	// the final ones; before, the last line was that of the last
	// finished iteration, sent before the stop.
	for _, multiPV := range []int{1, 3} {
		c.send("setoption name MultiPV value "+strconv.Itoa(multiPV), "position startpos moves e2e4", "go infinite")
		time.Sleep(time.Second)
		before := pvLines(c.sync())
		c.send("stop")
		after := pvLines(c.until("bestmove", 5*time.Second))
		if len(after) < multiPV {
			t.Fatalf("MultiPV %d: %d lines after the stop, want the %d final ones; before %q", multiPV, len(after), multiPV, before)
		}
		final := after[len(after)-1]
		if mp, _ := infoField(final, "multipv"); mp != 1 {
			t.Errorf("MultiPV %d: final line %q is not multipv 1", multiPV, final)
		}
		nodes, _ := infoField(final, "nodes")
		ms, _ := infoField(final, "time")
		for _, l := range before {
			n, _ := infoField(l, "nodes")
			m, _ := infoField(l, "time")
			if n > nodes || m > ms {
				t.Errorf("MultiPV %d: final line %q has fewer nodes or less time than %q", multiPV, final, l)
			}
		}
	}
	// Mate in 1 with limits that the search does not reach: before, the
	// cheap iterations ran up to depth 127.
	c.send("setoption name MultiPV value 1")
	for _, goLine := range []string{"go movetime 300", "go nodes 3000000", "go depth 60"} {
		c.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", goLine)
		lines := pvLines(c.until("bestmove", 5*time.Second))
		final := lines[len(lines)-1]
		if d, _ := infoField(final, "depth"); d > 4 || !strings.Contains(final, "score mate 1 ") {
			t.Errorf("%s: final line %q, want mate 1 at depth 4 at most", goLine, final)
		}
	}
}
