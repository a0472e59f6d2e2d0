// Package engine searches chess positions: iterative-deepening alpha-beta
// with a shared transposition table, over one or more threads (Lazy SMP).
package engine

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/tt"
	"github.com/luftchess/luft/eval/nnue"
)

// Engine searches positions with the settings of its Options, which it
// holds: the one place they are kept. Its methods must not be called
// concurrently, but for Options, which a driver may read during a Search;
// a running Search is stopped through its context.
type Engine struct {
	opts  Options
	table *tt.Table
	// The table holds the static evaluations of tableNet (nil: of the
	// hand-crafted evaluation) unless it is clean, as it is when new or
	// cleared: a search that evaluates otherwise clears it first.
	tableNet   *nnue.Network
	tableClean bool
	threads    []*thread
}

// buildEnabled and buildDisabled list features to switch on and off in
// every engine, as ParseFeatures reads them. They are set only in test
// builds made for on/off matches:
//
//	go build -ldflags "-X github.com/luftchess/luft/engine.buildDisabled=lmr,nmp" ./cmd/luft
//	go build -ldflags "-X github.com/luftchess/luft/engine.buildEnabled=iir" ./cmd/luft
var buildEnabled, buildDisabled string

// New returns an engine with the options o; zero fields take defaults.
func New(o Options) *Engine {
	e := &Engine{}
	e.SetOptions(o)
	return e
}

// SetOptions changes the options between searches. Changing HashMB
// reallocates (and so clears) the transposition table. A change of
// evaluation clears it at the next search, if that search evaluates
// otherwise than the last (Search).
func (e *Engine) SetOptions(o Options) {
	if o.HashMB <= 0 {
		o.HashMB = DefaultHashMB
	}
	o.Threads = max(o.Threads, 1)
	o.MultiPV = max(o.MultiPV, 1)
	o.MoveOverhead = max(o.MoveOverhead, 0)
	on, err1 := ParseFeatures(buildEnabled)
	off, err2 := ParseFeatures(buildDisabled)
	if err := errors.Join(err1, err2); err != nil {
		panic(err) // a bad -ldflags value: fail rather than test the wrong thing
	}
	o.Enabled |= on
	o.Disabled |= off
	if e.table == nil || o.HashMB != e.opts.HashMB {
		// Free the old table before allocating the new one, so that the
		// two are never held at once (CheckMemory counts on it).
		if e.table != nil {
			e.table = nil
			runtime.GC()
		}
		e.table = tt.New(o.HashMB)
		e.tableClean = true
	}
	if len(e.threads) != o.Threads {
		e.threads = make([]*thread, o.Threads)
		for i := range e.threads {
			e.threads[i] = newThread(i, e)
		}
	}
	for _, t := range e.threads {
		t.ev.reserve(Network(o, Limits{}))
	}
	e.opts = o
}

// Options returns the options in effect, defaults filled in.
func (e *Engine) Options() Options { return e.opts }

// NewGame forgets everything learnt in earlier searches: the transposition
// table and the move-ordering histories.
func (e *Engine) NewGame() {
	e.table.Clear()
	e.tableClean = true
	for _, t := range e.threads {
		t.clearHistory()
	}
}

// run is the state shared by the threads of one search.
type run struct {
	lim      Limits
	features Features
	multiPV  int
	start    time.Time
	report   func(Info)
	threads  []*thread
	tb       tablebases

	// The threads poll done and deadline every checkInterval nodes and
	// set stop, which every thread then sees. Polling, rather than a
	// timer or context callback setting stop, keeps the latency at about a
	// millisecond even when the search threads occupy every P and a
	// callback goroutine would wait for the scheduler's 10 ms preemption.
	stop     atomic.Bool
	done     <-chan struct{}
	deadline atomic.Int64 // hard limit in nanoseconds after start; MaxInt64 for none

	// The clock limits apply from limitsOn on: at once, or at ponderhit.
	// clockStart and budget are written before limitsOn is set.
	limitsOn   atomic.Bool
	clockStart time.Time
	budget     budget
	timed      bool
}

// startClock applies the limits from now on, arming the hard time limit.
func (r *run) startClock(now time.Time, us board.Color, overhead time.Duration) {
	r.clockStart = now
	r.budget, r.timed = newBudget(r.lim, us, overhead)
	if r.lim.Infinite {
		r.timed = false
	}
	if r.timed {
		r.deadline.Store(int64(now.Sub(r.start) + r.budget.hard))
	}
	r.limitsOn.Store(true)
}

// poll reports whether the search must stop, checking the context and the
// hard time limit.
func (r *run) poll() bool {
	if r.stop.Load() {
		return true
	}
	select {
	case <-r.done:
		r.stop.Store(true)
		return true
	default:
	}
	if int64(time.Since(r.start)) >= r.deadline.Load() {
		r.stop.Store(true)
		return true
	}
	return false
}

