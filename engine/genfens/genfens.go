// Package genfens draws the opening positions that OpenBench asks an
// engine for with its genfens command: varied, legal positions in which
// the game goes on and neither side stands much better.
//
// A position is drawn from a start (the standard start position, a random
// Chess960 start position, or a random position of a book) by a few
// random legal moves, and kept when the game may go on after them and a
// short search scores it within MaxScore of equality. The same Config
// draws the same positions on every run and machine: the random moves
// come from the seed, and the search is one thread to a node count.
package genfens

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/openings"
)

// Defaults of Config fields left at zero.
const (
	DefaultMaxScore = 200                     // centipawns either side of equality
	DefaultNodes    = engine.DefaultDataNodes // nodes of the search that judges a position
)

// HashMB is the size of the judging engine's table, whatever the Engine
// options say: a search of DefaultNodes needs no more.
const HashMB = engine.DefaultHashMB

// Random plies played from each kind of start: StartPlies or one more from
// the start position or a Chess960 start position, BookPlies or one more
// from a book's position, so that either side may be to move.
const (
	StartPlies = 8
	BookPlies  = 2
)

// maxTries bounds the draws made for each position asked for, so that a
// book of lost or finished positions ends in an error, not a loop.
const maxTries = 1000

// Config says what Generate draws.
type Config struct {
	Seed     uint64
	Book     []openings.Start // positions to start from (openings.ReadBook reads a file of them); none: the start position
	Chess960 bool             // start from Chess960 start positions when there is no book
	MaxScore int              // largest |score| in centipawns of a kept position; 0 for DefaultMaxScore
	Nodes    uint64           // node budget of the judging search; 0 for DefaultNodes

	// Engine are the options of the judging engine (its evaluation);
	// Threads is always 1, and HashMB always HashMB.
	Engine engine.Options
}

// Generate returns the FENs of n positions drawn as cfg says, each a
// different position, or an error when the book holds an unreadable
// position or too few playable ones.
func Generate(ctx context.Context, n int, cfg Config) ([]string, error) {
	draw := drawer(cfg)
	opts := cfg.Engine
	opts.Threads, opts.HashMB = 1, HashMB
	e := engine.New(opts)
	maxScore := engine.Score(cmp.Or(cfg.MaxScore, DefaultMaxScore))
	lim := engine.Limits{Nodes: cmp.Or(cfg.Nodes, DefaultNodes)}
	rng := newRand(cfg.Seed)
	seen := make(map[uint64]bool)
	fens := make([]string, 0, min(n, 1024))
	for tries := 0; len(fens) < n; tries++ {
		if err := ctx.Err(); err != nil {
			return fens, err
		}
		if tries >= maxTries*(n+1) {
			return fens, fmt.Errorf("genfens: %d positions found in %d tries", len(fens), tries)
		}
		pos, err := draw.Draw(rng)
		if errors.Is(err, openings.ErrFinished) || err == nil && seen[pos.Key()] {
			continue
		}
		if err != nil {
			return fens, fmt.Errorf("genfens: %w", err)
		}
		seen[pos.Key()] = true
		if s := score(ctx, e, pos, lim); s < -maxScore || s > maxScore {
			continue
		}
		fens = append(fens, pos.FEN())
	}
	return fens, nil
}

// newRand returns the random source of Generate's openings for seed.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x6765_6e66_656e_73)) // "genfens"
}

// drawer returns the draw of genfens' openings, as cfg says: StartPlies
// or one more from the start position or, with cfg.Chess960 and no book,
// a Chess960 start position; BookPlies or one more from a position of the
// book.
func drawer(cfg Config) openings.Drawer {
	d := openings.Drawer{Book: cfg.Book, Plies: StartPlies, BookPlies: BookPlies, MorePlies: 1}
	if cfg.Chess960 && len(cfg.Book) == 0 {
		d.Chess960 = 1
	}
	return d
}

// score returns the score from the side to move's view of a search of
// pos to lim by e, started afresh.
func score(ctx context.Context, e *engine.Engine, pos *board.Position, lim engine.Limits) engine.Score {
	e.NewGame()
	var s engine.Score
	e.Search(ctx, pos, lim, func(in engine.Info) {
		if in.CurrMove == board.NoMove && in.MultiPV <= 1 {
			s = in.Score
		}
	})
	return s
}
