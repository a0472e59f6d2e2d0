package engine

import (
	"math"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
)

const ms = time.Millisecond

// A move's usage is the time its search takes on the budget b.
var (
	// worstCase searches until the hard limit stops it.
	worstCase = func(b budget) time.Duration { return b.hard }
	// nominal stops at the soft limit, about where a search with a
	// settled best move stops.
	nominal = func(b budget) time.Duration { return b.soft }
)

// game plays moves on one clock, each costing its search time by usage
// plus lag outside the search, and adding inc after the move. With mtg
// set, the moves count down a time control of mtg moves that adds refill
// to the clock after its last move. check sees every move's budget with
// the clock it was computed from, the moves to go and the clock left after
// the move; game stops at the first check that fails.
type game struct {
	clock, inc, overhead, lag time.Duration
	mtg                       int
	refill                    time.Duration
	usage                     func(budget) time.Duration
}

// play plays moves moves of g.
func (g game) play(moves int, check func(i int, left time.Duration, mtg int, b budget, after time.Duration) bool) {
	left := g.clock
	for i := range moves {
		mtg := 0
		if g.mtg > 0 {
			mtg = g.mtg - i%g.mtg
		}
		lim := Limits{Time: [2]time.Duration{left, left}, Inc: [2]time.Duration{g.inc, g.inc}, MovesToGo: mtg}
		b, _ := newBudget(lim, board.White, g.overhead)
		after := left - g.usage(b) - g.lag + g.inc
		if !check(i, left, mtg, b, after) {
			return
		}
		left = after
		if mtg == 1 {
			left += g.refill
		}
	}
}

// TestClockSuddenDeath plays 120 moves at 1 s + 10 ms, every search
// stopped by the hard limit and every move losing the overhead in lag,
// the worst case, and checks that the clock never falls below zero and
// that every move keeps a budget while there is time beyond the overhead.
// A lag beyond the increment is left out: it costs more than the clock
// over a long enough game (120 × 20 ms > 1 s at a 30 ms lag) whatever the
// budget, which is why the overhead must not be set above the real lag.
func TestClockSuddenDeath(t *testing.T) {
	tests := []struct{ overhead, lag time.Duration }{
		{0, 0},
		{5 * ms, 5 * ms},
		{10 * ms, 10 * ms},
		{30 * ms, 10 * ms}, // the UCI default overhead, above the real lag
		{100 * ms, 10 * ms},
	}
	for _, tc := range tests {
		g := game{clock: time.Second, inc: 10 * ms, overhead: tc.overhead, lag: tc.lag, usage: worstCase}
		g.play(120, func(i int, left time.Duration, _ int, b budget, after time.Duration) bool {
			if after < 0 || left > tc.overhead && (b.hard <= 0 || b.soft <= 0) {
				t.Errorf("overhead %v lag %v, move %d on %v: budget %+v leaves %v",
					tc.overhead, tc.lag, i+1, left, b, after)
				return false
			}
			return true
		})
	}
}

// TestClockTimeControl plays three controls of 40 moves in 1 s (movestogo
// counting down from 40 to 1). In the worst case, every search stopped by
// the hard limit and every move losing the overhead in lag, the clock must
// never fall below zero, and the last move must get most, but not all, of
// what is left. Searches that stop at the soft limit must also spread the
// control's thinking time (the clock less the lag of its moves): half of
// it left after half of the moves, and at least a fair share of it for the
// last move.
func TestClockTimeControl(t *testing.T) {
	tests := []struct{ overhead, lag time.Duration }{
		{0, 0},
		{10 * ms, 10 * ms},
		{20 * ms, 20 * ms}, // 800 ms of the second in lag
		{30 * ms, 5 * ms},
	}
	for _, tc := range tests {
		for _, usage := range []string{"worst case", "nominal"} {
			g := game{clock: time.Second, overhead: tc.overhead, lag: tc.lag, mtg: 40, refill: time.Second, usage: worstCase}
			if usage == "nominal" {
				g.usage = nominal
			}
			// The thinking time of a control: the clock less the lag of its
			// moves.
			thinking := time.Second - 40*tc.lag
			g.play(3*40, func(i int, left time.Duration, mtg int, b budget, after time.Duration) bool {
				usable := left - tc.overhead
				var fail string
				switch {
				case after < 0:
					fail = "loses on time"
				case mtg == 1 && (b.hard < usable/2 || usable > 0 && b.hard >= usable):
					fail = "last move of the control not given most but not all of the clock"
				case usage == "worst case": // the checks below are for nominal use
				case mtg == 20 && left-20*tc.lag < thinking/2:
					fail = "over half of the thinking time spent on the first half of the moves"
				case mtg == 1 && b.hard < thinking/40:
					fail = "last move of the control given less than a fair share"
				}
				if fail != "" {
					t.Errorf("overhead %v lag %v, %s: move %d (%d to go) on %v: %s: budget %+v, %v left after it",
						tc.overhead, tc.lag, usage, i+1, mtg, left, fail, b, after)
					return false
				}
				return true
			})
		}
	}
}

