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
		{850, Level{Elo: 850, Depth: 1, Nodes: 424, MultiPV: 6, Spread: 110, MaxLoss: 325, HandCrafted: true}},
		{1400, Level{Elo: 1400, Depth: 5, Nodes: 21213, MultiPV: 4, Spread: 33, MaxLoss: 110, HandCrafted: true}},
		{2200, Level{Elo: 2200, Depth: 14, Nodes: 250000, MultiPV: 1, HandCrafted: true}},
		// Between the hand-crafted 2200 and the network's 2300: the
		// nearer row, the lower at the midpoint.
		{2201, Level{Elo: 2201, Depth: 14, Nodes: 250000, MultiPV: 1, HandCrafted: true}},
		{2250, Level{Elo: 2250, Depth: 14, Nodes: 250000, MultiPV: 1, HandCrafted: true}},
		{2251, Level{Elo: 2251, Depth: 24, Nodes: 250000, MultiPV: 1}},
		{2300, Level{Elo: 2300, Depth: 24, Nodes: 250000, MultiPV: 1}},
		{2350, Level{Elo: 2350, Depth: 24, Nodes: 353553, MultiPV: 1}},
		{2400, Level{Elo: 2400, Depth: 24, Nodes: 500000, MultiPV: 1}},
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

// TestTable checks the table's order and evaluations: rising ratings
// from MinElo to MaxElo, the hand-crafted rows up to 2200 first, the
// network's from 2300 up, and the calibrated range inside it.
func TestTable(t *testing.T) {
	if table[0].Elo != MinElo || table[len(table)-1].Elo != MaxElo {
		t.Errorf("the table spans %d-%d, want %d-%d", table[0].Elo, table[len(table)-1].Elo, MinElo, MaxElo)
	}
	for i, r := range table {
		if i > 0 && r.Elo <= table[i-1].Elo {
			t.Errorf("row %d (%d) does not rise from %d", i, r.Elo, table[i-1].Elo)
		}
		if want := r.Elo <= 2200; r.HandCrafted != want {
			t.Errorf("row %d plays HandCrafted %v, want %v", r.Elo, r.HandCrafted, want)
		}
		if r.Full() || r.MultiPV < 1 || r.Depth < 1 || r.Nodes < 1 {
			t.Errorf("row %+v has no budget", r)
		}
	}
	if MinElo > MinCalibratedElo || MinCalibratedElo > MaxCalibratedElo || MaxCalibratedElo > MaxElo || MaxCalibratedElo%100 != 0 {
		t.Errorf("calibrated range %d-%d outside %d-%d or not on a Skill Level", MinCalibratedElo, MaxCalibratedElo, MinElo, MaxElo)
	}
}

// TestForEloMonotonic checks that every step up in Elo plays at least as
// strongly: it never goes back from the network to the hand-crafted
// evaluation, searches at least as deep, and, with the same evaluation,
// at least as many nodes and chooses at least as carefully. (Where the
// evaluation changes nodes may fall: the network's are worth more.)
func TestForEloMonotonic(t *testing.T) {
	prev := ForElo(MinElo)
	for elo := MinElo + 1; elo <= MaxElo; elo++ {
		l := ForElo(elo)
		if l.Elo != elo || l.Depth < prev.Depth || l.MultiPV > prev.MultiPV ||
			l.Spread > prev.Spread || l.MaxLoss > prev.MaxLoss || l.MultiPV < 1 || l.Full() ||
			l.HandCrafted && !prev.HandCrafted || l.HandCrafted == prev.HandCrafted && l.Nodes < prev.Nodes {
			t.Fatalf("ForElo(%d) = %+v is not stronger than ForElo(%d) = %+v", elo, l, prev.Elo, prev)
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
