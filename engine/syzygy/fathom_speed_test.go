//go:build fathom

package syzygy

import (
	"fmt"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/luftchess/luft/engine/board"
)

// TestProbeSpeedVersusFathom measures probes per second against fathom's
// in the same run (make bench-fathom; NOTES.md has the method and the
// figures). fathom is a command-line tool whose process start and table
// scan dwarf a probe, so the work is made large and the overhead measured
// and taken off: for drawn positions fathom prints a line of about a
// hundred plies, probing at every ply the position and each of its moves.
// Its CPU time for that run, less its CPU time for the same position with
// --test (start, scan and the first ply only), is the line's cost. Luft
// then probes the same positions the same way, on one thread, its CPU
// time measured alike: warm (files mapped and in its page tables) and
// cold (fresh Tables for every line, as a fresh fathom process has; their
// Open, a directory scan as fathom's start has, untimed). Each figure is
// the best of three rounds.
func TestProbeSpeedVersusFathom(t *testing.T) {
	requireFathom(t)
	tb := openTestTables(t)
	lines := drawnLines(t, tb, 150)
	probes := 0
	for _, l := range lines {
		probes += l.probes
	}
	const rounds = 3
	fathomCPU := time.Duration(1<<63 - 1)
	for range rounds {
		var total time.Duration
		for _, l := range lines {
			full, test := fathomCPU2(t, l.fen)
			total += full - test
		}
		fathomCPU = min(fathomCPU, total)
	}
	warm := luftCPU(func([]*Tables) {
		for _, l := range lines {
			l.replay(tb)
		}
	}, 0, rounds)
	cold := luftCPU(func(fresh []*Tables) {
		for i, l := range lines {
			l.replay(fresh[i])
		}
	}, len(lines), rounds)
	rate := func(d time.Duration) float64 { return float64(probes) / d.Seconds() }
	wdlOnly := 0
	for _, l := range lines {
		wdlOnly += l.wdlOnly
	}
	t.Logf("%d drawn positions, lines of %d plies in all, %d probes (%.0f%% of them answered by WDL tables alone)",
		len(lines), plies(lines), probes, 100*float64(wdlOnly)/float64(probes))
	t.Logf("fathom: %.0f ns a probe, %.2fM probes/s (CPU time of full runs less --test runs, best of %d)",
		float64(fathomCPU.Nanoseconds())/float64(probes), rate(fathomCPU)/1e6, rounds)
	t.Logf("Luft warm: %.0f ns a probe, %.2fM probes/s, %.2f× fathom's rate",
		float64(warm.Nanoseconds())/float64(probes), rate(warm)/1e6, rate(warm)/rate(fathomCPU))
	t.Logf("Luft cold (fresh Tables per line, Open untimed): %.0f ns a probe, %.2fM probes/s, %.2f× fathom's rate",
		float64(cold.Nanoseconds())/float64(probes), rate(cold)/1e6, rate(cold)/rate(fathomCPU))
	if fathomCPU <= 0 {
		t.Errorf("fathom's lines cost %v: the measurement failed", fathomCPU)
	}
}

// fathomLine is a drawn position, the line fathom prints for it and the
// probes fathom makes along it.
type fathomLine struct {
	fen     string
	moves   []board.Move
	probes  int // top-level probes of the replay
	wdlOnly int // of which a WDL probe, or a DTZ probe of a draw
}

func plies(lines []fathomLine) int {
	n := 0
	for _, l := range lines {
		n += len(l.moves)
	}
	return n
}

// speedTables are the tables whose drawn positions make long lines.
var speedTables = []string{"KRvKR", "KQvKQ", "KBvKR", "KNvKR", "KRBvKR", "KRNvKR", "KRPvKR", "KBvKP"}

