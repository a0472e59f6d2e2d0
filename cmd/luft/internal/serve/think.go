package serve

import (
	"context"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/uci/client"
)

// search is one search of the engine: on Luft's move, or in analysis mode
// on the position the person is looking at.
type search struct {
	ply   int    // moves played before the searched position
	fen   string // the searched position
	white bool   // White is to move there
	done  chan struct{}
	cap   *time.Timer // stops Luft's search at the server's longest time per move
}

// waitSlack is how long past its time a search may go before the engine
// counts as stalled.
const waitSlack = 10 * time.Second

// think starts a search of the current position; g.mu is held.
func (g *game) think() {
	moves := g.ref.Moves()
	position := "position fen " + g.ref.EngineFEN()
	if len(moves) > 0 {
		position += " moves " + strings.Join(moves, " ")
	}
	goCmd := referee.GoCommand(g.ref.Turn(), g.clocks[board.White], g.clocks[board.Black])
	limit := g.clocks[g.ref.Turn()].Limit()
	if g.set.Analysis {
		goCmd = "go movetime " + itoa(int(g.cfg.AnalysisTime.Milliseconds()))
		limit = g.cfg.AnalysisTime
	}
	s := &search{ply: len(moves), fen: g.ref.FEN(), white: g.ref.Turn() == board.White,
		done: make(chan struct{})}
	if err := g.eng.Send(position); err != nil {
		g.fail(err)
		return
	}
	if err := g.eng.Send(goCmd); err != nil {
		g.fail(err)
		return
	}
	g.search = s
	g.lines = nil
	if !g.set.Analysis { // on a long clock Luft might plan a longer move
		s.cap = time.AfterFunc(g.cfg.MaxMoveTime, func() { g.stopSearch(s) })
	}
	go g.await(s, limit+waitSlack)
}

// stopSearch tells the engine to stop search s and play its best move so
// far, if s is still under way.
func (g *game) stopSearch(s *search) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.search == s {
		_ = g.eng.Send("stop")
	}
}

// await waits for the search's bestmove, streaming its lines, and then
// plays the move unless the search was cancelled.
func (g *game) await(s *search, timeout time.Duration) {
	defer close(s.done)
	res, err := g.eng.AwaitBestMove(context.Background(), timeout, func(in client.Info) {
		l := newLine(&g.set, s, in)
		g.mu.Lock()
		if g.search == s {
			g.keep(l)
			g.hub.publish("info", l)
		}
		g.mu.Unlock()
	})
	if s.cap != nil {
		s.cap.Stop()
	}
	g.mu.Lock()
	if g.search != s {
		g.mu.Unlock()
		return
	}
	g.search = nil
	switch {
	case err != nil:
		g.fail(err)
	case !g.set.Analysis:
		g.played(res)
	}
	g.changed()
	g.mu.Unlock()
}

// keep records l as the latest line of its MultiPV; g.mu is held.
func (g *game) keep(l Line) {
	for len(g.lines) < l.MultiPV {
		g.lines = append(g.lines, Line{})
	}
	g.lines[l.MultiPV-1] = l
}

// played plays Luft's move, charging its clock; g.mu is held.
func (g *game) played(res client.Search) {
	luft := g.person.Other()
	if !g.clocks[luft].Spend(res.Elapsed) {
		g.ref.End(outcome.Win(g.person), outcome.TimeForfeit, outcome.Player(luft)+" loses on time")
		return
	}
	if _, err := g.ref.Move(res.Move); err != nil {
		g.failure = "Luft answered " + res.Move + ", which is not a legal move"
		g.ref.End(outcome.Win(g.person), outcome.IllegalMove, g.failure)
		return
	}
	g.next()
}

// fail ends the game when the engine stopped answering; g.mu is held.
func (g *game) fail(err error) {
	g.failure = "Luft stopped answering: " + err.Error()
	if !g.set.Analysis {
		g.ref.End(outcome.Win(g.person), outcome.Stall, g.failure)
	}
}

// cancel stops the search under way, if any, and waits for its bestmove,
// which is thrown away; it reports whether there was one. g.ops is held
// and g.mu is not.
func (g *game) cancel() bool {
	g.mu.Lock()
	s := g.search
	g.search = nil
	g.mu.Unlock()
	if s == nil {
		return false
	}
	_ = g.eng.Send("stop")
	select {
	case <-s.done:
	case <-time.After(stopWait):
		g.mu.Lock()
		g.fail(context.DeadlineExceeded)
		g.mu.Unlock()
	}
	return true
}
