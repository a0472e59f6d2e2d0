package referee

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/board"
)

// TimeControl limits an engine's thinking. The zero value sets no limit.
type TimeControl struct {
	Moves    int           // moves per period; 0 means one period for the game
	Base     time.Duration // time per period; 0 with Inc 0 means no clock
	Inc      time.Duration // increment per move
	MoveTime time.Duration // fixed time per move (st=), instead of a clock
	Nodes    int64         // node limit per move
	Depth    int           // depth limit per move
	Margin   time.Duration // overrun tolerated before a time forfeit
}

// ParseTimeControl parses a cutechess time control: "base+inc" or
// "moves/base+inc" with times in seconds (base may be "m:ss"), or "inf".
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	if s == "inf" || s == "" {
		return tc, nil
	}
	rest := s
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("bad time control %q: moves per period", s)
		}
		tc.Moves, rest = n, rest[i+1:]
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	b, err := parseSeconds(base)
	if err != nil {
		return tc, fmt.Errorf("bad time control %q: %v", s, err)
	}
	tc.Base = b
	if hasInc {
		if tc.Inc, err = parseSeconds(inc); err != nil {
			return tc, fmt.Errorf("bad time control %q: %v", s, err)
		}
	}
	if tc.Base <= 0 && tc.Inc <= 0 {
		return tc, fmt.Errorf("bad time control %q: no time", s)
	}
	return tc, nil
}

// parseSeconds parses "1.5" or "1:30" into a duration.
func parseSeconds(s string) (time.Duration, error) {
	var min float64
	if m, sec, ok := strings.Cut(s, ":"); ok {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil {
			return 0, err
		}
		min, s = v, sec
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || min < 0 {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration((min*60 + v) * float64(time.Second)), nil
}

// Limited reports whether the time control limits a search at all.
func (tc TimeControl) Limited() bool {
	return tc.Timed() || tc.MoveTime > 0 || tc.Nodes > 0 || tc.Depth > 0
}

// Timed reports whether the time control has a clock.
func (tc TimeControl) Timed() bool { return tc.Base > 0 || tc.Inc > 0 }

// String returns the PGN TimeControl tag value: "40/60+0.6", "10+0.1",
// "5/move", or "-" when there is no time limit. A node or depth limit is
// not written there: fastchess too writes "-" for one (format_tc in
// Disservin/fastchess app/src/game/pgn/mod.rs, as the operator<< of its
// C++ TimeControl did, reads only moves, time, increment and fixed time),
// and Limit says it in the report instead.
func (tc TimeControl) String() string {
	sec := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	switch {
	case tc.MoveTime > 0:
		return sec(tc.MoveTime) + "/move"
	case !tc.Timed():
		return "-"
	}
	s := sec(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + sec(tc.Inc)
	}
	return s
}

// Limit returns what limits each search, as the report of a match says
// it: the time control's String when it has a clock or a fixed time per
// move, else the depth as "12 plies" or the node budget as "20000 nodes",
// the forms and order of getTime in fastchess's report (Disservin/fastchess
// app/src/matchmaking/output/output_fastchess.hpp), or "-" for none.
func (tc TimeControl) Limit() string {
	switch {
	case tc.Timed() || tc.MoveTime > 0:
		return tc.String()
	case tc.Depth > 0:
		return strconv.Itoa(tc.Depth) + " plies"
	case tc.Nodes > 0:
		return strconv.FormatInt(tc.Nodes, 10) + " nodes"
	}
	return "-"
}

// Clock is one side's clock. The zero Clock is not usable; use NewClock.
type Clock struct {
	tc    TimeControl
	left  time.Duration
	moves int
}

// NewClock returns a clock set for the first move. As in cutechess and
// fastchess the first move's time already includes one increment.
func NewClock(tc TimeControl) *Clock {
	return &Clock{tc: tc, left: tc.Base + tc.Inc}
}

// Left returns the time left before the next move.
func (c *Clock) Left() time.Duration { return c.left }

// MovesToGo returns the moves left in the current period, or 0 when the
// time control has no periods.
func (c *Clock) MovesToGo() int {
	if c.tc.Moves == 0 {
		return 0
	}
	return c.tc.Moves - c.moves%c.tc.Moves
}

// Limit returns the longest a move may take before it is forfeit, or 0
// when there is no time limit.
func (c *Clock) Limit() time.Duration {
	switch {
	case c.tc.MoveTime > 0:
		return c.tc.MoveTime + c.tc.Margin
	case c.tc.Timed():
		return c.left + c.tc.Margin
	}
	return 0
}

// Spend charges a move that took d and reports false if the side overran
// its time (a forfeit). An overrun within the margin leaves the clock at
// zero, as fastchess does, rather than negative.
func (c *Clock) Spend(d time.Duration) bool {
	if lim := c.Limit(); lim > 0 && d > lim {
		return false
	}
	if !c.tc.Timed() {
		return true
	}
	c.left -= d
	if c.left < 0 {
		c.left = 0
	}
	c.left += c.tc.Inc
	c.moves++
	if c.tc.Moves > 0 && c.moves%c.tc.Moves == 0 {
		c.left += c.tc.Base
	}
	return true
}

// GoCommand returns the go command for the side to move, cutechess style:
// both clocks, increments only when positive, movestogo when the time
// control has periods; then movetime, nodes and depth limits.
func GoCommand(turn board.Color, white, black *Clock) string {
	own := white
	if turn == board.Black {
		own = black
	}
	var b strings.Builder
	b.WriteString("go")
	tc := own.tc
	if tc.Timed() {
		fmt.Fprintf(&b, " wtime %d btime %d", white.left.Milliseconds(), black.left.Milliseconds())
		if white.tc.Inc > 0 {
			fmt.Fprintf(&b, " winc %d", white.tc.Inc.Milliseconds())
		}
		if black.tc.Inc > 0 {
			fmt.Fprintf(&b, " binc %d", black.tc.Inc.Milliseconds())
		}
		if mtg := own.MovesToGo(); mtg > 0 {
			fmt.Fprintf(&b, " movestogo %d", mtg)
		}
	}
	if tc.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", tc.MoveTime.Milliseconds())
	}
	if tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", tc.Nodes)
	}
	if tc.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", tc.Depth)
	}
	return b.String()
}
