package engine

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/engine/board"
)

func TestNewBudget(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name     string
		lim      Limits
		overhead time.Duration
		want     budget
		ok       bool
	}{
		{"no clock", Limits{Depth: 5}, 10 * ms, budget{}, false},
		{"movetime", Limits{MoveTime: 1000 * ms}, 30 * ms, budget{soft: 970 * ms, hard: 970 * ms, fixed: true}, true},
		{"movetime below overhead", Limits{MoveTime: 5 * ms}, 30 * ms, budget{fixed: true}, true},
		{"sudden death 1s+10ms", Limits{Time: [2]time.Duration{1000 * ms, 0}, Inc: [2]time.Duration{10 * ms, 0}}, 10 * ms,
			budget{soft: 16975 * time.Microsecond, hard: 121250 * time.Microsecond}, true},
		{"black's clock is used", Limits{Time: [2]time.Duration{0, 4000 * ms}}, 0,
			budget{soft: 70 * ms, hard: 500 * ms}, true},
		{"one move to go", Limits{Time: [2]time.Duration{1000 * ms}, MovesToGo: 1}, 0, budget{soft: 700 * ms, hard: 900 * ms}, true},
		{"overhead above increment", Limits{Time: [2]time.Duration{200 * ms}, Inc: [2]time.Duration{10 * ms}}, 30 * ms,
			budget{soft: 1487500 * time.Nanosecond, hard: 10625 * time.Microsecond}, true},
		{"tiny clock", Limits{Time: [2]time.Duration{1 * ms}}, 10 * ms, budget{}, true},
		{"large increment, small clock", Limits{Time: [2]time.Duration{100 * ms}, Inc: [2]time.Duration{2000 * ms}}, 10 * ms,
			budget{soft: 45 * ms, hard: 45 * ms}, true},
	}
	for _, tc := range tests {
		us := board.White
		if tc.lim.Time[board.White] == 0 && tc.lim.Time[board.Black] != 0 {
			us = board.Black
		}
		got, ok := newBudget(tc.lim, us, tc.overhead)
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(budget{})); diff != "" || ok != tc.ok {
			t.Errorf("%s: ok %v (want %v), budget (-want +got):\n%s", tc.name, ok, tc.ok, diff)
		}
	}
}

// TestBudgetNeverExceedsClock checks the invariant that keeps the engine
// from losing on time, over a grid of clocks.
func TestBudgetNeverExceedsClock(t *testing.T) {
	for _, left := range []time.Duration{1, time.Millisecond, 50 * time.Millisecond, time.Second, time.Minute} {
		for _, inc := range []time.Duration{0, 10 * time.Millisecond, time.Second, 30 * time.Second} {
			for _, mtg := range []int{0, 1, 2, 10, 80} {
				lim := Limits{Time: [2]time.Duration{left, left}, Inc: [2]time.Duration{inc, inc}, MovesToGo: mtg}
				b, _ := newBudget(lim, board.White, 20*time.Millisecond)
				if b.hard > max(left-20*time.Millisecond, 0) || b.soft > b.hard || b.soft < 0 {
					t.Errorf("left %v inc %v mtg %d: budget %+v", left, inc, mtg, b)
				}
			}
		}
	}
}

func TestStability(t *testing.T) {
	e2e4, d2d4 := board.Move(12|28<<6), board.Move(11|27<<6)
	var s stability
	steps := []struct {
		best  board.Move
		score int
		want  float64
	}{
		{e2e4, 20, 0.75},
		{e2e4, 20, 0.75},
		{d2d4, 20, 1.25},   // changed: 1/2
		{d2d4, -30, 1.5},   // 0.75 + 0.25, then a 50 cp drop: ×1.5
		{d2d4, -30, 0.875}, // 0.75 + 0.125
	}
	for i, st := range steps {
		if got := s.update(st.best, st.score); got != st.want {
			t.Errorf("step %d: factor %v, want %v", i, got, st.want)
		}
	}
}
