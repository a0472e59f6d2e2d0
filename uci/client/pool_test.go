package client

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/uci/client/clienttest"
)

func TestMain(m *testing.M) { clienttest.Main(m) }

// fakePool returns a pool of fake engines in the mode, closed when the
// test ends.
func fakePool(t *testing.T, mode string) *Pool {
	p := &Pool{Config: Config{Cmd: clienttest.Fake, Args: []string{mode}, Options: []Option{{Name: "Threads", Value: "1"}}}}
	t.Cleanup(p.Close)
	return p
}

// get is p.Get that fails the test on an error.
func get(t *testing.T, p *Pool) *Engine {
	t.Helper()
	e, err := p.Get(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// alive reports whether e still answers isready.
func alive(e *Engine) bool { return e.IsReady(context.Background(), 10*time.Second) == nil }

// TestPoolReuse checks which engines a job gets: the one the last job
// gave back when it went well, a new one after a job that broke it, after
// the idle one died, for every job with Restart, and from GetNew. A new
// one is handshaken: it has its id name.
func TestPoolReuse(t *testing.T) {
	for _, tt := range []struct {
		name    string
		restart bool
		reuse   bool // Put's argument
		kill    bool // close the idle engine behind the pool's back
		getNew  bool // the second job asks for a new engine
		same    bool // whether the second job gets the first engine
		alive   bool // whether the first engine lives on
	}{
		{name: "kept", reuse: true, same: true, alive: true},
		{name: "broken", reuse: false},
		{name: "died idle", reuse: true, kill: true},
		{name: "restart", restart: true, reuse: true},
		{name: "new", reuse: true, getNew: true, alive: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, newGame := range []bool{false, true} {
				p := fakePool(t, "good")
				p.Restart, p.NewGame = tt.restart, newGame
				first := get(t, p)
				p.Put(first, tt.reuse)
				if tt.kill {
					first.Close(time.Second)
				}
				next := p.Get
				if tt.getNew {
					next = p.GetNew
				}
				second, err := next(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				// Without ucinewgame the pool does not notice that the idle
				// engine died: the job does.
				same := tt.same || tt.kill && !newGame
				if (second == first) != same || second.ID != "fake-good" {
					t.Errorf("NewGame %v: the second job got the first engine: %v, want %v; its id %q", newGame, second == first, same, second.ID)
				}
				if alive(first) != tt.alive {
					t.Errorf("NewGame %v: the first engine is alive: %v, want %v", newGame, !tt.alive, tt.alive)
				}
			}
		})
	}
}

// TestPoolStartFails checks Get's errors for an engine that does not
// start, does not finish its handshake, or lacks a required option.
func TestPoolStartFails(t *testing.T) {
	for _, tt := range []struct {
		mode, cmd string
		require   []string
		want      error
	}{
		{mode: "nouci", want: ErrTimeout},
		{mode: "mute", want: ErrTimeout},
		{mode: "good", require: []string{"UCI_Chess960"}, want: &UndeclaredError{Engine: "fake-good", Option: "UCI_Chess960"}},
		{mode: "good", cmd: "/nonexistent/engine", want: os.ErrNotExist},
	} {
		p := fakePool(t, tt.mode)
		p.Require, p.StartTimeout = tt.require, 300*time.Millisecond
		if tt.cmd != "" {
			p.Config.Cmd = tt.cmd
		}
		_, err := p.Get(t.Context())
		if u, ok := errors.AsType[*UndeclaredError](err); ok {
			if diff := cmp.Diff(tt.want, u); diff != "" {
				t.Errorf("%s: Get (-want +got):\n%s", tt.mode, diff)
			}
		} else if !errors.Is(err, tt.want) {
			t.Errorf("%s %s: Get: %v, want %v", tt.mode, tt.cmd, err, tt.want)
		}
	}
}

// TestPoolClose checks that Close closes the idle engines and those lent
// out, and that the pool lends out none after it.
func TestPoolClose(t *testing.T) {
	p := fakePool(t, "good")
	idle, lent := get(t, p), get(t, p)
	p.Put(idle, true)
	p.Close()
	if alive(idle) || alive(lent) {
		t.Errorf("after Close the idle engine is alive: %v, the lent one: %v", alive(idle), alive(lent))
	}
	if _, err := p.Get(t.Context()); !errors.Is(err, ErrClosed) {
		t.Errorf("Get after Close: %v, want %v", err, ErrClosed)
	}
	p.Put(lent, true) // a job ending after Close
}

// TestPoolConcurrent runs jobs from several goroutines at once: each job
// has an engine of its own, and no more engines start than jobs run at
// once.
func TestPoolConcurrent(t *testing.T) {
	const workers, jobs = 3, 10
	p := fakePool(t, "good")
	p.NewGame = true
	var mu sync.Mutex
	seen, busy := map[*Engine]bool{}, map[*Engine]bool{}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range jobs {
				e, err := p.Get(t.Context())
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				if busy[e] {
					t.Error("an engine lent out twice at once")
				}
				seen[e], busy[e] = true, true
				mu.Unlock()
				ok := alive(e)
				mu.Lock()
				busy[e] = false
				mu.Unlock()
				p.Put(e, ok)
			}
		})
	}
	wg.Wait()
	if len(seen) > workers {
		t.Errorf("%d engines started for %d workers", len(seen), workers)
	}
}
