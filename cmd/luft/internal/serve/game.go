package serve

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/uci/client"
)

// game is one browser game and the engine that plays it.
type game struct {
	id      string
	cfg     Config
	set     Settings
	person  board.Color
	eng     *client.Engine
	hub     *hub
	created time.Time

	startCheck bool // the side to move is in check in the starting position
	start960   *int // the number of the Chess960 start position the game began from, if it did

	ops sync.Mutex // held by each request that changes the game, in turn

	mu       sync.Mutex // guards the fields below
	ref      *referee.Game
	clocks   [2]*referee.Clock
	turnAt   time.Time // when the side to move began its move
	search   *search   // the engine's search under way; nil when it is not thinking
	flag     *time.Timer
	lines    []Line // the latest line of each MultiPV of the current search
	used     time.Time
	failure  string // why the engine stopped playing, if it did
	resigned bool
	version  int // counts the changes, so that pages can order the states they get
	closed   bool
	// reviewing is set while a review of the game runs (one at a time).
	reviewing bool
}

// Errors of the requests on a game, with the HTTP status they get.
var (
	errNotYourTurn = errors.New("it is not your turn: Luft is thinking")
	errOver        = errors.New("the game is over")
	errNoTakeback  = errors.New("there is no move of yours to take back")
	errClosed      = errors.New("the game has been closed")
	errAnalysis    = errors.New("there is nobody to resign to in analysis mode")
)

// newGame starts a game with checked settings: its engine, its record
// with any moves to replay, and the engine's first search if it is to move.
func newGame(ctx context.Context, id string, cfg Config, set Settings) (*game, error) {
	start, err := set.start()
	if err != nil {
		return nil, err
	}
	ref, err := set.replay(start.FEN(), set.Moves)
	if err != nil {
		return nil, err
	}
	eng, err := startEngine(ctx, cfg, set)
	if err != nil {
		return nil, fmt.Errorf("starting the engine: %v", err)
	}
	now := time.Now()
	g := &game{id: id, cfg: cfg, set: set, eng: eng, hub: newHub(), created: now,
		startCheck: start.InCheck(), ref: ref, turnAt: now, used: now}
	if set.chess960() {
		if n, ok := start960Number(start); ok {
			g.start960 = &n
		}
	}
	if set.Color == "black" {
		g.person = board.Black
	}
	person, luft := set.timeControls()
	g.clocks[g.person] = newClock(person)
	g.clocks[g.person.Other()] = newClock(luft)
	g.mu.Lock()
	g.next()
	g.mu.Unlock()
	return g, nil
}

// newClock returns a clock that starts at the base time, as a chess
// clock does; the referee's, like cutechess's, adds one increment to it.
func newClock(tc referee.TimeControl) *referee.Clock {
	if tc.Timed() {
		tc.Base -= tc.Inc
	}
	return referee.NewClock(tc)
}

// over reports whether the game has ended; g.mu is held.
func (g *game) over() bool {
	r, _, _ := g.ref.Result()
	return r != outcome.Unfinished
}

// next starts what comes after a change, with g.mu held: the engine's
// search when it is to move or analyses, or else the person's clock.
func (g *game) next() {
	g.turnAt = time.Now()
	g.stopFlag()
	if g.over() || g.failure != "" || g.closed {
		return
	}
	if g.set.Analysis || g.ref.Turn() != g.person {
		g.think()
		return
	}
	if lim := g.clocks[g.person].Limit(); lim > 0 {
		ply := len(g.ref.Moves())
		g.flag = time.AfterFunc(lim+time.Millisecond, func() { g.flagFall(ply) })
	}
}

// stopFlag disarms the timer of the person's clock; g.mu is held.
func (g *game) stopFlag() {
	if g.flag != nil {
		g.flag.Stop()
		g.flag = nil
	}
}

// flagFall ends the game when the person is still to make move ply and
// has run out of time.
func (g *game) flagFall(ply int) {
	g.mu.Lock()
	if g.over() || g.closed || len(g.ref.Moves()) != ply || g.ref.Turn() != g.person {
		g.mu.Unlock()
		return
	}
	g.ref.End(outcome.Win(g.person.Other()), outcome.TimeForfeit, outcome.Player(g.person)+" loses on time")
	g.changed()
	g.mu.Unlock()
}

// changed sends the game's new state to its pages and returns it; g.mu
// is held, so that the pages get the states in order.
func (g *game) changed() State {
	g.version++
	st := g.state()
	g.hub.publish("state", st)
	return st
}
