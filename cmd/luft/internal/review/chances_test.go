package review

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestWinPercent(t *testing.T) {
	tests := []struct {
		cp   int
		want float64
	}{
		{0, 50},
		{100, 59.10},
		{-100, 40.90},
		{300, 75.11},
		{1000, 97.55},
		{5000, 97.55}, // clamped
		{-5000, 2.45},
	}
	for _, tt := range tests {
		if got := WinPercent(tt.cp); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("WinPercent(%d) = %.3f, want %.2f", tt.cp, got, tt.want)
		}
	}
}

func TestMoveAccuracy(t *testing.T) {
	tests := []struct {
		before, after, want float64
	}{
		{50, 50, 100},
		{50, 60, 100},
		{50, 49, 96.60}, // 103.1668*exp(-0.04354) - 3.1669 + 1
		{60, 50, 64.58},
		{80, 40, 15.91},
		{100, 0, 0},
	}
	for _, tt := range tests {
		if got := MoveAccuracy(tt.before, tt.after); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("MoveAccuracy(%v, %v) = %.3f, want %.2f", tt.before, tt.after, got, tt.want)
		}
	}
}

func TestJudgeDrop(t *testing.T) {
	tests := []struct {
		drop float64
		want Judgement
	}{
		{-3, Good}, {4.99, Good}, {5, Inaccuracy}, {9.9, Inaccuracy},
		{10, Mistake}, {14.9, Mistake}, {15, Blunder}, {60, Blunder},
	}
	for _, tt := range tests {
		if got := judgeDrop(tt.drop); got != tt.want {
			t.Errorf("judgeDrop(%v) = %v, want %v", tt.drop, got, tt.want)
		}
	}
}

func TestGameAccuracy(t *testing.T) {
	tests := []struct {
		name         string
		wins         []float64
		whiteFirst   bool
		white, black float64
	}{
		{"no moves", []float64{50}, true, math.NaN(), math.NaN()},
		{"perfect", []float64{50, 50, 50, 50}, true, 100, 100},
		// White's second move loses 10 points (accuracy 64.58); the
		// volatilities are 0.5 for the first two moves and 5 (the
		// standard deviation of 50 and 40) for the second two.
		{"one slip", []float64{50, 50, 50, 40, 40}, true,
			((100*0.5+64.58*5)/5.5 + 2/(1/100.0+1/64.58)) / 2, 100},
		// Black starts: the first move is Black's.
		{"black first", []float64{50, 60, 60}, false, 100, (64.58 + 64.58) / 2},
	}
	for _, tt := range tests {
		w, b := GameAccuracy(tt.wins, tt.whiteFirst)
		if diff := cmp.Diff([]float64{tt.white, tt.black}, []float64{w, b},
			cmpopts.EquateApprox(0, 0.01), cmpopts.EquateNaNs()); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.name, diff)
		}
	}
}
