//go:build unix

package uci

import (
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
)

// TestBinaryBookFileSpecial sets BookFile to files that are no books and
// that a naive reader never finishes reading (/dev/zero), or that block
// the open itself (a FIFO without a writer). Each must be refused with an
// info string, at once, and the engine must play on. The engine runs with
// its address space limited, so that a reader without a bound dies of it
// quickly rather than swamping the machine.
func TestBinaryBookFileSpecial(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /dev/zero, mkfifo and ulimit -v")
	}
	bin := luftBinary(t) // not race-built: the race runtime needs far more address space
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	files := []struct{ name, path string }{
		{"zero", "/dev/zero"}, {"urandom", "/dev/urandom"}, {"null", "/dev/null"},
		{"stdin", "/dev/stdin"}, {"directory", dir}, {"fifo", fifo},
	}
	for _, f := range files {
		path := f.path
		t.Run(f.name, func(t *testing.T) {
			e := startTorture(t, "/bin/sh", "-c", `ulimit -v 4194304 && exec "$0"`, bin)
			e.timeout = 10 * time.Second
			e.settle([]tortureCmd{{line: "setoption name OwnBook value true"}, {line: "setoption name BookFile value " + path}, {line: "isready"}})
			if e.infoStrings != 1 {
				t.Errorf("%d info strings, want one that refuses the file", e.infoStrings)
			}
			start := mustRef(t, board.StartFEN)
			e.settle([]tortureCmd{{line: "position startpos"}, {line: "go depth 1", want: &bestmoveWant{goLine: "go depth 1", position: "startpos", pos: start}}})
			e.quit()
		})
	}
}
