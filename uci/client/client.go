// Package client runs a UCI chess engine as a child process and speaks the
// GUI side of the protocol to it.
//
// Every call that waits for the engine takes a timeout, so an engine that
// hangs, crashes or prints garbage can never block the caller. Close kills
// the engine's whole process group.
package client

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/luftchess/luft/engine/game/score"
)

// Option is a UCI option to set with setoption after the handshake.
type Option struct {
	Name, Value string
}

// Config says how to start an engine.
type Config struct {
	Cmd     string   // path of the executable
	Args    []string // command-line arguments
	Dir     string   // working directory; empty means the current one
	Options []Option // sent in order after uciok
}

// Errors returned while waiting for the engine.
var (
	// ErrTimeout means the engine did not answer in time.
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrExited means the engine's output ended: it crashed or quit.
	ErrExited = errors.New("engine exited")
)

// Engine is a running UCI engine: a child process (Start) or an engine
// reached through a pair of pipes (Connect).
type Engine struct {
	ID string // the engine's "id name", set by Handshake

	declared map[string]bool // the option names declared, in lower case, set by Handshake

	cmd   *exec.Cmd // nil for an engine reached through Connect
	stdin io.WriteCloser
	lines chan string // closed when the engine's stdout ends
	wait  chan struct{}

	closeOnce sync.Once
}

// Start starts the engine process. It does not speak to it yet.
func Start(cfg Config) (*Engine, error) {
	cmd := exec.Command(cfg.Cmd, cfg.Args...)
	cmd.Dir = cfg.Dir
	setProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &Engine{
		cmd:   cmd,
		stdin: stdin,
		lines: make(chan string, 1024),
		wait:  make(chan struct{}),
	}
	track(e)
	go e.read(stdout)
	return e, nil
}

// read forwards the engine's output lines; it ends when stdout closes.
func (e *Engine) read(stdout io.Reader) {
	r := bufio.NewReaderSize(stdout, 1<<16)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			line = strings.TrimRight(line, "\r\n")
			e.lines <- line
		}
		if err != nil {
			close(e.lines)
			if e.cmd != nil {
				_ = e.cmd.Wait()
			}
			close(e.wait)
			return
		}
	}
}

// Send writes one command line to the engine.
func (e *Engine) Send(cmd string) error {
	_, err := io.WriteString(e.stdin, cmd+"\n")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrExited, err)
	}
	return nil
}

// await reads lines until one has the given first token, discarding the
// rest after passing each to seen (which may be nil).
func (e *Engine) await(ctx context.Context, token string, timeout time.Duration, seen func(string)) (string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return "", ErrExited
			}
			if first(line) == token {
				return line, nil
			}
			if seen != nil {
				seen(line)
			}
		case <-timer.C:
			return "", ErrTimeout
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// Await reads the engine's output until a line whose first token is
// token, which it returns, discarding the lines before it; it waits at
// most timeout. It serves commands outside UCI proper, such as
// Stockfish's "go perft" (answered by "Nodes searched: N").
func (e *Engine) Await(ctx context.Context, token string, timeout time.Duration) (string, error) {
	return e.await(ctx, token, timeout, nil)
}

// request writes cmd and waits at most timeout for a line whose first
// token is reply, passing the lines before it to seen (which may be nil).
func (e *Engine) request(ctx context.Context, cmd, reply string, timeout time.Duration, seen func(string)) error {
	if err := e.Send(cmd); err != nil {
		return err
	}
	if _, err := e.await(ctx, reply, timeout, seen); err != nil {
		return fmt.Errorf("waiting for %s: %w", reply, err)
	}
	return nil
}

// Handshake sends uci, waits for uciok, sets the options and waits for
// readyok, each wait bounded by timeout. It notes the options the engine
// declares (see Declares).
func (e *Engine) Handshake(ctx context.Context, options []Option, timeout time.Duration) error {
	e.declared = map[string]bool{}
	err := e.request(ctx, "uci", "uciok", timeout, func(line string) {
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			e.ID = strings.TrimSpace(name)
		}
		if decl, ok := strings.CutPrefix(line, "option name "); ok {
			if name, _, ok := strings.Cut(decl, " type "); ok {
				e.declared[strings.ToLower(strings.TrimSpace(name))] = true
			}
		}
	})
	if err != nil {
		return err
	}
	for _, o := range options {
		if err := e.Send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return err
		}
	}
	return e.IsReady(ctx, timeout)
}

