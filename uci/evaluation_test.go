package uci

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/enginetest"
	"github.com/luftchess/luft/eval/nnue"
)

// TestEvaluationReachesSearch changes the evaluation through Use NNUE,
// EvalFile and the strength options, between searches and during one,
// and checks that each change reaches the engine once: one SetOptions
// for a change of options (none for a value it already has, one for
// those made during a search), and the searches after it evaluate with
// the new choice, so the engine's table is cleared once. The strength
// options evaluate by hand up to 2200 and with the network from 2300
// (Skill Level 15), without touching the engine's options.
func TestEvaluationReachesSearch(t *testing.T) {
	small, err := nnue.NewNetwork(16, 2)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "small.nnue")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := small.Write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.HashMB = 1
	rec := enginetest.New(engine.New(o))
	c := startSession(t, rec)
	search := func(g string) { c.send("position startpos", g); c.until("bestmove", 5*time.Second) }
	set := func(name, value string) { c.send("setoption name " + name + " value " + value) }

	search("go depth 1")
	set("Use NNUE", "false")
	search("go depth 1")
	search("go depth 1")
	set("Use NNUE", "false") // no change
	set("EvalFile", file)    // kept for when Use NNUE is true
	search("go depth 1")
	set("Use NNUE", "true")
	search("go depth 1")
	c.send("position startpos", "go infinite")
	c.until("info depth 1 ", 5*time.Second)
	set("EvalFile", "<empty>") // during the search: passed on at its end, once
	set("Use NNUE", "false")
	set("Use NNUE", "true")
	c.send("stop")
	c.until("bestmove", 5*time.Second)
	search("go depth 1")
	set("UCI_LimitStrength", "true")
	search("go depth 1")
	set("UCI_LimitStrength", "false")
	search("go depth 1")
	set("Skill Level", "15") // 2300: a level with the network
	search("go depth 1")
	set("Skill Level", "14") // 2200: hand-crafted, as calibrated
	search("go depth 1")
	c.sync()

	// Networks by their size: the built-in network's, the small one's,
	// and 0 for the hand-crafted evaluation.
	hidden := cmp.Transformer("hidden", func(n *nnue.Network) int {
		if n == nil {
			return 0
		}
		return n.Hidden
	})
	builtin := o.Net
	want := enginetest.Record{
		Set:      []*nnue.Network{nil, nil, small, builtin},
		Searched: []*nnue.Network{builtin, nil, nil, nil, small, small, builtin, nil, builtin, builtin, nil},
	}
	if diff := cmp.Diff(want, rec.Record(), hidden); diff != "" {
		t.Errorf("what reached the engine (-want +got):\n%s", diff)
	}
}
