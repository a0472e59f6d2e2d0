package client

import (
	"io"
)

// Connect returns an Engine that speaks to an engine over a pair of pipes
// instead of a child process: commands are written to w and replies read
// from r. It serves engines run in-process, such as uci.Run on io.Pipe
// ends. Close writes quit, closes w and waits (up to its grace period)
// for r to end; the caller closes the engine's end of r once the engine
// has returned. KillAll does not see such an engine.
func Connect(w io.WriteCloser, r io.Reader) *Engine {
	e := &Engine{
		stdin: w,
		lines: make(chan string, 1024),
		wait:  make(chan struct{}),
	}
	go e.read(r)
	return e
}
