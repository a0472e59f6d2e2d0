package serve

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/engine/player"
)

// Settings are what a new game asks for. Times are in milliseconds.
// With BaseMs or IncMs set both sides play on a clock; otherwise Luft
// thinks MoveTimeMs per move (the server's default when 0) and the
// person has no time limit.
//
// A game of Chess960 starts from the FEN given (X-FEN or Shredder-FEN),
// or else from start position number Start960, or else from a random one
// of the 960; its moves are written in UCI as Luft reads them with
// UCI_Chess960, castling as the king taking its own rook ("e1h1").
type Settings struct {
	Color      string   `json:"color"`                // the person's side: "white" or "black"
	Elo        int      `json:"elo"`                  // Luft's UCI_Elo; 0 for full strength
	MoveTimeMs int      `json:"moveTimeMs,omitempty"` // Luft's time per move, without a clock
	BaseMs     int      `json:"baseMs,omitempty"`     // the clock's starting time for each side
	IncMs      int      `json:"incMs,omitempty"`      // the clock's increment per move
	Variant    string   `json:"variant,omitempty"`    // "standard" (the default) or "chess960"
	Start960   *int     `json:"start960,omitempty"`   // in Chess960 without a FEN: the start position's number, 0-959
	FEN        string   `json:"fen,omitempty"`        // the starting position; empty for the standard one
	Moves      []string `json:"moves,omitempty"`      // moves (UCI) to replay, as when a page restores its game
	Analysis   bool     `json:"analysis,omitempty"`   // the person moves both sides and Luft shows its best lines
}

// The variants of chess a game can be played in.
const (
	standard = "standard"
	chess960 = "chess960"
)

// Bounds of a game's settings.
const (
	maxBase   = 3 * time.Hour
	maxInc    = time.Minute
	minMove   = 50 * time.Millisecond
	maxMoves  = 2000
	clockSlop = 500 * time.Millisecond // overrun forgiven, for the page's round trips
)

// check validates s against cfg and fills in its defaults. It returns an
// error a person can read.
func (s *Settings) check(cfg Config) error {
	switch s.Color {
	case "white", "black":
	case "":
		s.Color = "white"
	default:
		return fmt.Errorf("color must be white or black, not %q", s.Color)
	}
	if s.Elo != 0 && (s.Elo < player.MinCalibratedElo || s.Elo > player.MaxCalibratedElo) {
		return fmt.Errorf("elo must be 0 (full strength) or %d-%d, not %d",
			player.MinCalibratedElo, player.MaxCalibratedElo, s.Elo)
	}
	if err := s.checkVariant(); err != nil {
		return err
	}
	if len(s.Moves) > maxMoves {
		return fmt.Errorf("at most %d moves can be replayed", maxMoves)
	}
	if _, err := s.record(); err != nil {
		return err
	}
	if s.BaseMs != 0 || s.IncMs != 0 {
		return s.checkClock()
	}
	if s.MoveTimeMs == 0 {
		s.MoveTimeMs = int(cfg.MoveTime.Milliseconds())
	}
	d := ms(s.MoveTimeMs)
	if d < minMove || d > cfg.MaxMoveTime {
		return fmt.Errorf("moveTimeMs must be %d-%d, not %d",
			minMove.Milliseconds(), cfg.MaxMoveTime.Milliseconds(), s.MoveTimeMs)
	}
	return nil
}

// checkVariant validates the variant and, in Chess960, sets FEN to the
// start position numbered Start960, or to a random one when neither is
// given.
func (s *Settings) checkVariant() error {
	switch s.Variant {
	case "", standard:
		s.Variant = standard
		if s.Start960 != nil {
			return fmt.Errorf("start960 numbers a start position of chess960, not of standard chess")
		}
		return nil
	case chess960:
	default:
		return fmt.Errorf("variant must be standard or chess960, not %q", s.Variant)
	}
	switch {
	case s.Start960 == nil && s.FEN != "":
		return nil
	case s.Start960 == nil:
		s.Start960 = new(rand.IntN(board.Chess960Positions))
	case s.FEN != "":
		return fmt.Errorf("give a FEN or a start position number (start960), not both")
	case *s.Start960 < 0 || *s.Start960 >= board.Chess960Positions:
		return fmt.Errorf("start960 must be 0-%d, not %d", board.Chess960Positions-1, *s.Start960)
	}
	s.FEN, s.Start960 = board.Chess960StartFEN(*s.Start960), nil
	return nil
}

