package tune

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/luftchess/luft/engine/game/score"
	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/client/clienttest"
)

// TestExpectedScore checks the logistic curve and that mates are certain.
func TestExpectedScore(t *testing.T) {
	for _, tc := range []struct {
		s    score.Score
		want float64
	}{
		{score.Score{CP: 0}, 0.5},
		{score.Score{CP: 400}, 10.0 / 11},
		{score.Score{CP: -400}, 1.0 / 11},
		{score.Score{Mate: 3}, 1},
		{score.Score{Mate: -1}, 0},
	} {
		if got := ExpectedScore(tc.s, 400); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("ExpectedScore(%+v) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestMain(m *testing.M) { clienttest.Main(m) }

// fakeEngines returns a pool of fake engines in the mode, closed when
// the test ends.
func fakeEngines(t *testing.T, mode string) *client.Pool {
	p := &client.Pool{Config: client.Config{Cmd: clienttest.Fake, Args: []string{mode}}}
	t.Cleanup(p.Close)
	return p
}

// TestLabel labels positions by two fake engines that score every
// position 400 centipawns up for the side to move, an expected score of
// 10/11: the blend with the result must turn it to White's point of view
// when Black is to move.
func TestLabel(t *testing.T) {
	const up = 10.0 / 11
	samples := []Sample{
		{FEN: "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"},
		{FEN: "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1"},
		{FEN: "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Result: 1},
		{FEN: "4k3/8/8/8/8/8/8/4K3 b - - 0 1", Result: 0.5},
	}
	want := []Sample{
		{FEN: samples[0].FEN, Result: 0.75 * up},
		{FEN: samples[1].FEN, Result: 0.75 * (1 - up)},
		{FEN: samples[2].FEN, Result: 0.25 + 0.75*up},
		{FEN: samples[3].FEN, Result: 0.125 + 0.75*(1-up)},
	}
	var handed []int
	err := Label(t.Context(), samples, fakeEngines(t, "up"), Labelling{Depth: 4, Weight: 0.25, Scale: 400, Engines: 2,
		Progress: func(done int) { handed = append(handed, done) }})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, samples, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{1, 2, 3, 4}, handed); diff != "" {
		t.Errorf("progress (-want +got):\n%s", diff)
	}
}

// TestLabelReplaces labels positions by fake engines that exit at their
// third search: each one that exits must be replaced, and every position
// labelled, an even score blended with the result.
func TestLabelReplaces(t *testing.T) {
	for _, engines := range []int{1, 2} {
		var samples, want []Sample
		for i := range 9 {
			fen := "4k3/8/8/8/8/8/8/4K3 w - - 0 " + strconv.Itoa(i+1)
			samples = append(samples, Sample{FEN: fen, Result: 1})
			want = append(want, Sample{FEN: fen, Result: 0.75})
		}
		err := Label(t.Context(), samples, fakeEngines(t, "tired"), Labelling{Depth: 1, Weight: 0.5, Scale: 400, Engines: engines})
		if err != nil {
			t.Fatalf("%d engines: %v", engines, err)
		}
		if diff := cmp.Diff(want, samples); diff != "" {
			t.Errorf("%d engines: labels (-want +got):\n%s", engines, diff)
		}
	}
}

// TestLabelFails checks that Label returns the failure of an engine that
// crashes on every position, or does not start, naming the position.
func TestLabelFails(t *testing.T) {
	fen := "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"
	for _, mode := range []string{"crash", "missing"} {
		engines := fakeEngines(t, mode)
		if mode == "missing" {
			engines.Config.Cmd = "/nonexistent/engine"
		}
		err := Label(t.Context(), []Sample{{FEN: fen}}, engines, Labelling{Depth: 1, Scale: 400})
		if err == nil || !strings.Contains(err.Error(), fen) {
			t.Errorf("Label by engines that %s: %v, want an error naming the position", mode, err)
		}
	}
}
