package engine

import (
	"testing"

	"github.com/luftchess/luft/engine/game/score"
)

// TestReported checks the one conversion of search scores to reported
// ones, and that ScoreOf takes the reported score back to a search score
// that reports the same.
func TestReported(t *testing.T) {
	for s, want := range map[Score]score.Score{
		0:                      {},
		35:                     {CP: 35},
		-120:                   {CP: -120},
		MateScore - MaxPly - 1: {CP: int(MateScore - MaxPly - 1)}, // a tablebase win
		MateScore - 1:          {Mate: 1},
		MateScore - 2:          {Mate: 1},
		MateScore - 3:          {Mate: 2},
		-MateScore + 2:         {Mate: -1},
		-MateScore + 4:         {Mate: -2},
		-MateScore + 1:         {Mate: -1}, // odd, and no search reports it: still a mate
		-MateScore:             {Mate: -1},
		MateScore:              {Mate: 1},
	} {
		got := s.Reported()
		if got != want {
			t.Errorf("Score(%d).Reported() = %+v, want %+v", s, got, want)
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