// TestBudgetMovesToGo checks that the budget follows movestogo: the last
// move before a control gets far more than one of 30, and a search stopped
// by the hard limit at each of the next N moves, each with the overhead in
// lag, never empties the clock before the control, whenever lag alone
// would not.
func TestBudgetMovesToGo(t *testing.T) {
	for _, clock := range []time.Duration{50 * ms, time.Second, 10 * time.Second, time.Hour} {
		for _, inc := range []time.Duration{0, 10 * ms, 2 * time.Second} {
			for _, overhead := range []time.Duration{0, 30 * ms} {
				lim := func(mtg int) Limits {
					return Limits{Time: [2]time.Duration{clock, clock}, Inc: [2]time.Duration{inc, inc}, MovesToGo: mtg}
				}
				last, _ := newBudget(lim(1), board.White, overhead)
				early, _ := newBudget(lim(30), board.White, overhead)
				if clock >= time.Second && inc <= clock/100 && (last.hard < 4*early.hard || last.soft < 4*early.soft) {
					t.Errorf("clock %v inc %v overhead %v: movestogo 1 budget %+v, 30: %+v", clock, inc, overhead, last, early)
				}
				for _, n := range []int{1, 2, 5, 30, 40, 60, 100} {
					if clock < time.Duration(n)*overhead-time.Duration(n-1)*inc {
						continue // the lag alone loses
					}
					g := game{clock: clock, inc: inc, overhead: overhead, lag: overhead, mtg: n, usage: worstCase}
					g.play(n, func(i int, left time.Duration, mtg int, b budget, after time.Duration) bool {
						if after < 0 {
							t.Errorf("clock %v inc %v overhead %v movestogo %d: move %d on %v: budget %+v leaves %v",
								clock, inc, overhead, n, i+1, left, b, after)
							return false
						}
						return true
					})
				}
			}
		}
	}
}

// TestBudgetHugeValues checks that no clock a GUI can send, up to
// math.MaxInt64 nanoseconds, overflows the budget: it stays positive and
// within the clock minus the overhead, and arms a deadline after the
// search's start.
func TestBudgetHugeValues(t *testing.T) {
	const huge = time.Duration(math.MaxInt64)
	both := func(d time.Duration) [2]time.Duration { return [2]time.Duration{d, d} }
	tests := []struct {
		name     string
		lim      Limits
		overhead time.Duration
		search   bool // the budget leaves time to search
	}{
		{"clock and increment", Limits{Time: both(huge), Inc: both(huge)}, 30 * ms, true},
		{"clock", Limits{Time: both(huge)}, 0, true},
		{"increment", Limits{Time: both(time.Second), Inc: both(huge)}, 30 * ms, true},
		{"clock, movestogo 1", Limits{Time: both(huge), Inc: both(huge), MovesToGo: 1}, 30 * ms, true},
		{"clock, movestogo 1, no overhead", Limits{Time: both(huge), MovesToGo: 1}, 0, true},
		{"clock, movestogo 2", Limits{Time: both(huge), Inc: both(huge / 2), MovesToGo: 2}, 0, true},
		{"clock, huge movestogo", Limits{Time: both(huge), MovesToGo: math.MaxInt}, 30 * ms, true},
		{"huge movestogo, no overhead", Limits{Time: both(time.Second), MovesToGo: math.MaxInt}, 0, true},
		// The lag of the moves to go exceeds the clock: play at once.
		{"huge movestogo, small clock", Limits{Time: both(time.Second), MovesToGo: math.MaxInt}, 30 * ms, false},
		{"huge overhead", Limits{Time: both(huge), Inc: both(huge)}, huge, false},
		{"movetime", Limits{MoveTime: huge}, 30 * ms, true},
		{"movetime, huge overhead", Limits{MoveTime: huge}, huge, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, ok := newBudget(tc.lim, board.White, tc.overhead)
			clock := tc.lim.Time[board.White]
			if tc.lim.MoveTime > 0 {
				clock = tc.lim.MoveTime
			}
			if !ok || b.soft < 0 || b.soft > b.hard || b.hard > clock-tc.overhead {
				t.Fatalf("budget %+v, %v on a clock of %v with overhead %v", b, ok, clock, tc.overhead)
			}
			if tc.search && (b.hard <= 0 || b.soft <= 0) {
				t.Errorf("budget %+v: no time to search on a clock of %v", b, clock)
			}
			// The deadline is armed relative to the search's start, at
			// ponderhit possibly long after it.
			start := time.Now()
			r := &run{lim: tc.lim}
			r.start = start
			r.startClock(start.Add(time.Hour), board.White, tc.overhead)
			if d := r.deadline.Load(); d < int64(time.Hour) {
				t.Errorf("deadline %v after the start, before the ponderhit an hour in", time.Duration(d))
			}
		})
	}
}

