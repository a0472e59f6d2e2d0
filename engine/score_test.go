package engine

import (
	"testing"

	"github.com/luftchess/luft/engine/game/score"
)

// TestReported checks the one conversion of search scores to reported
// ones, and that ScoreOf takes the reported score back to a search score
// that reports the same.
func TestReported(t *testing.T) {
	tests := []struct {
		s    Score
		want score.Score
	}{
		{0, score.Score{}},
		{35, score.Score{CP: 35}},
		{-120, score.Score{CP: -120}},
		{MateScore - MaxPly - 1, score.Score{CP: int(MateScore - MaxPly - 1)}}, // a tablebase win
		{MateScore - 1, score.Score{Mate: 1}},
		{MateScore - 2, score.Score{Mate: 1}},
		{MateScore - 3, score.Score{Mate: 2}},
		{-MateScore + 2, score.Score{Mate: -1}},
		{-MateScore + 4, score.Score{Mate: -2}},
		{-MateScore + 1, score.Score{Mate: -1}}, // odd, and no search reports it: still a mate
		{-MateScore, score.Score{Mate: -1}},
		{MateScore, score.Score{Mate: 1}},
	}
	for _, tt := range tests {
		got := tt.s.Reported()
		if got != tt.want {
			t.Errorf("Score(%d).Reported() = %+v, want %+v", tt.s, got, tt.want)
		}
		if back := ScoreOf(got).Reported(); back != got {
			t.Errorf("ScoreOf(%+v).Reported() = %+v", got, back)
		}
	}
	for _, tt := range []struct {
		r    score.Score
		want Score
	}{
		{score.Score{CP: 50000}, MateScore - MaxPly - 1},
		{score.Score{CP: -50000}, -MateScore + MaxPly + 1},
		{score.Score{Mate: 1}, MateScore - 1},
		{score.Score{Mate: -1}, -MateScore + 2},
	} {
		if got := ScoreOf(tt.r); got != tt.want {
			t.Errorf("ScoreOf(%+v) = %d, want %d", tt.r, got, tt.want)
		}
	}
}
