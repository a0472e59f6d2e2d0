package player

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
)

func TestForElo(t *testing.T) {
	tests := []struct {
		elo  int
		want Level
	}{
		{800, table[0]},
		{500, table[0]}, // clamped
		{850, Level{Elo: 850, Depth: 1, Nodes: 424, MultiPV: 6, Spread: 110, MaxLoss: 325}},
		{1400, Level{Elo: 1400, Depth: 5, Nodes: 21213, MultiPV: 4, Spread: 33, MaxLoss: 110}},
		{2700, Level{Elo: 2700, Depth: 44, Nodes: 31622777, MultiPV: 1}},
		{2800, table[len(table)-1]},
		{3500, table[len(table)-1]}, // clamped
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ForElo(tt.elo)); diff != "" {
			t.Errorf("ForElo(%d) (-want +got):\n%s", tt.elo, diff)
		}
	}
}

// TestForEloMonotonic checks that every step up in Elo searches at least
// as much and chooses at least as carefully.
func TestForEloMonotonic(t *testing.T) {
	prev := ForElo(MinElo)
	for elo := MinElo + 25; elo <= MaxElo; elo += 25 {
		l := ForElo(elo)
		if l.Depth < prev.Depth || l.Nodes < prev.Nodes || l.MultiPV > prev.MultiPV ||
			l.Spread > prev.Spread || l.MaxLoss > prev.MaxLoss || l.MultiPV < 1 || l.Full() {
			t.Errorf("ForElo(%d) = %+v is not stronger than ForElo(%d) = %+v", elo, l, prev.Elo, prev)
		}
		prev = l
	}
}

func TestFromUCI(t *testing.T) {
	tests := []struct {
		limit      bool
		elo, skill int
		wantElo    int
		wantFull   bool
	}{
		{false, 1350, 20, 0, true}, // the defaults: full strength
		{false, 1350, 0, 800, false},
		{false, 1350, 7, 1500, false},
		{false, 1350, 19, 2700, false},
		{true, 1350, 20, 1350, false}, // UCI_LimitStrength overrides Skill Level
		{true, 2800, 3, 2800, false},
	}
	for _, tt := range tests {
		l := FromUCI(tt.limit, tt.elo, tt.skill)
		if l.Elo != tt.wantElo || l.Full() != tt.wantFull {
			t.Errorf("FromUCI(%v, %d, %d) = %+v, want Elo %d, full %v", tt.limit, tt.elo, tt.skill, l, tt.wantElo, tt.wantFull)
		}
	}
}

func TestLimits(t *testing.T) {
	l := Level{Depth: 3, Nodes: 1000, MultiPV: 4}
	tests := []struct {
		in, want engine.Limits
	}{
		{engine.Limits{}, engine.Limits{Depth: 3, Nodes: 1000, MultiPV: 4}},
		{engine.Limits{Depth: 2, Nodes: 5000}, engine.Limits{Depth: 2, Nodes: 1000, MultiPV: 4}},
		{engine.Limits{Depth: 9, Nodes: 10, MultiPV: 6}, engine.Limits{Depth: 3, Nodes: 10, MultiPV: 6}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, l.Limits(tt.in)); diff != "" {
			t.Errorf("Limits(%+v) (-want +got):\n%s", tt.in, diff)
		}
	}
	if diff := cmp.Diff(engine.Limits{Depth: 40}, (Level{}).Limits(engine.Limits{Depth: 40})); diff != "" {
		t.Errorf("full strength changed the limits (-want +got):\n%s", diff)
	}
}

// TestChoose checks the frequencies of the choices against their weights
// exp(-loss/Spread), and that a candidate beyond MaxLoss is never played.
func TestChoose(t *testing.T) {
	cands := []Candidate{{Score: 50}, {Score: 40}, {Score: -100}, {Score: -400}}
	l := Level{Elo: 1000, Spread: 100, MaxLoss: 300}
	r := rand.New(rand.NewPCG(1, 1))
	const n = 20000
	var counts [4]int
	for range n {
		counts[l.Choose(cands, r)]++
	}
	// Weights 1, 0.905, 0.223 and 0 give 0.470, 0.425, 0.105 and 0;
	// allow four standard deviations (about 0.014 for n = 20000).
	want := [4]float64{0.470, 0.425, 0.105, 0}
	for i, c := range counts {
		if got := float64(c) / n; got < want[i]-0.014 || got > want[i]+0.014 {
			t.Errorf("candidate %d chosen %.3f of the time, want %.3f", i, got, want[i])
		}
	}

	if i := (Level{}).Choose(cands, r); i != 0 {
		t.Errorf("full strength chose candidate %d", i)
	}
	if i := l.Choose(nil, r); i != -1 {
		t.Errorf("Choose(nil) = %d, want -1", i)
	}
	mates := []Candidate{{Score: engine.MateScore - 3}, {Score: 900}}
	for range 100 {
		if i := ForElo(MinElo).Choose(mates, r); i != 0 {
			t.Fatalf("the weakest level chose %d over a mate in 2", i)
		}
	}
}