// chess960 reports whether the game is played by the rules of Chess960.
func (s *Settings) chess960() bool { return s.Variant == chess960 }

// checkClock validates a clock's settings.
func (s *Settings) checkClock() error {
	if s.BaseMs < 0 || ms(s.BaseMs) > maxBase || s.IncMs < 0 || ms(s.IncMs) > maxInc {
		return fmt.Errorf("clock must be 0-%d ms plus 0-%d ms a move",
			maxBase.Milliseconds(), maxInc.Milliseconds())
	}
	if s.BaseMs == 0 {
		return fmt.Errorf("a clock needs a starting time (baseMs)")
	}
	s.MoveTimeMs = 0
	return nil
}

// timeControls returns the time controls of the person and of Luft.
func (s *Settings) timeControls() (person, luft referee.TimeControl) {
	if s.BaseMs > 0 {
		tc := referee.TimeControl{Base: ms(s.BaseMs), Inc: ms(s.IncMs), Margin: clockSlop}
		return tc, tc
	}
	// Without a clock Luft never loses on time: the margin only bounds a
	// stalled engine.
	return referee.TimeControl{}, referee.TimeControl{MoveTime: ms(s.MoveTimeMs), Margin: waitSlack}
}

// record returns the game record the settings start with: the starting
// position and the moves to replay.
func (s *Settings) record() (*referee.Game, error) {
	start, err := s.start()
	if err != nil {
		return nil, err
	}
	return s.replay(start.FEN(), s.Moves)
}

// start returns the game's starting position, or an error saying why its
// FEN is refused.
func (s *Settings) start() (*board.Position, error) {
	fen := cmp.Or(s.FEN, board.StartFEN)
	if s.chess960() {
		pos, err := board.ParseFEN960(fen)
		if err != nil {
			return nil, fmt.Errorf("bad FEN: %v", err)
		}
		return pos, nil
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		if _, err960 := board.ParseFEN960(fen); err960 == nil {
			return nil, fmt.Errorf("bad FEN: %v (a Chess960 position: choose the variant chess960)", err)
		}
		return nil, fmt.Errorf("bad FEN: %v", err)
	}
	return pos, nil
}

// newRecord returns a game record that starts from fen, by the rules of
// the settings' variant.
func (s *Settings) newRecord(fen string) (*referee.Game, error) {
	return referee.NewGameVariant(fen, s.chess960())
}

// replay returns the game from start after the UCI moves.
func (s *Settings) replay(start string, moves []string) (*referee.Game, error) {
	ref, err := s.newRecord(start)
	if err != nil {
		return nil, fmt.Errorf("bad FEN: %v", err)
	}
	for i, m := range moves {
		if r, _, _ := ref.Result(); r != outcome.Unfinished {
			return nil, fmt.Errorf("move %d (%s) comes after the end of the game", i+1, m)
		}
		if _, err := ref.Move(m); err != nil {
			return nil, fmt.Errorf("move %d (%s) is not legal in %s", i+1, m, ref.FEN())
		}
	}
	return ref, nil
}

// start960Numbers maps the placement of each Chess960 start position to
// its number.
var start960Numbers = sync.OnceValue(func() map[string]int {
	m := make(map[string]int, board.Chess960Positions)
	for n := range board.Chess960Positions {
		m[strings.Fields(board.Chess960StartFEN(n))[0]] = n
	}
	return m
})

// start960Number returns the number of the Chess960 start position that
// pos is, if it is one: its placement with White to move and all four
// castling rights, whatever its move counters.
func start960Number(pos *board.Position) (int, bool) {
	got := strings.Fields(pos.ShredderFEN())
	n, ok := start960Numbers()[got[0]]
	if !ok {
		return 0, false
	}
	want, err := board.ParseFEN960(board.Chess960StartFEN(n))
	return n, err == nil && slices.Equal(got[:4], strings.Fields(want.ShredderFEN())[:4])
}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func itoa(n int) string { return strconv.Itoa(n) }
