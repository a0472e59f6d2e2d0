package serve

import (
	"fmt"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
)

// stopWait bounds how long a request waits for a stopped search's
// bestmove.
const stopWait = 5 * time.Second

// move plays the person's move, given in UCI notation, and starts Luft's
// reply. In analysis mode the person moves either side, and a move stops
// the analysis of the position before it.
func (g *game) move(uci string) (State, error) {
	g.ops.Lock()
	defer g.ops.Unlock()
	g.mu.Lock()
	err := g.canMove(uci)
	g.mu.Unlock()
	if err != nil {
		return State{}, err
	}
	if g.set.Analysis {
		g.cancel()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.canMove(uci); err != nil { // the person's clock may have run out
		return State{}, err
	}
	spent := time.Since(g.turnAt)
	if !g.set.Analysis && !g.clocks[g.person].Spend(spent) {
		g.ref.End(outcome.Win(g.person.Other()), outcome.TimeForfeit, outcome.Player(g.person)+" loses on time")
		g.stopFlag()
		return g.changed(), nil
	}
	if _, err := g.ref.Move(uci); err != nil {
		return State{}, fmt.Errorf("%w: %v", errIllegal, err)
	}
	g.next()
	return g.changed(), nil
}

// canMove reports why the person cannot play uci now, if they cannot;
// g.mu is held.
func (g *game) canMove(uci string) error {
	if err := g.usable(); err != nil {
		return err
	}
	if !g.set.Analysis && g.ref.Turn() != g.person {
		return errNotYourTurn
	}
	if !g.ref.Legal(uci) {
		return fmt.Errorf("%w: %q is not a legal move in %s", errIllegal, uci, g.ref.FEN())
	}
	return nil
}

// usable reports why the game takes no move, if it does not; g.mu is held.
func (g *game) usable() error {
	switch {
	case g.closed:
		return errClosed
	case g.over():
		return errOver
	case g.failure != "":
		return fmt.Errorf("%w: %s", errOver, g.failure)
	}
	return nil
}

// takeback takes back the person's last move and any reply of Luft's
// after it, stopping Luft if it is thinking; in analysis mode it takes
// back the last move of either side. A game that ended by the rules on
// the board can be taken back; one lost on time or by resigning cannot.
func (g *game) takeback() (State, error) {
	g.ops.Lock()
	defer g.ops.Unlock()
	stopped := g.cancel()
	g.mu.Lock()
	defer g.mu.Unlock()
	n, err := g.takebackTo()
	if err != nil {
		if stopped {
			g.next() // the search that cancel stopped
		}
		return State{}, err
	}
	ref, err := g.set.replay(g.ref.StartFEN(), g.ref.Moves()[:n])
	if err != nil {
		return State{}, err // cannot happen: these moves were played
	}
	g.ref = ref
	g.lines = nil
	g.next()
	return g.changed(), nil
}

// takebackTo returns how many moves are left after a takeback, or why
// there is none; g.mu is held.
func (g *game) takebackTo() (int, error) {
	if g.closed {
		return 0, errClosed
	}
	if _, t, _ := g.ref.Result(); t == outcome.TimeForfeit || g.resigned || g.failure != "" {
		return 0, errOver
	}
	n := len(g.ref.Moves())
	for i := n - 1; i >= 0; i-- {
		if g.set.Analysis || g.mover(i) == g.person {
			return i, nil
		}
	}
	return 0, errNoTakeback
}

// mover returns the side that played move i of the game; g.mu is held.
func (g *game) mover(i int) board.Color {
	first := board.White
	if ref, err := g.set.newRecord(g.ref.StartFEN()); err == nil {
		first = ref.Turn()
	}
	return first ^ board.Color(i%2)
}

// resign ends the game as a loss for the person.
func (g *game) resign() (State, error) {
	g.ops.Lock()
	defer g.ops.Unlock()
	g.mu.Lock()
	err := g.usable()
	if err == nil && g.set.Analysis {
		err = errAnalysis
	}
	g.mu.Unlock()
	if err != nil {
		return State{}, err
	}
	g.cancel() // Luft's search on its move, if the person resigns then
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ref.End(outcome.Win(g.person.Other()), outcome.Adjudication, outcome.Player(g.person)+" resigns")
	g.resigned = true
	g.stopFlag()
	return g.changed(), nil
}

// close stops the engine and ends every stream of the game.
func (g *game) close() {
	g.ops.Lock()
	defer g.ops.Unlock()
	g.cancel()
	g.mu.Lock()
	g.closed = true
	g.stopFlag()
	g.mu.Unlock()
	g.eng.Close(time.Second)
	g.hub.close()
}
