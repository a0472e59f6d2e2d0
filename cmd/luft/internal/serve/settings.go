package serve

import (
	"fmt"
	"strconv"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/match/referee"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/skill"
)

// Settings are what a new game asks for. Times are in milliseconds.
// With BaseMs or IncMs set both sides play on a clock; otherwise Luft
// thinks MoveTimeMs per move (the server's default when 0) and the
// person has no time limit.
type Settings struct {
	Color      string   `json:"color"`                // the person's side: "white" or "black"
	Elo        int      `json:"elo"`                  // Luft's UCI_Elo; 0 for full strength
	MoveTimeMs int      `json:"moveTimeMs,omitempty"` // Luft's time per move, without a clock
	BaseMs     int      `json:"baseMs,omitempty"`     // the clock's starting time for each side
	IncMs      int      `json:"incMs,omitempty"`      // the clock's increment per move
	FEN        string   `json:"fen,omitempty"`        // the starting position; empty for the standard one
	Moves      []string `json:"moves,omitempty"`      // moves (UCI) to replay, as when a page restores its game
	Analysis   bool     `json:"analysis,omitempty"`   // the person moves both sides and Luft shows its best lines
}

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
	if s.Elo != 0 && (s.Elo < skill.MinCalibratedElo || s.Elo > skill.MaxCalibratedElo) {
		return fmt.Errorf("elo must be 0 (full strength) or %d-%d, not %d",
			skill.MinCalibratedElo, skill.MaxCalibratedElo, s.Elo)
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
	start, err := s.startFEN()
	if err != nil {
		return nil, err
	}
	return replay(start, s.Moves)
}

// startFEN returns the game's starting position in the engine's own FEN,
// or an error saying why the FEN is refused.
func (s *Settings) startFEN() (string, error) {
	if s.FEN == "" {
		return board.StartFEN, nil
	}
	pos, err := board.ParseFEN(s.FEN)
	if err != nil {
		return "", fmt.Errorf("bad FEN: %v", err)
	}
	return pos.FEN(), nil
}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func itoa(n int) string { return strconv.Itoa(n) }
