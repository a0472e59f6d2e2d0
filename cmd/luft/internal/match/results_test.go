package match

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/match/stats"
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
