// Package enginetest has test helpers for the programs that drive an
// engine: a Searcher that records what reaches the engine it wraps.
package enginetest

import (
	"context"
	"slices"
	"sync"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/eval/nnue"
)

// Record is what reached an engine through a Recorder. The engine clears
// its table at each new game and when a search evaluates otherwise than
// the one before it (engine.Engine.Search): Searched shows the second.
type Record struct {
	// Set holds, for each SetOptions call, the network its options
	// select (engine.Network; nil for the hand-crafted evaluation).
	Set []*nnue.Network
	// NewGames counts the NewGame calls.
	NewGames int
	// Searched holds, for each Search, the network it evaluated with.
	Searched []*nnue.Network
}

// Recorder is an engine.Searcher that passes every call on to the one it
// wraps and records what reached it. It is safe for concurrent use, as a
// protocol's loop and its search goroutine use it.
type Recorder struct {
	engine.Searcher

	mu  sync.Mutex
	rec Record
}

// New returns a Recorder of s.
func New(s engine.Searcher) *Recorder { return &Recorder{Searcher: s} }

// Record returns what has reached the engine so far.
func (r *Recorder) Record() Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec := r.rec
	rec.Set, rec.Searched = slices.Clone(rec.Set), slices.Clone(rec.Searched)
	return rec
}

// SetOptions records the options' evaluation and passes them on.
func (r *Recorder) SetOptions(o engine.Options) {
	r.mu.Lock()
	r.rec.Set = append(r.rec.Set, engine.Network(o, engine.Limits{}))
	r.mu.Unlock()
	r.Searcher.SetOptions(o)
}

// NewGame counts the new game and passes it on.
func (r *Recorder) NewGame() {
	r.mu.Lock()
	r.rec.NewGames++
	r.mu.Unlock()
	r.Searcher.NewGame()
}

// Search records the evaluation of the search and runs it.
func (r *Recorder) Search(ctx context.Context, pos *board.Position, lim engine.Limits, report func(engine.Info)) engine.Result {
	r.mu.Lock()
	r.rec.Searched = append(r.rec.Searched, engine.Network(r.Searcher.Options(), lim))
	r.mu.Unlock()
	return r.Searcher.Search(ctx, pos, lim, report)
}
