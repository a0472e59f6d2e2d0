package pgn

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/game/score"
)

func TestParseEval(t *testing.T) {
	tests := []struct {
		comment string
		want    Eval
		ok      bool
	}{
		{"+0.35/12 0.120s", Eval{Score: score.Score{CP: 35}, Depth: 12}, true},
		{"-1.05/9 0.050s", Eval{Score: score.Score{CP: -105}, Depth: 9}, true},
		{"0.00/1 0s", Eval{Depth: 1}, true},
		{"+0.29/16, 0.351s", Eval{Score: score.Score{CP: 29}, Depth: 16}, true},
		{"-0.01/7", Eval{Score: score.Score{CP: -1}, Depth: 7}, true},
		{"+M5/20 1.2s", Eval{Score: score.Score{Mate: 5}, Depth: 20}, true},
		{"-M3/18 0.4s", Eval{Score: score.Score{Mate: -3}, Depth: 18}, true},
		{"+327.67/40 0.1s", Eval{Score: score.Score{CP: 32767}, Depth: 40}, true},
		{"book", Eval{}, false},
		{"", Eval{}, false},
		{"0.120s", Eval{}, false},
		{"+0.35/x 1s", Eval{}, false},
		{"+NaN/3 1s", Eval{}, false},
		{"White mates", Eval{}, false},
	}
	for _, tt := range tests {
		got, ok := ParseEval(tt.comment)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseEval(%q) = %+v, %v, want %+v, %v", tt.comment, got, ok, tt.want, tt.ok)
		}
	}
}

// TestEvalRoundTrip checks that ParseEval reads what String writes.
func TestEvalRoundTrip(t *testing.T) {
	for _, e := range []Eval{{Score: score.Score{CP: 35}, Depth: 12}, {Score: score.Score{CP: -105}, Depth: 9}, {Depth: 3}, {Score: score.Score{Mate: 5}, Depth: 20}, {Score: score.Score{Mate: -3}, Depth: 1}, {Score: score.Score{CP: -1}, Depth: 2}} {
		got, ok := ParseEval(e.String() + " 0.100s")
		if diff := cmp.Diff(e, got); !ok || diff != "" {
			t.Errorf("ParseEval(%q) = %v (-want +got):\n%s", e.String(), ok, diff)
		}
	}
}
