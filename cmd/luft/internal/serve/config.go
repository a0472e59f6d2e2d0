package serve

import (
	"fmt"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/review"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/player"
)

// Config says how a Server runs. Zero fields take the defaults of
// DefaultConfig.
type Config struct {
	MaxGames     int           // games played at once
	MoveTime     time.Duration // Luft's time per move when a game asks for none
	MaxMoveTime  time.Duration // the longest Luft thinks on a move, on a clock too
	AnalysisTime time.Duration // how long analysis mode searches each position
	IdleTimeout  time.Duration // a game untouched this long is closed
	HashMB       int           // each engine's transposition table
	ReviewNodes  uint64        // the budget of each position's search in a review
	Version      string        // shown in the engines' names and PGN tags

	// Browser says that the handlers run in a browser, compiled to
	// WebAssembly (make web), where the levels' notes say what its speed
	// does to them.
	Browser bool

	// newEngine, when not nil, makes each game's engine instead of
	// engine.New with UCI's defaults, so that tests can watch what
	// reaches it.
	newEngine func() engine.Searcher
}

// DefaultConfig returns the defaults of luft serve's flags.
func DefaultConfig() Config {
	return Config{
		MaxGames:     4,
		MoveTime:     time.Second,
		MaxMoveTime:  10 * time.Second,
		AnalysisTime: 20 * time.Second,
		IdleTimeout:  30 * time.Minute,
		HashMB:       engine.DefaultHashMB,
		ReviewNodes:  review.DefaultNodes,
		Version:      "dev",
	}
}

// withDefaults returns c with its zero fields set to the defaults.
func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.MaxGames <= 0 {
		c.MaxGames = d.MaxGames
	}
	if c.MoveTime <= 0 {
		c.MoveTime = d.MoveTime
	}
	if c.MaxMoveTime <= 0 {
		c.MaxMoveTime = max(d.MaxMoveTime, c.MoveTime)
	}
	if c.AnalysisTime <= 0 {
		c.AnalysisTime = d.AnalysisTime
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = d.IdleTimeout
	}
	if c.HashMB <= 0 {
		c.HashMB = d.HashMB
	}
	if c.ReviewNodes == 0 {
		c.ReviewNodes = d.ReviewNodes
	}
	if c.Version == "" {
		c.Version = d.Version
	}
	return c
}

// Level is a rung of the ladder the page offers.
type Level struct {
	Elo    int    `json:"elo"`    // UCI_Elo; 0 for full strength
	Rating int    `json:"rating"` // the rating a result against it counts as
	Label  string `json:"label"`
	Note   string `json:"note"` // what the rating rests on
}

// Full-strength Luft, with its network, plays like Stockfish 15.1 at
// UCI_Elo fullStrengthLow to fullStrengthHigh at 10+0.1, as the README
// says from the matches of engine/NOTES.md; it rates fullStrengthRating,
// the middle, on the ladder.
const (
	fullStrengthLow    = 2450
	fullStrengthHigh   = 2550
	fullStrengthRating = (fullStrengthLow + fullStrengthHigh) / 2
)

// browserSpeed is how the static build's speed compares with the native
// binary's, measured in Chromium (web/README.md).
const browserSpeed = "about a seventh of the native binary's speed"

// ladder returns the levels: UCI_Elo from player.MinCalibratedElo to
// player.MaxCalibratedElo in steps of 100, then full strength. In a
// browser (make web) the notes say what its speed does: a level's budget
// of nodes is the same there, but full strength is what its time reaches.
func ladder(browser bool) []Level {
	var out []Level
	for elo := player.MinCalibratedElo; elo <= player.MaxCalibratedElo; elo += 100 {
		note := "between two measured levels of the calibrated range"
		if c, ok := player.Calibrated(elo); ok {
			n, score, _ := c.Score()
			note = fmt.Sprintf("measured: scored %.1f%% in %d games against Stockfish 15.1 at UCI_Elo %d",
				100*score, n, elo)
		}
		if browser {
			note += fmt.Sprintf("; at most %d nodes a move, in this browser too, where Luft searches at %s: "+
				"the level holds where its time a move reaches them", player.ForElo(elo).Nodes, browserSpeed)
		}
		out = append(out, Level{Elo: elo, Rating: elo, Label: "Luft " + itoa(elo), Note: note})
	}
	full := fullStrengthNote()
	if browser {
		full = "in this browser: what Luft reaches in its time a move at " + browserSpeed +
			", so well below its native strength (" + full + ")"
	}
	return append(out, Level{Elo: 0, Rating: fullStrengthRating, Label: "Luft full strength", Note: full})
}

// fullStrengthNote says what the full-strength level's rating rests on.
func fullStrengthNote() string {
	return "measured: plays like Stockfish 15.1 at UCI_Elo " + itoa(fullStrengthLow) + "–" + itoa(fullStrengthHigh) + " at 10+0.1"
}
