package engine

import (
	"time"

	"github.com/luftchess/luft/engine/board"
)

// budget is the time one search may use.
type budget struct {
	soft time.Duration // no new iteration starts after this (scaled by instability)
	hard time.Duration // the search stops at once after this
	// fixed is set for movetime: the whole budget is meant to be used.
	fixed bool
}

// defaultMovesToGo is the number of moves the clock is assumed to cover in
// sudden-death time controls.
const defaultMovesToGo = 40

// newBudget derives the time budget for the side us from lim; ok is false
// when lim sets no time limit. The budget never exceeds the clock minus the
// move overhead, and outside the last move before a time control it leaves
// at least half of the clock for the moves after this one.
func newBudget(lim Limits, us board.Color, overhead time.Duration) (b budget, ok bool) {
	if lim.MoveTime > 0 {
		t := max(lim.MoveTime-overhead, 0)
		return budget{soft: t, hard: t, fixed: true}, true
	}
	left, inc := lim.Time[us], lim.Inc[us]
	if left <= 0 {
		return budget{}, false
	}
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	// Every move to come costs the overhead in lag outside the search,
	// increments included: planning with the increment in full let the
	// clock run down to about one increment at 0.2+0.01, where the lag
	// of a loaded machine forfeited games.
	// That charge alone leaves nothing once the overhead exceeds the
	// increment, and depth-1 play lost 7-23 at 0.2+0.01 with a 30 ms
	// overhead; a floor of a 2*mtg-th of the clock keeps the search alive.
	n := time.Duration(mtg)
	usable := max(left-overhead, 0)
	total := max(left+inc*(n-1)-overhead*(n+2), 0)
	target := max(total/n, usable/(2*n))
	limit := usable / 2
	if mtg == 1 {
		limit = usable * 9 / 10
	}
	b.hard = min(5*target, limit)
	b.soft = min(target*7/10, b.hard)
	return b, true
}

// stability tracks how settled the search result is from one iteration to
// the next and scales the soft time limit accordingly.
type stability struct {
	best        board.Move
	score       int
	changes     float64 // decaying count of best-move changes
	initialised bool
}

// update records a completed iteration and returns the factor by which the
// soft limit should be scaled: below 1 when the best move has been stable,
// up to about 2.5 when it keeps changing or the score is dropping.
func (s *stability) update(best board.Move, score int) float64 {
	drop := 0
	if s.initialised {
		if best != s.best {
			s.changes++
		}
		drop = s.score - score
	}
	s.changes /= 2
	s.best, s.score, s.initialised = best, score, true
	f := 0.75 + s.changes
	if drop > 0 && abs(score) < int(MateScore-MaxPly) {
		f *= 1 + float64(min(drop, 100))/100
	}
	return min(f, 2.5)
}
