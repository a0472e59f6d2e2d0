//go:build spsa

package uci

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine"
)

// TestSPSAOptions checks the spsa build: uci declares every tunable
// parameter as a spin option over its range, a value out of range is
// refused, and a value set through setoption changes the search (its
// node count to a fixed depth), and setting the default back restores it.
func TestSPSAOptions(t *testing.T) {
	c := startSession(t, engine.New(engine.Options{HashMB: 16, Threads: 1}))
	c.send("uci")
	decl := c.until("uciok", 5*time.Second)
	tunables := engine.Tunables()
	if len(tunables) == 0 {
		t.Fatal("no tunable parameters in the spsa build")
	}
	for _, tu := range tunables {
		want := fmt.Sprintf("option name %s type spin default %d min %d max %d", tu.Name, tu.Default, tu.Min, tu.Max)
		if !slices.Contains(decl, want) {
			t.Errorf("uci does not declare %q", want)
		}
	}
	c.send("setoption name RFPMargin value 1000")
	if got := c.sync(); len(got) != 1 || !strings.Contains(got[0], "outside") {
		t.Errorf("out of range: %q", got)
	}
	nodes := func() string {
		c.send("ucinewgame", "position startpos moves e2e4 e7e5 g1f3", "go depth 9")
		lines := c.until("bestmove", 30*time.Second)
		for i := len(lines) - 1; i >= 0; i-- {
			if f := strings.Fields(lines[i]); slices.Contains(f, "nodes") {
				return f[slices.Index(f, "nodes")+1]
			}
		}
		t.Fatalf("no nodes in %q", lines)
		return ""
	}
	base := nodes()
	for _, tu := range []struct {
		name     string
		value    int
		original int
	}{{"RFPMargin", 40, 80}, {"LMRBase", 150, 75}, {"FutilityMargin", 60, 120}} {
		c.send(fmt.Sprintf("setoption name %s value %d", tu.name, tu.value))
		if got := nodes(); got == base {
			t.Errorf("%s %d: the search counted %s nodes, as with the default", tu.name, tu.value, got)
		}
		c.send(fmt.Sprintf("setoption name %s value %d", tu.name, tu.original))
		if got := nodes(); got != base {
			t.Errorf("%s back to %d: %s nodes, want %s", tu.name, tu.original, got, base)
		}
	}
}