// tbHits returns the tablebase probes of all threads that found their
// position, those of the root's moves included.
func (r *run) tbHits() uint64 {
	n := uint64(r.tb.rootHits)
	for _, t := range r.threads {
		n += t.tbHits.Load()
	}
	return n
}

// nodes returns the nodes searched so far by all threads; exact for the
// calling main thread, up to 1024 nodes behind for each helper.
func (r *run) nodes() uint64 {
	n := r.threads[0].nodes
	for _, t := range r.threads[1:] {
		n += t.shared.Load()
	}
	return n
}

// Search searches pos within lim and returns the best move. It calls
// report with the principal variations as they are found. It blocks until
// the search ends: by lim, or when ctx is cancelled, which stops it within
// milliseconds. Even when ctx is already cancelled it returns a legal move
// if there is one; Best is NoMove only when the side to move has no legal
// move. pos is not modified. A search that evaluates otherwise than the
// one before (Network: another network, or none) first clears the
// transposition table, whose static evaluations are the other's.
func (e *Engine) Search(ctx context.Context, pos *board.Position, lim Limits, report func(Info)) Result {
	if report == nil {
		report = func(Info) {}
	}
	r := &run{
		lim:      lim,
		features: (DefaultFeatures | e.opts.Enabled) &^ e.opts.Disabled,
		start:    time.Now(),
		report:   report,
		threads:  e.threads,
		done:     ctx.Done(),
	}
	r.deadline.Store(math.MaxInt64)
	root := rootMoves(pos, lim.SearchMoves)
	if len(root) == 0 {
		return Result{}
	}
	r.tb = newTablebases(e.opts.Syzygy)
	root = r.tb.rankRoot(pos, root)
	r.multiPV = min(max(e.opts.MultiPV, lim.MultiPV), len(root))
	net := Network(e.opts, lim)
	if net != e.tableNet && !e.tableClean {
		e.table.Clear()
	}
	e.tableNet, e.tableClean = net, false
	e.table.NewSearch()

	ponderHit := make(chan struct{})
	us, overhead := pos.SideToMove(), e.opts.MoveOverhead
	switch {
	case !lim.Ponder:
		r.startClock(r.start, us, overhead)
		close(ponderHit)
	case lim.MoveTime > 0:
		// movetime bounds the whole search, pondering included, as
		// depth, nodes and mate do; only a clock waits for ponderhit.
		r.startClock(r.start, us, overhead)
		fallthrough
	default:
		// The watcher must not outlive Search: a ponder search that is
		// stopped returns before any ponderhit, and the caller may then
		// change the options or the position.
		quit := make(chan struct{})
		var watcher sync.WaitGroup
		defer watcher.Wait()
		defer close(quit)
		watcher.Go(func() {
			select {
			case <-lim.PonderHit:
				if !r.limitsOn.Load() {
					r.startClock(time.Now(), us, overhead)
				}
				close(ponderHit)
			case <-ctx.Done():
			case <-quit:
			}
		})
	}

	var wg sync.WaitGroup
	for _, t := range e.threads {
		t.prepare(r, pos, root, net)
	}
	for _, t := range e.threads[1:] {
		wg.Go(t.iterate)
	}
	main := e.threads[0]
	main.iterate()
	r.stop.Store(true)
	wg.Wait()

	// UCI forbids answering before "stop" in infinite mode, and before
	// "ponderhit" or "stop" while pondering, even when the search has
	// reached its limits.
	if lim.Infinite {
		<-ctx.Done()
	} else if lim.Ponder {
		select {
		case <-ctx.Done():
		case <-ponderHit:
		}
	}
	main.reportFinal()
	return main.result()
}

// RootMoves returns the moves that a Search of pos restricted to
// searchMoves would search: the legal moves among searchMoves (all legal
// moves when it holds none), narrowed to those that keep the best result
// when the root is in the tablebases.
func (e *Engine) RootMoves(pos *board.Position, searchMoves []board.Move) []board.Move {
	tb := newTablebases(e.opts.Syzygy)
	root := tb.rankRoot(pos, rootMoves(pos, searchMoves))
	moves := make([]board.Move, len(root))
	for i := range root {
		moves[i] = root[i].move
	}
	return moves
}

// rootMoves returns the legal moves of pos, restricted to searchMoves when
// that holds any of them.
func rootMoves(pos *board.Position, searchMoves []board.Move) []rootMove {
	var l board.MoveList
	pos.GenerateLegal(&l)
	var rm []rootMove
	for _, m := range l.Moves() {
		if len(searchMoves) == 0 || slices.Contains(searchMoves, m) {
			rm = append(rm, rootMove{move: m, score: -int(Infinity), prevScore: -int(Infinity)})
		}
	}
	if len(rm) == 0 && len(searchMoves) > 0 {
		return rootMoves(pos, nil)
	}
	return rm
}
