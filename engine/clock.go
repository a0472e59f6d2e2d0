package engine

import (
	"time"

	"github.com/luftchess/luft/engine/board"
)

// budget is the time one search may use.
type budget struct {
	soft time.Duration // no new iteration starts after this (scaled by instability and effort)
	hard time.Duration // the search stops at once after this
	// fixed is set for movetime: the whole budget is meant to be used.
	fixed bool
}

// defaultMovesToGo is the number of moves the clock is assumed to cover in
// sudden-death time controls.
const defaultMovesToGo = 40

// maxMovesToGo bounds the movestogo newBudget believes, beyond any real
// time control.
const maxMovesToGo = 1000

// maxClock bounds every duration newBudget reads, as Limits is a public
// API that may carry any time.Duration up to math.MaxInt64. A year is more
// than any time control needs, and the sums of at most 42 of them below
// fit in a time.Duration with room to spare.
const maxClock = 365 * 24 * time.Hour

// clampClock returns d limited to [0, maxClock].
func clampClock(d time.Duration) time.Duration { return min(max(d, 0), maxClock) }

// newBudget derives the time budget for the side us from lim; ok is false
// when lim sets no time limit. The budget never exceeds the clock minus the
// move overhead, and outside the last move before a time control it leaves
// at least half of the clock for the moves after this one, beyond what
// their lag will cost until the control.
func newBudget(lim Limits, us board.Color, overhead time.Duration) (b budget, ok bool) {
	overhead = clampClock(overhead)
	if lim.MoveTime > 0 {
		t := max(clampClock(lim.MoveTime)-overhead, 0)
		return budget{soft: t, hard: t, fixed: true}, true
	}
	if lim.Time[us] <= 0 {
		return budget{}, false
	}
	left, inc := clampClock(lim.Time[us]), clampClock(lim.Inc[us])
	togo := min(lim.MovesToGo, maxMovesToGo)
	mtg := togo
	if mtg <= 0 || mtg > defaultMovesToGo {
		mtg = defaultMovesToGo
	}
	// Every move to come costs the overhead in lag outside the search,
	// increments included: planning with the increment in full lets the
	// clock run down to about one increment, where the lag of a loaded
	// machine forfeits games.
	// That charge alone leaves nothing once the overhead exceeds the
	// increment, and the search would play at depth 1; a floor of a
	// 2*mtg-th of the clock keeps it alive.
	// Before a time control, the moves after this one cost their lag
	// beyond their increments however little they search: free leaves
	// that out, so that searches stopped by the hard limit at every move
	// still reach the control. (In sudden death, a lag beyond the
	// increment loses a long enough game whatever the budget, and free is
	// all of the usable clock.)
	n := time.Duration(mtg)
	usable := max(left-overhead, 0)
	free := usable - lagReserve(togo-1, overhead-inc, usable)
	total := max(left+inc*(n-1)-overhead*(n+2), 0)
	target := max(total/n, free/(2*n))
	limit := free / 2
	if mtg == 1 {
		limit = usable * 9 / 10
	}
	b.hard = min(5*target, limit)
	// Before a time control the soft limit is 0.7 of the share, so that
	// the control's last moves keep a fair share. In sudden death that
	// left some 3.4 s of a 10+0.1 clock unspent when the game ended
	// (Ethereal 12 keeps 0.5 s), so there the soft limit is the full share.
	soft := target * 7 / 10
	if togo <= 0 {
		soft = target
	}
	b.soft = min(soft, b.hard)
	return b, true
}

// lagReserve returns what moves more moves cost at lag each, capped at
// usable (which keeps the product from overflowing).
func lagReserve(moves int, lag, usable time.Duration) time.Duration {
	switch {
	case moves <= 0 || lag <= 0:
		return 0
	case time.Duration(moves) > usable/lag:
		return usable
	}
	return time.Duration(moves) * lag
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

// effortScale returns the factor by which the soft limit is scaled for the
// share of the main thread's nodes spent below the best move: about 0.7
// when nearly all of them were (the other moves were refuted at once, so
// more time would change little), up to about 2 when the best move took
// few of them (rivals needed a deep look, and the choice is close).
func effortScale(best, total uint64) float64 {
	if total == 0 {
		return 1
	}
	share := float64(best) / float64(total)
	return (1.5 - share) * 1.35
}