// TestStability checks that the soft limit is stretched when the best move
// keeps changing or the score drops, and not when the search has settled.
func TestStability(t *testing.T) {
	p := board.NewPosition()
	e4, d4, nf3 := mustMove(t, p, "e2e4"), mustMove(t, p, "d2d4"), mustMove(t, p, "g1f3")
	type iter struct {
		best  board.Move
		score int
	}
	same := func(n int, it iter) []iter {
		s := make([]iter, n)
		for i := range s {
			s[i] = it
		}
		return s
	}
	stable := same(8, iter{e4, 20})
	tests := []struct {
		name string
		seq  []iter
		more bool // the factor is larger than for the stable sequence
	}{
		{"best move changes every iteration", []iter{{e4, 20}, {d4, 20}, {nf3, 20}, {e4, 20}, {d4, 20}, {nf3, 20}}, true},
		{"best move changes in the last iteration", append(same(7, iter{e4, 20}), iter{d4, 20}), true},
		{"score drops by 60", append(same(7, iter{e4, 20}), iter{e4, -40}), true},
		{"score rises", append(same(7, iter{e4, 20}), iter{e4, 200}), false},
		{"changes long ago", append([]iter{{e4, 20}, {d4, 20}, {e4, 20}}, same(12, iter{e4, 20})...), false},
		{"mated deeper", append(same(7, iter{e4, -mate + 10}), iter{e4, -mate + 8}), false},
	}
	factor := func(seq []iter) float64 {
		var s stability
		f := 0.0
		for _, it := range seq {
			f = s.update(it.best, it.score)
			if f < 0.5 || f > 2.5 {
				t.Fatalf("factor %v out of [0.5, 2.5]", f)
			}
		}
		return f
	}
	base := factor(stable)
	for _, tc := range tests {
		if f := factor(tc.seq); (f > base+0.01) != tc.more {
			t.Errorf("%s: factor %.3f, stable %.3f", tc.name, f, base)
		}
	}
	// The factor grows with the number of recent changes.
	f1 := factor(append(same(7, iter{e4, 20}), iter{d4, 20}))
	f2 := factor(append(same(6, iter{e4, 20}), iter{d4, 20}, iter{nf3, 20}))
	if !(base < f1 && f1 < f2) {
		t.Errorf("factors %v, %v, %v after 0, 1 and 2 changes of best move", base, f1, f2)
	}
}

func TestEffortScale(t *testing.T) {
	tests := []struct {
		best, total uint64
		want        float64
	}{
		{0, 0, 1},         // no nodes yet: no opinion
		{100, 100, 0.675}, // every node below the best move
		{50, 100, 1.35},
		{10, 100, 1.89},
		{0, 100, 2.025},
	}
	for _, tc := range tests {
		if got := effortScale(tc.best, tc.total); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("effortScale(%d, %d) = %v, want %v", tc.best, tc.total, got, tc.want)
		}
	}
}
