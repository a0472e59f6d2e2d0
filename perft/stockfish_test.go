//go:build stockfish

// The comparison with Stockfish runs only with the stockfish build tag
// (make perft-bench), so that the normal suite neither needs Stockfish nor
// reports the test as skipped:
//
//	go test -tags stockfish -run TestVersusStockfish -v ./perft [-stockfish path]

package perft

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
)

var stockfish = flag.String("stockfish", "/usr/games/stockfish", "path of the Stockfish binary to compare perft speed with")

// TestVersusStockfish times Luft's perft and Stockfish's "go perft" on the
// same positions in the same run, each the best of three, and prints the
// speeds and their ratio. Stockfish is timed from "go perft" to its node
// count, so its start-up is not counted; Luft runs in process.
func TestVersusStockfish(t *testing.T) {
	sf, err := startUCI(*stockfish)
	if err != nil {
		t.Fatal(err)
	}
	defer sf.close()
	cases := []struct {
		name, fen string
		depth     int
	}{{"start", board.StartFEN, 6}, {"kiwipete", kiwipete, 5}}
	fmt.Printf("%-9s %5s %12s %14s %14s %7s\n", "position", "depth", "nodes", "luft nodes/s", "sf nodes/s", "ratio")
	for _, c := range cases {
		p, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		var ours, theirs time.Duration
		var nodes uint64
		for range 3 {
			start := time.Now()
			nodes = Count(p, c.depth)
			if d := time.Since(start); ours == 0 || d < ours {
				ours = d
			}
			sfNodes, d, err := sf.perft(c.fen, c.depth)
			if err != nil {
				t.Fatal(err)
			}
			if sfNodes != nodes {
				t.Fatalf("%s depth %d: luft counts %d, stockfish %d", c.name, c.depth, nodes, sfNodes)
			}
			if theirs == 0 || d < theirs {
				theirs = d
			}
		}
		ourNPS, theirNPS := float64(nodes)/ours.Seconds(), float64(nodes)/theirs.Seconds()
		fmt.Printf("%-9s %5d %12d %14.0f %14.0f %7.2f\n", c.name, c.depth, nodes, ourNPS, theirNPS, ourNPS/theirNPS)
	}
}

// uciProcess is a minimal UCI engine driver for the comparison.
type uciProcess struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startUCI(path string) (*uciProcess, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &uciProcess{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	fmt.Fprintln(in, "uci")
	if _, err := e.waitFor("uciok"); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// waitFor returns the first output line starting with prefix.
func (e *uciProcess) waitFor(prefix string) (string, error) {
	for e.out.Scan() {
		if line := e.out.Text(); strings.HasPrefix(line, prefix) {
			return line, nil
		}
	}
	return "", fmt.Errorf("%s: no %q line (%v)", e.cmd.Path, prefix, e.out.Err())
}

// perft runs "go perft" and returns the node count and the time from the
// command to the answer.
func (e *uciProcess) perft(fen string, depth int) (uint64, time.Duration, error) {
	fmt.Fprintf(e.in, "position fen %s\nisready\n", fen)
	if _, err := e.waitFor("readyok"); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	fmt.Fprintf(e.in, "go perft %d\n", depth)
	line, err := e.waitFor("Nodes searched:")
	elapsed := time.Since(start)
	if err != nil {
		return 0, 0, err
	}
	var n uint64
	_, err = fmt.Sscanf(line, "Nodes searched: %d", &n)
	return n, elapsed, err
}

func (e *uciProcess) close() {
	fmt.Fprintln(e.in, "quit")
	e.in.Close()
	done := make(chan error, 1)
	go func() { done <- e.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}