// drawnLines draws n drawn positions of speedTables whose fathom line is
// at least 60 plies long, the same on every run.
func drawnLines(t *testing.T, tb *Tables, n int) []fathomLine {
	r := rand.New(rand.NewPCG(3, 24))
	var lines []fathomLine
	for len(lines) < n {
		name := speedTables[len(lines)%len(speedTables)]
		m, _ := parseName(name)
		pos := randomPosition(r, newTable(name, m), false)
		if pos == nil || !pos.HasLegalMove() {
			continue
		}
		if w, ok := tb.ProbeWDL(pos); !ok || w != Draw {
			continue
		}
		out, err := exec.Command("fathom", "--path="+tableDir, pos.FEN()).Output()
		if err != nil {
			t.Fatalf("fathom %s: %v", pos.FEN(), err)
		}
		l := fathomLine{fen: pos.FEN(), moves: parseLine(t, pos, string(out))}
		if len(l.moves) < 60 {
			continue
		}
		l.probes, l.wdlOnly = l.replay(tb)
		lines = append(lines, l)
	}
	return lines
}

var moveNumber = regexp.MustCompile(`^\d+\.+`)

// parseLine returns the moves of the line in fathom's output for pos.
func parseLine(t *testing.T, pos *board.Position, out string) []board.Move {
	_, text, _ := strings.Cut(out, "\n\n")
	text, _, _ = strings.Cut(text, "\n")
	p := pos.Clone()
	var moves []board.Move
	for _, tok := range strings.Fields(text) {
		tok = strings.TrimRight(moveNumber.ReplaceAllString(tok, ""), "+")
		if tok == "" || tok == "#" || strings.Contains(tok, "-") || strings.HasPrefix(tok, "{") {
			continue
		}
		var l board.MoveList
		p.GenerateLegal(&l)
		i := slices.IndexFunc(l.Moves(), func(m board.Move) bool { return fathomSAN(p, m) == tok })
		if i < 0 {
			t.Fatalf("%s: fathom's move %q is not legal after %v", pos.FEN(), tok, moves)
		}
		moves = append(moves, l.Moves()[i])
		p.Make(l.Moves()[i])
	}
	return moves
}

// replay makes the probes fathom makes for the line: at each position,
// as its tb_probe_root does, the position's DTZ and each move's DTZ, or
// its WDL for a capture or pawn move; then, for its closing lists, the
// root's moves ranked by DTZ and by WDL. It returns how many probes it
// made and how many of them the WDL tables answered alone.
func (l *fathomLine) replay(tb *Tables) (probes, wdlOnly int) {
	pos, _ := board.ParseFEN(l.fen)
	probe := func(p *board.Position) {
		probes++
		if p.Rule50() == 0 {
			tb.ProbeWDL(p)
			wdlOnly++
		} else if d, _ := tb.ProbeDTZ(p); d == 0 {
			wdlOnly++
		}
	}
	for i := 0; ; i++ {
		probe(pos)
		var ml board.MoveList
		pos.GenerateLegal(&ml)
		for _, m := range ml.Moves() {
			pos.Make(m)
			probe(pos)
			pos.Unmake()
		}
		if i == len(l.moves) {
			break
		}
		pos.Make(l.moves[i])
	}
	for range l.moves {
		pos.Unmake()
	}
	ranked, _, _ := tb.ProbeRoot(pos, nil) // a WDL probe per move, and DTZ
	probes += 2 * len(ranked)
	for _, m := range ranked {
		pos.Make(m.Move)
		tb.ProbeWDL(pos)
		pos.Unmake()
	}
	probes += len(ranked)
	return probes, wdlOnly + 2*len(ranked)
}

// fathomCPU2 runs fathom on fen in full and with --test, in turn, and
// returns the CPU time (user and system) of each.
func fathomCPU2(t *testing.T, fen string) (full, test time.Duration) {
	run := func(args ...string) time.Duration {
		cmd := exec.Command("fathom", append(args, "--path="+tableDir, fen)...)
		if err := cmd.Run(); err != nil {
			t.Fatalf("fathom %s: %v", fen, err)
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	return run(), run("--test")
}

// luftCPU returns the least CPU time, of the calling thread, of rounds
// runs of f, each given n Tables opened for it beforehand (untimed) and
// closed after.
func luftCPU(f func(fresh []*Tables), n, rounds int) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := time.Duration(1<<63 - 1)
	for range rounds {
		fresh := make([]*Tables, n)
		for i := range fresh {
			fresh[i], _ = Open(tableDir)
		}
		start := threadCPU()
		f(fresh)
		best = min(best, threadCPU()-start)
		for _, tb := range fresh {
			tb.Close()
		}
	}
	return best
}

func threadCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		panic(fmt.Sprint("getrusage: ", err))
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
