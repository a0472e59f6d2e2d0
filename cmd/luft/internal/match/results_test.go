package match

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/engine/game/stats"
)

// TestFormatElo checks the Elo of the report at the ends of a match's
// statistics: one-sided scores, samples without variance and intervals
// that reach a score of 0% or 100%.
func TestFormatElo(t *testing.T) {
	tests := []struct {
		name     string
		x        stats.Sampler
		elo, int string
	}{
		{"two wins", stats.Trinomial{Wins: 2}, "none yet, the games score 100%, too one-sided to estimate", ""},
		{"two losses", stats.Trinomial{Losses: 2}, "none yet, the games score 0%, too one-sided to estimate", ""},
		{"a pair all won", stats.Pentanomial{4: 1}, "none yet, the one complete pair scores 100%, too one-sided to estimate", ""},
		{"two pairs all lost", stats.Pentanomial{0: 2}, "none yet, the 2 complete pairs score 0%, too one-sided to estimate", ""},
		{"no game", stats.Trinomial{}, "none yet, no game played", ""},
		{"the first game of a pair", stats.Pentanomial{}, "none yet, no game pair complete (games in pairs count by the pair)", ""},
		{"only draws", stats.Trinomial{Draws: 6}, "0.0 (no error bar yet)", ""},
		{"one pair split", stats.Pentanomial{2: 1}, "0.0 (no error bar yet)", ""},
		{"a win and a loss", stats.Trinomial{Wins: 1, Losses: 1}, "0.0 (error bar unbounded yet)", ", 95% CI [-Inf, +Inf]"},
		{"a win and a draw", stats.Trinomial{Wins: 1, Draws: 1}, "190.8 (error bar unbounded yet)", ", 95% CI [-67.9, +Inf]"},
		{"30-20-40", stats.Trinomial{Wins: 30, Losses: 20, Draws: 40}, "38.8 +/- 54.0", ", 95% CI [-14.3, 93.7]"},
	}
	for _, tt := range tests {
		e := stats.EstimateElo(tt.x)
		got := []string{formatElo(e, tt.x), formatInterval(e)}
		if diff := cmp.Diff([]string{tt.elo, tt.int}, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.name, diff)
		}
	}
}

// TestReportAfterOneWin checks the report of a node-limited match with
// games in pairs after its first game, a win: the running line has no
// Elo yet (not 0), and the final report names the node budget, as
// fastchess's does, not "-".
func TestReportAfterOneWin(t *testing.T) {
	tc := referee.TimeControl{Nodes: 20000}
	cfg := &Config{Players: []Player{{Name: "A", TC: tc}, {Name: "B", TC: tc}}, Repeat: true}
	r := newResults(cfg, 2)
	g := &played{pairing: pairing{number: 1, round: 1, white: 0, black: 1, pair: 0},
		result: outcome.WhiteWins, reason: outcome.Checkmate, detail: "White mates"}
	r.add(g)
	var out strings.Builder
	r.printGame(&out, g)
	r.Print(&out)
	for _, want := range []string{
		"Score of A vs B: 1 - 0 - 0  [1.000] 1, Elo none yet, no game pair complete",
		"Results of A vs B (20000 nodes vs 20000 nodes):\nElo: none yet, no game pair complete",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}
