package score

import (
	stdcmp "cmp"
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/engine/board"
)

func TestText(t *testing.T) {
	tests := []struct {
		s                             Score
		str, pgnEval, comment, uci, j string
	}{
		{Score{CP: 35}, "+0.35", "0.35", "+0.35", "cp 35", `{"cp":35}`},
		{Score{CP: -120}, "-1.20", "-1.20", "-1.20", "cp -120", `{"cp":-120}`},
		{Score{}, "+0.00", "0.00", "+0.00", "cp 0", `{"cp":0}`},
		{Score{CP: -1}, "-0.01", "-0.01", "-0.01", "cp -1", `{"cp":-1}`},
		{Score{Mate: 3}, "#3", "#3", "+M3", "mate 3", `{"cp":0,"mate":3}`},
		{Score{Mate: -2}, "#-2", "#-2", "-M2", "mate -2", `{"cp":0,"mate":-2}`},
	}
	for _, tt := range tests {
		j, err := json.Marshal(tt.s)
		if err != nil {
			t.Fatal(err)
		}
		got := []string{tt.s.String(), tt.s.PGNEval(), tt.s.Comment(), tt.s.UCI(), string(j)}
		want := []string{tt.str, tt.pgnEval, tt.comment, tt.uci, tt.j}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%+v: String, PGNEval, Comment, UCI, JSON (-want +got):\n%s", tt.s, diff)
		}
	}
}

func TestParseUCI(t *testing.T) {
	tests := []struct {
		kind, n string
		want    Score
		ok      bool
	}{
		{"cp", "35", Score{CP: 35}, true},
		{"cp", "-35", Score{CP: -35}, true},
		{"mate", "-3", Score{Mate: -3}, true},
		{"mate", "0", Score{}, true},
		{"mate", "x", Score{}, false},
		{"lowerbound", "3", Score{}, false},
		{"cp", "", Score{}, false},
	}
	for _, tt := range tests {
		got, err := ParseUCI(tt.kind, tt.n)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseUCI(%q, %q) = %+v, %v, want %+v, ok %v", tt.kind, tt.n, got, err, tt.want, tt.ok)
		}
		if err == nil && tt.n != "0" {
			if back := got.UCI(); back != tt.kind+" "+tt.n {
				t.Errorf("ParseUCI(%q, %q).UCI() = %q", tt.kind, tt.n, back)
			}
		}
	}
}

func TestView(t *testing.T) {
	tests := []struct {
		s            Score
		side, viewer board.Color
		want         Score
	}{
		{Score{CP: 35}, board.White, board.White, Score{CP: 35}},
		{Score{CP: 35}, board.Black, board.White, Score{CP: -35}},
		{Score{Mate: 2}, board.White, board.Black, Score{Mate: -2}},
		{Score{Mate: -4}, board.Black, board.Black, Score{Mate: -4}},
	}
	for _, tt := range tests {
		if got := tt.s.View(tt.side, tt.viewer); got != tt.want {
			t.Errorf("%+v.View(%v, %v) = %+v, want %+v", tt.s, tt.side, tt.viewer, got, tt.want)
		}
	}
}

// TestCompare sorts scores and checks the order, worst first, and that
// Compare agrees with itself turned around.
func TestCompare(t *testing.T) {
	want := []Score{{Mate: -1}, {Mate: -2}, {Mate: -30}, {CP: -100000}, {CP: -5}, {}, {CP: 5}, {CP: 100000}, {Mate: 30}, {Mate: 2}, {Mate: 1}}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortFunc(got, Compare)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sorted by Compare (-want +got):\n%s", diff)
	}
	for i, a := range want {
		for j, b := range want {
			if c := Compare(a, b); c != stdcmp.Compare(i, j) || Compare(b.Neg(), a.Neg()) != c {
				t.Errorf("Compare(%+v, %+v) = %d, want %d, the same for the other side", a, b, c, stdcmp.Compare(i, j))
			}
		}
	}
}
