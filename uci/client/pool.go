package client

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// Pool lends out engines started from one Config, each to one job at a
// time (a game, a position to score), and keeps them between jobs: an
// engine is started and handshaken once, reused until it breaks, and
// replaced by a new one when it does. Its methods are safe for
// concurrent use.
type Pool struct {
	Config  Config   // the engine; its Options are set at the handshake
	Require []string // options the engine must declare (UCI_Chess960 for Chess960)
	NewGame bool     // send ucinewgame before every job
	Restart bool     // start a new process for every job instead of reusing one

	StartTimeout time.Duration // for uciok and the first readyok; 10 s if zero
	ReadyTimeout time.Duration // for readyok after ucinewgame; 10 s if zero
	QuitTimeout  time.Duration // before an engine told to quit is killed; 1 s if zero

	mu     sync.Mutex
	idle   []*Engine
	lent   map[*Engine]bool
	closed bool
}

// ErrClosed is Get's error after Close.
var ErrClosed = errors.New("engine pool closed")

// UndeclaredError is Get's error when an engine lacks an option of the
// pool's Require.
type UndeclaredError struct {
	Engine string // its id name, or the command's name
	Option string
}

func (e *UndeclaredError) Error() string {
	return fmt.Sprintf("%s declares no %s", e.Engine, e.Option)
}

// Get returns an engine ready for a job: an idle one (after ucinewgame
// with NewGame), or else a new one, started and handshaken. An idle
// engine that fails its ucinewgame is closed and replaced. The engine
// goes back with Put.
func (p *Pool) Get(ctx context.Context) (*Engine, error) {
	for {
		e, err := p.take()
		if err != nil {
			return nil, err
		}
		if e == nil {
			return p.GetNew(ctx)
		}
		if !p.NewGame || e.NewGame(ctx, p.readyTimeout()) == nil {
			return e, nil
		}
		p.Put(e, false)
		if ctx.Err() != nil {
			return nil, ctx.Err() // the engine may have been healthy: keep the others
		}
	}
}

// GetNew is Get for a new engine, never an idle one: to retry a job that
// an engine failed on, to know whether the job was at fault.
func (p *Pool) GetNew(ctx context.Context) (*Engine, error) {
	e, err := p.start(ctx)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		e.Close(p.quitTimeout())
		return nil, ErrClosed
	}
	if p.lent == nil {
		p.lent = map[*Engine]bool{}
	}
	p.lent[e] = true
	return e, nil
}

// take lends out an idle engine, or returns nil when there is none.
func (p *Pool) take() (*Engine, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, ErrClosed
	}
	if len(p.idle) == 0 {
		return nil, nil
	}
	e := p.idle[len(p.idle)-1]
	p.idle = p.idle[:len(p.idle)-1]
	p.lent[e] = true
	return e, nil
}

// start starts an engine, handshakes with it and checks that it declares
// the required options.
func (p *Pool) start(ctx context.Context) (*Engine, error) {
	e, err := Start(p.Config)
	if err != nil {
		return nil, err
	}
	if err := e.Handshake(ctx, p.Config.Options, cmp.Or(p.StartTimeout, 10*time.Second)); err != nil {
		e.Close(p.quitTimeout())
		return nil, err
	}
	for _, name := range p.Require {
		if !e.Declares(name) {
			e.Close(p.quitTimeout())
			id := e.ID
			if id == "" {
				id = filepath.Base(p.Config.Cmd)
			}
			return nil, &UndeclaredError{Engine: id, Option: name}
		}
	}
	if p.NewGame {
		if err := e.NewGame(ctx, p.readyTimeout()); err != nil {
			e.Close(p.quitTimeout())
			return nil, err
		}
	}
	return e, nil
}

// Put takes back an engine that Get lent out. It keeps the engine for the
// next job when reuse is set (the job went well), and closes it
// otherwise: an engine that crashed, stalled, broke the rules or may
// still be searching is not reused. With Restart it always closes it.
func (p *Pool) Put(e *Engine, reuse bool) {
	p.mu.Lock()
	delete(p.lent, e)
	keep := reuse && !p.Restart && !p.closed
	if keep {
		p.idle = append(p.idle, e)
	}
	p.mu.Unlock()
	if !keep {
		e.Close(p.quitTimeout())
	}
}

// Close closes every engine of the pool, those lent out too, and makes
// Get fail from then on. Call it once the jobs are done.
func (p *Pool) Close() {
	p.mu.Lock()
	engines := append(p.idle, slices.Collect(maps.Keys(p.lent))...)
	p.idle, p.lent, p.closed = nil, nil, true
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Go(func() { e.Close(p.quitTimeout()) })
	}
	wg.Wait()
}

func (p *Pool) readyTimeout() time.Duration { return cmp.Or(p.ReadyTimeout, 10*time.Second) }

func (p *Pool) quitTimeout() time.Duration { return cmp.Or(p.QuitTimeout, time.Second) }
