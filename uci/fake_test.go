package uci

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
)

// fakeSearcher plays the first legal (or first searchmoves) move after a
// few short iterations. It follows the engine.Searcher contract: infinite and
// ponder searches run until cancelled (or, for ponder, until the ponderhit
// and then their limits), unless early is set, in which case it returns
// at once, to check that the front end holds the bestmove back itself.
type fakeSearcher struct {
	step  time.Duration // time per iteration
	early bool          // return at once, whatever the limits say
	best  board.Move    // when set, returned instead of a real choice
	reply board.Move    // when set with best, the ponder move and the PV's second move

	mu       sync.Mutex
	options  []engine.Options
	newGames int
	searches int
	limits   []engine.Limits // of every search, in order
	running  int             // searches in progress; must never exceed 1
	overlap  bool
}

// check fails t unless bestmoves, the bestmove lines sent, are one for
// each of gos go commands and the searcher was never reconfigured or
// restarted during a search.
func (f *fakeSearcher) check(t testing.TB, bestmoves, gos int) {
	t.Helper()
	if bestmoves != gos {
		t.Errorf("%d bestmoves for %d go commands", bestmoves, gos)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.overlap {
		t.Error("searcher reconfigured or restarted during a search")
	}
}

// defaultOptions are the options a fakeSearcher starts with, those Run
// expects a searcher to have been made with.
var defaultOptions = sync.OnceValue(DefaultOptions)

// Options returns the options last set, or the defaults.
func (f *fakeSearcher) Options() engine.Options {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.options) == 0 {
		return defaultOptions()
	}
	return f.options[len(f.options)-1]
}

func (f *fakeSearcher) SetOptions(o engine.Options) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.running > 0 {
		f.overlap = true
	}
	f.options = append(f.options, o)
}

func (f *fakeSearcher) NewGame() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.running > 0 {
		f.overlap = true
	}
	f.newGames++
}

func (f *fakeSearcher) Search(ctx context.Context, pos *board.Position, lim engine.Limits, report func(engine.Info)) engine.Result {
	f.mu.Lock()
	f.searches++
	f.limits = append(f.limits, lim)
	f.running++
	if f.running > 1 {
		f.overlap = true
	}
	f.mu.Unlock()
	defer func() { f.mu.Lock(); f.running--; f.mu.Unlock() }()

	var l board.MoveList
	pos.GenerateLegal(&l)
	if l.Len() == 0 {
		return engine.Result{}
	}
	moves := l.Moves()
	if len(lim.SearchMoves) > 0 {
		moves = lim.SearchMoves
	}
	res := engine.Result{Best: moves[0]}
	pv := []board.Move{res.Best}
	if f.best != board.NoMove {
		res.Best = f.best
		pv = []board.Move{f.best}
		if f.reply != board.NoMove {
			res.Ponder = f.reply
			pv = append(pv, f.reply)
		}
	}
	if f.early {
		return res
	}
	depth := lim.Depth
	if depth == 0 {
		depth = 3
	}
	hit := lim.PonderHit
	pondering := lim.Ponder
	start := time.Now()
	for d := 1; ; d++ {
		select {
		case <-ctx.Done():
			return res
		case <-hit:
			pondering, hit = false, nil
		case <-time.After(f.step):
		}
		report(engine.Info{Depth: d, MultiPV: 1, Score: engine.Score(10 * d), Bound: engine.Exact, Nodes: uint64(d) * 100, Time: time.Since(start), PV: pv})
		if d >= depth && !lim.Infinite && !pondering {
			return res
		}
	}
}

// lineWriter collects output lines and checks that each Write is exactly
// one whole line.
type lineWriter struct {
	t     testing.TB
	lines chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	s := string(p)
	if !strings.HasSuffix(s, "\n") || strings.Count(s, "\n") != 1 || strings.Contains(s, "\r") {
		w.t.Errorf("write %q is not exactly one line", s)
	}
	w.lines <- strings.TrimSuffix(s, "\n")
	return len(p), nil
}

// syncBuffer records the writes to it; it is safe for concurrent use, as
// by the protocol loop and the search goroutine.
type syncBuffer struct {
	mu     sync.Mutex
	writes []string
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.writes = append(b.writes, string(p))
	return len(p), nil
}

// String returns all that has been written.
func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Join(b.writes, "")
}

// client talks to an engine in process (startSession) or to a program
// (startProcess).
type client struct {
	t     testing.TB
	in    io.Writer
	lines chan string // closed at the end of a process's output
	done  chan error  // receives when the engine has stopped
}

// startSession runs Run with s in a goroutine.
func startSession(t testing.TB, s engine.Searcher) *client {
	pr, pw := io.Pipe()
	c := &client{t: t, in: pw, lines: make(chan string, 100000), done: make(chan error, 1)}
	go func() {
		c.done <- Run(pr, &lineWriter{t: t, lines: c.lines}, s, ID{Name: "Luft test", Author: "tester"})
		pr.Close()
	}()
	t.Cleanup(func() { pw.Close() })
	return c
}

// send writes the lines, each followed by a newline, in a single write.
func (c *client) send(lines ...string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, strings.Join(lines, "\n")+"\n"); err != nil {
		c.t.Fatalf("send %q: %v", lines, err)
	}
}

// next returns the next output line, failing after timeout.
func (c *client) next(timeout time.Duration) string {
	c.t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			c.t.Fatal("the output ended")
		}
		return l
	case <-time.After(timeout):
		c.t.Fatalf("no output within %v", timeout)
		return ""
	}
}

// until returns the output lines up to and including the first one that
// starts with prefix.
func (c *client) until(prefix string, timeout time.Duration) []string {
	c.t.Helper()
	deadline := time.After(timeout)
	var got []string
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("the output ended before a %q line; got %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-deadline:
			c.t.Fatalf("no %q line within %v; got %q", prefix, timeout, got)
			return nil
		}
	}
}

// quiet fails if any line arrives within d.
func (c *client) quiet(d time.Duration) {
	c.t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			c.t.Fatal("the output ended")
		}
		c.t.Errorf("unexpected output %q", l)
	case <-time.After(d):
	}
}

// sync sends isready and returns every line before readyok.
func (c *client) sync() []string {
	c.t.Helper()
	c.send("isready")
	got := c.until("readyok", 5*time.Second)
	return got[:len(got)-1]
}
