package tune

import (
	"context"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/uci"
	"github.com/luftchess/luft/uci/client"
)

// TestExpectedScore checks the logistic curve and that mates are certain.
func TestExpectedScore(t *testing.T) {
	for _, tc := range []struct {
		s    client.Score
		want float64
	}{
		{client.Score{Valid: true, CP: 0}, 0.5},
		{client.Score{Valid: true, CP: 400}, 10.0 / 11},
		{client.Score{Valid: true, CP: -400}, 1.0 / 11},
		{client.Score{Valid: true, Mate: 3}, 1},
		{client.Score{Valid: true, Mate: -1}, 0},
	} {
		if got := ExpectedScore(tc.s, 400); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("ExpectedScore(%+v) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestLabel labels a queen-up position with each side to move and a lost
// game result, by two of Luft's own engines: the blend must give White
// about half (the result says 0, the engine about 1) whichever side is to
// move.
func TestLabel(t *testing.T) {
	engines := []*client.Engine{luftEngine(t), luftEngine(t)}
	samples := []Sample{{FEN: "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"}, {FEN: "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1"}, {FEN: "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Result: 1}}
	var handed []int
	err := Label(context.Background(), samples, engines, Labelling{Depth: 4, Weight: 0.5, Scale: 400,
		Progress: func(done int) { handed = append(handed, done) }})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range samples[:2] {
		if s.Result < 0.45 || s.Result > 0.5 {
			t.Errorf("%s: label %v, want about 0.5", s.FEN, s.Result)
		}
	}
	// Bare kings: a draw by the engine, a win by the result.
	if got := samples[2].Result; got != 0.75 {
		t.Errorf("%s: label %v, want 0.75", samples[2].FEN, got)
	}
	if diff := cmp.Diff([]int{1, 2, 3}, handed); diff != "" {
		t.Errorf("progress (-want +got):\n%s", diff)
	}
}

// TestLabelFails checks that Label returns an engine's failure, naming
// the position.
func TestLabelFails(t *testing.T) {
	e := luftEngine(t)
	e.Close(time.Second)
	err := Label(context.Background(), []Sample{{FEN: "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"}}, []*client.Engine{e}, Labelling{Depth: 1, Scale: 400})
	if err == nil || !strings.Contains(err.Error(), "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1") {
		t.Errorf("Label with an engine that quit: %v, want an error naming the position", err)
	}
}

// luftEngine returns a client of Luft's own UCI engine, run in this
// process.
func luftEngine(t *testing.T) *client.Engine {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		uci.Run(inR, outW, engine.New(engine.Options{Net: engine.DefaultOptions().Net}), uci.ID{Name: "Luft"})
		outW.Close()
	}()
	e := client.Connect(inW, outR)
	t.Cleanup(func() { e.Close(time.Second) })
	if err := e.Handshake(context.Background(), nil, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	return e
}