// Declares reports whether the engine declared the option called name
// (ignoring case, as UCI does) in answer to the Handshake's uci command.
func (e *Engine) Declares(name string) bool { return e.declared[strings.ToLower(name)] }

// IsReady sends isready and waits for readyok.
func (e *Engine) IsReady(ctx context.Context, timeout time.Duration) error {
	return e.request(ctx, "isready", "readyok", timeout, nil)
}

// NewGame sends ucinewgame and waits for the engine to be ready.
func (e *Engine) NewGame(ctx context.Context, timeout time.Duration) error {
	if err := e.Send("ucinewgame"); err != nil {
		return err
	}
	return e.IsReady(ctx, timeout)
}

// Search is the outcome of one go command.
type Search struct {
	Move    string        // the bestmove token as sent, possibly garbage
	Ponder  string        // the move bestmove suggests pondering on; "" for none
	Elapsed time.Duration // from writing go (or ponderhit) to reading bestmove
	Depth   int           // depth of the last reported score
	Score   score.Score   // last reported score, from the side to move's point of view
	Scored  bool          // the engine reported a score; Score is zero if not
}

// Go writes the position and go commands and waits at most timeout for
// bestmove. Elapsed is measured from just before go is written, as
// cutechess does. On ErrTimeout the engine is still searching and should be
// closed.
func (e *Engine) Go(ctx context.Context, position, goCmd string, timeout time.Duration) (Search, error) {
	if err := e.Send(position); err != nil {
		return Search{}, err
	}
	return e.sendAndAwait(ctx, goCmd, timeout)
}

// Ponder writes the position and a "go ponder" command and returns at
// once: the engine thinks on the opponent's time until PonderHit or
// StopPonder. goCmd is the go command the engine would get on its move;
// ponder is added to it.
func (e *Engine) Ponder(position, goCmd string) error {
	if err := e.Send(position); err != nil {
		return err
	}
	return e.Send(strings.Replace(goCmd, "go", "go ponder", 1))
}

// PonderHit tells a pondering engine that the opponent played the move it
// pondered on, and waits at most timeout for its bestmove. Elapsed is
// measured from the ponderhit, when the engine's clock starts; the score
// is the last one reported, pondering included.
func (e *Engine) PonderHit(ctx context.Context, timeout time.Duration) (Search, error) {
	return e.sendAndAwait(ctx, "ponderhit", timeout)
}

// StopPonder stops a pondering engine whose pondered move was not played,
// and waits at most timeout for the bestmove it then owes, which is
// discarded.
func (e *Engine) StopPonder(ctx context.Context, timeout time.Duration) error {
	if err := e.request(ctx, "stop", "bestmove", timeout, nil); err != nil {
		return fmt.Errorf("stopping a ponder search: %w", err)
	}
	return nil
}

// sendAndAwait writes cmd and waits at most timeout for bestmove.
func (e *Engine) sendAndAwait(ctx context.Context, cmd string, timeout time.Duration) (Search, error) {
	if err := e.Send(cmd); err != nil {
		return Search{}, err
	}
	return e.AwaitBestMove(ctx, timeout, nil)
}

// Close asks the engine to quit, waits up to grace for it to exit and then
// kills its process group. It is safe to call more than once.
func (e *Engine) Close(grace time.Duration) {
	e.closeOnce.Do(func() {
		_ = e.Send("quit")
		_ = e.stdin.Close()
		t := time.NewTimer(grace)
		defer t.Stop()
		// Drain output so the reader can reach EOF.
	drain:
		for {
			select {
			case _, ok := <-e.lines:
				if !ok {
					<-e.wait
					break drain
				}
			case <-t.C:
				break drain
			}
		}
		e.kill()
		untrack(e)
	})
}

func first(line string) string {
	f := strings.Fields(line)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// live holds the engines started and not yet closed, for KillAll.
var live = struct {
	sync.Mutex
	m map[*Engine]bool
}{m: map[*Engine]bool{}}

func track(e *Engine) {
	live.Lock()
	live.m[e] = true
	live.Unlock()
}

func untrack(e *Engine) {
	live.Lock()
	delete(live.m, e)
	live.Unlock()
}

// KillAll kills the process groups of all engines not yet closed. It is
// meant for a signal handler's last resort.
func KillAll() {
	live.Lock()
	defer live.Unlock()
	for e := range live.m {
		e.kill()
	}
}
