package uci

import (
	"bufio"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/luftchess/luft/uci/client/clienttest"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildPath string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// luftBinary builds cmd/luft once per test run and returns its path. The
// binary is built without the race detector even under -race: the
// in-process tests cover the loop's concurrency, and a race-built engine
// takes seconds to start.
func luftBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "luft-uci-test")
		if buildErr != nil {
			return
		}
		buildPath, buildErr = clienttest.BuildIn(buildDir, clienttest.Luft)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildPath
}

// startProcess runs the program name with args, its standard error going
// to the test's, and returns a client that talks to it on its standard
// input and output. When the test ends, the program's input is closed, and
// it is killed unless it ends within 5 seconds.
func startProcess(t testing.TB, name string, args ...string) *client {
	t.Helper()
	cmd := exec.Command(name, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, in: stdin, lines: make(chan string, 100000), done: make(chan error, 1)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
		c.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		stdin.Close()
		select {
		case <-c.done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	return c
}

// startBinary runs the built engine and checks its one-line banner.
func startBinary(t testing.TB) *client {
	t.Helper()
	c := startProcess(t, luftBinary(t))
	if l := c.next(5 * time.Second); !strings.HasPrefix(l, "Luft ") || !strings.HasSuffix(l, " by the Luft developers") {
		t.Fatalf("banner %q", l)
	}
	return c
}

func TestBinaryHandshake(t *testing.T) {
	c := startBinary(t)
	start := time.Now()
	c.send("xboard", "uci")
	out := c.until("uciok", time.Second)
	if d := time.Since(start); d > time.Second {
		t.Errorf("uciok after %v", d)
	}
	// Arena's probe for the xboard protocol gets an info string, which
	// xboard GUIs ignore.
	if out[0] != "info string unknown command: xboard" {
		t.Errorf("xboard answered with %q", out[0])
	}
	out = out[1:]
	if !strings.HasPrefix(out[0], "id name Luft ") || out[1] != "id author the Luft developers" {
		t.Errorf("id lines %q", out[:2])
	}
	for _, l := range out[2 : len(out)-1] {
		if !optionLine.MatchString(l) {
			t.Errorf("bad option line %q", l)
		}
	}
	// The lichess-bot default option set.
	c.send("setoption name Move Overhead value 100", "setoption name Threads value 4",
		"setoption name Hash value 512", "setoption name SyzygyPath value ./syzygy/",
		"setoption name UCI_ShowWDL value true")
	for _, l := range c.sync() {
		if !strings.HasPrefix(l, "info string ") {
			t.Errorf("unexpected %q", l)
		}
	}
	c.send("setoption name Threads value 1", "setoption name Hash value 16", "position startpos", "go depth 4")
	out = c.until("bestmove", 10*time.Second)
	if info := out[len(out)-2]; !strings.Contains(info, " wdl ") {
		t.Errorf("UCI_ShowWDL on, but no wdl in %q", info)
	}
}

// fenAndKey returns the FEN and key that "d" prints.
func fenAndKey(c *client) (fen, key string) {
	c.t.Helper()
	c.send("d")
	for _, l := range c.until("Key:", 5*time.Second) {
		if f, ok := strings.CutPrefix(l, "Fen: "); ok {
			fen = f
		}
		if k, ok := strings.CutPrefix(l, "Key: "); ok {
			key = k
		}
	}
	return fen, key
}

func TestBinaryPositions(t *testing.T) {
	c := startBinary(t)
	tests := []struct{ position, fen string }{
		{"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"startpos moves e2e4 e7e5 g1f3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"},
		{"fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3 1"},
		// Promotions, upper case on input, en passant, castling both ways.
		{"fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8Q", "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1"},
		{"fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8n", "N3k3/8/8/8/8/8/8/4K3 b - - 0 1"},
		{"fen 4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 moves e2e4 d4e3", "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2"},
		{"fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8", "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"},
		{"fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1c1 e8g8", "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2"},
		// King takes rook is Chess960's castling, refused in standard chess.
		{"fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1 e8a8", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		// Castling rights without the pieces are dropped.
		{"fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
	}
	for _, tt := range tests {
		c.send("position " + tt.position)
		if fen, _ := fenAndKey(c); fen != tt.fen {
			t.Errorf("position %s: FEN %q, want %q", tt.position, fen, tt.fen)
		}
	}
	// An en-passant square without a capturer must not change the key,
	// or repetitions through it would be missed.
	c.send("position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")
	_, withEP := fenAndKey(c)
	c.send("position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 moves g1f3 g8f6 f3g1 f6g8")
	_, repeated := fenAndKey(c)
	if withEP != repeated {
		t.Errorf("key with uncapturable ep square %s differs from the repeated position's %s", withEP, repeated)
	}
	// Jumps and takebacks without ucinewgame.
	c.send("position startpos moves e2e4 e7e5 g1f3", "position startpos moves e2e4")
	if fen, _ := fenAndKey(c); fen != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("takeback: FEN %q", fen)
	}
}

func TestBinaryMateScores(t *testing.T) {
	c := startBinary(t)
	tests := []struct{ position, goLine, score string }{
		{"fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 6", "score mate 1"},
		{"fen r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "go depth 6", "score mate 1"},
		{"fen k7/8/1K6/8/8/8/8/7R b - - 0 1", "go depth 6", "score mate -1"},
		{"fen K7/8/1k6/8/8/8/8/7r w - - 0 1", "go depth 6", "score mate -1"},
		{"fen k7/8/2K5/8/8/8/8/7R w - - 0 1", "go mate 2", "score mate 2"},
		{"fen k7/8/2K5/8/8/8/8/7R w - - 0 1", "go depth 8", "score mate 2"},
	}
	for _, tt := range tests {
		c.send("position "+tt.position, tt.goLine)
		out := c.until("bestmove", 10*time.Second)
		if tt.score != "" && !strings.Contains(out[len(out)-2], " "+tt.score+" ") {
			t.Errorf("%s: final info %q, want %q", tt.position, out[len(out)-2], tt.score)
		}
		checkBestmove(t, out[len(out)-1], tt.position)
	}
}

// TestBinaryGo checks each go form and clock edge case: a legal bestmove,
// a final info line with a score, and the time spent.
func TestBinaryGo(t *testing.T) {
	c := startBinary(t)
	const pos = "startpos moves e2e4 e7e5"
	tests := []struct {
		goLine string
		limit  time.Duration // the bestmove must come within this
	}{
		{"go depth 1", time.Second},
		{"go depth 5", 5 * time.Second},
		{"go nodes 1", time.Second},
		{"go nodes 10000", 5 * time.Second},
		{"go movetime 50", 50 * time.Millisecond},
		{"go movetime 200", 200 * time.Millisecond},
		{"go wtime 100", 100 * time.Millisecond},
		{"go wtime 100 winc 100 btime 100 binc 100", 200 * time.Millisecond},
		{"go btime 100 binc 100 wtime 100 winc 100", 200 * time.Millisecond},
		{"go wtime 0 btime 1000", 50 * time.Millisecond},
		{"go wtime -50 btime 1000 winc 100", 100 * time.Millisecond},
		{"go wtime 1 btime 6354 winc 1000 binc 1000", 1001 * time.Millisecond},
		{"go wtime 10 winc 0", 10 * time.Millisecond},
		{"go btime 100", 500 * time.Millisecond},
		{"go wtime 1000 btime 1000 movestogo 1", 1000 * time.Millisecond},
		{"go wtime 2000 btime 2000 movestogo 40", 2000 * time.Millisecond},
		{"go winc 5000 wtime 1000", 1000 * time.Millisecond},
		{"go nodes 5000 depth 30 wtime 100000 btime 100000", 5 * time.Second},
		{"go depth 3 movetime 100000", 5 * time.Second},
		{"go depth 4 searchmoves d2d4 g1f3", 5 * time.Second},
		{"go depth 3 searchmoves 0000", 5 * time.Second},
	}
	// Allow for process scheduling on a loaded machine; the engine's own
	// budget leaves Move Overhead.
	slack := 50 * time.Millisecond
	c.send("setoption name Move Overhead value 10")
	timedGo := func(goLine string) ([]string, time.Duration) {
		c.send("position "+pos, "isready")
		c.until("readyok", 5*time.Second)
		start := time.Now()
		c.send(goLine)
		out := c.until("bestmove", 10*time.Second)
		return out, time.Since(start)
	}
	for _, tt := range tests {
		out, elapsed := timedGo(tt.goLine)
		// A late bestmove must repeat to count: one late answer can be the
		// scheduler of a machine busy with other work, three cannot.
		for try := 1; try < 3 && elapsed > tt.limit+slack; try++ {
			t.Logf("%s: bestmove after %v, limit %v; trying again", tt.goLine, elapsed, tt.limit)
			out, elapsed = timedGo(tt.goLine)
		}
		if elapsed > tt.limit+slack {
			t.Errorf("%s: bestmove after %v, limit %v, three times", tt.goLine, elapsed, tt.limit)
		}
		best := checkBestmove(t, out[len(out)-1], pos)
		if len(out) < 2 || !strings.Contains(out[len(out)-2], " score ") {
			t.Errorf("%s: no final info with a score: %q", tt.goLine, out)
		} else if f := strings.Fields(out[len(out)-2]); f[slices.Index(f, "pv")+1] != best {
			t.Errorf("%s: bestmove %s is not the first move of %q", tt.goLine, best, out[len(out)-2])
		}
		if strings.Contains(tt.goLine, "searchmoves d2d4") && best != "d2d4" && best != "g1f3" {
			t.Errorf("%s: bestmove %s", tt.goLine, best)
		}
		for _, l := range out {
			checkInfoLine(t, l)
		}
		if strings.HasPrefix(tt.goLine, "go nodes ") {
			last := strings.Fields(out[len(out)-2])
			n, _ := strconv.Atoi(last[slices.Index(last, "nodes")+1])
			want, _ := strconv.Atoi(strings.Fields(tt.goLine)[2])
			if n > want+want/10+2048 {
				t.Errorf("%s: searched %d nodes", tt.goLine, n)
			}
		}
	}
}

// checkInfoLine checks the grammar of an info line: known keys with
// integer values, a score with an optional bound, pv last.
func checkInfoLine(t *testing.T, line string) {
	t.Helper()
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" || len(f) > 1 && f[1] == "string" {
		return
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "time", "currmovenumber":
			if i+1 >= len(f) {
				t.Errorf("%q: %s without a value", line, f[i])
				return
			}
			if _, err := strconv.ParseUint(f[i+1], 10, 64); err != nil {
				t.Errorf("%q: %s %s is not an integer", line, f[i], f[i+1])
			}
			i++
		case "score":
			if i+2 >= len(f) || f[i+1] != "cp" && f[i+1] != "mate" {
				t.Errorf("%q: bad score", line)
				return
			}
			if _, err := strconv.Atoi(f[i+2]); err != nil {
				t.Errorf("%q: bad score", line)
			}
			i += 2
			if i+1 < len(f) && (f[i+1] == "lowerbound" || f[i+1] == "upperbound") {
				i++
			}
		case "wdl":
			sum := 0
			for j := 1; j <= 3 && i+j < len(f); j++ {
				n, _ := strconv.Atoi(f[i+j])
				sum += n
			}
			if sum != 1000 {
				t.Errorf("%q: wdl does not sum to 1000", line)
			}
			i += 3
		case "currmove":
			i++
		case "pv":
			return
		default:
			t.Errorf("%q: unknown field %q", line, f[i])
			return
		}
	}
}

// TestBinaryStopRaces sends go and stop in one write many times in one
// engine process: each go must get exactly one legal bestmove.
func TestBinaryStopRaces(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	c := startBinary(t)
	const pos = "startpos moves d2d4 d7d5"
	seqs := [][]string{
		{"go wtime 10000 btime 10000", "stop"},
		{"go infinite", "stop"},
		{"go ponder wtime 10000 btime 10000", "ponderhit", "stop"},
		{"go ponder wtime 10000 btime 10000", "stop"},
		{"go nodes 1"},
		{"go infinite", "isready", "stop", "stop"},
	}
	const batch = 50
	gos := 0
	for i := 0; i < n; i += batch {
		var lines []string
		want := 0
		for j := i; j < i+batch && j < n; j++ {
			seq := seqs[j%len(seqs)]
			lines = append(lines, "position "+pos)
			lines = append(lines, seq...)
			want++
		}
		lines = append(lines, "isready")
		c.send(lines...)
		gos += want
		got := 0
		for got < want {
			l := c.next(10 * time.Second)
			if strings.HasPrefix(l, "bestmove") {
				checkBestmove(t, l, pos)
				got++
			}
		}
	}
	c.send("isready")
	for _, l := range c.until("readyok", 5*time.Second) {
		if strings.HasPrefix(l, "bestmove") {
			t.Errorf("extra %q after %d go commands", l, gos)
		}
	}
	// The batches' own readyoks may remain; no bestmove may.
	c.send("stop", "isready")
	for _, l := range c.until("readyok", 5*time.Second) {
		if strings.HasPrefix(l, "bestmove") {
			t.Errorf("extra %q", l)
		}
	}
}

func TestBinaryPonder(t *testing.T) {
	c := startBinary(t)
	const pos = "startpos moves e2e4 e7e5 g1f3 b8c6"
	// Ponder hit after 500 ms: the bestmove follows within the budget,
	// measured from the ponderhit.
	c.send("position "+pos, "isready")
	c.until("readyok", 5*time.Second)
	c.send("go ponder wtime 10000 btime 10000 winc 100 binc 100")
	time.Sleep(500 * time.Millisecond)
	for _, l := range c.sync() {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("premature %q", l)
		}
	}
	start := time.Now()
	c.send("ponderhit")
	out := c.until("bestmove", 15*time.Second)
	checkBestmove(t, out[len(out)-1], pos)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("bestmove %v after ponderhit", d)
	}
	// Ponderhit at once, and after a mate has been found.
	for _, p := range []string{pos, "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"} {
		c.send("position "+p, "go ponder wtime 1000 btime 1000", "ponderhit")
		out = c.until("bestmove", 5*time.Second)
		checkBestmove(t, out[len(out)-1], p)
	}
	c.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go ponder wtime 1000 btime 1000")
	time.Sleep(300 * time.Millisecond)
	start = time.Now()
	c.send("ponderhit")
	out = c.until("bestmove", 5*time.Second)
	if d := time.Since(start); d > 100*time.Millisecond {
		t.Errorf("bestmove %v after ponderhit on a finished search", d)
	}
	checkBestmove(t, out[len(out)-1], "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	// Ponder miss, then a normal search; pondering from the start
	// position with Ponder off.
	c.send("position "+pos, "go ponder wtime 1000 btime 1000")
	time.Sleep(50 * time.Millisecond)
	c.send("stop")
	out = c.until("bestmove", time.Second)
	checkBestmove(t, out[len(out)-1], pos)
	c.send("setoption name Ponder value false", "position startpos", "go ponder wtime 1000 btime 1000", "isready")
	c.until("readyok", time.Second)
	c.send("stop")
	out = c.until("bestmove", time.Second)
	checkBestmove(t, out[len(out)-1], "startpos")
}

func TestBinaryIsreadyDuringSearch(t *testing.T) {
	c := startBinary(t)
	for _, goLine := range []string{"go infinite", "go ponder wtime 1000 btime 1000"} {
		c.send("position startpos", goLine)
		var lines []string
		for range 1000 {
			lines = append(lines, "isready")
		}
		c.send(lines...)
		readys, nodes := 0, 0
		for readys < 1000 {
			l := c.next(5 * time.Second)
			checkInfoLine(t, l)
			switch {
			case l == "readyok":
				readys++
			case strings.HasPrefix(l, "info "):
				f := strings.Fields(l)
				if i := slices.Index(f, "nodes"); i > 0 {
					nodes, _ = strconv.Atoi(f[i+1])
				}
			default:
				t.Fatalf("%s: unexpected line %q", goLine, l)
			}
		}
		// The search goes on: a single isready answers at once (100 ms
		// allows for scheduling on a shared machine; a loop that waited
		// for the search would never answer).
		start := time.Now()
		c.send("isready")
		for c.next(time.Second) != "readyok" {
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("%s: readyok after %v", goLine, d)
		}
		time.Sleep(100 * time.Millisecond)
		c.send("stop")
		out := c.until("bestmove", time.Second)
		last := 0
		for _, l := range out {
			f := strings.Fields(l)
			if i := slices.Index(f, "nodes"); i > 0 {
				last, _ = strconv.Atoi(f[i+1])
			}
		}
		if last != 0 && last < nodes {
			t.Errorf("%s: node count fell from %d to %d", goLine, nodes, last)
		}
	}
}

func TestBinaryQuit(t *testing.T) {
	for _, goLine := range []string{"", "go infinite", "go ponder wtime 1000 btime 1000", "eof"} {
		c := startBinary(t)
		c.send("isready")
		c.until("readyok", 5*time.Second)
		if goLine != "" && goLine != "eof" {
			c.send("position startpos", goLine)
			time.Sleep(100 * time.Millisecond)
		}
		start := time.Now()
		if goLine == "eof" {
			c.in.(interface{ Close() error }).Close()
		} else {
			c.send("quit")
		}
		select {
		case err := <-c.done:
			if err != nil {
				t.Errorf("%q: exit: %v", goLine, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%q: no exit", goLine)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("%q: exit after %v", goLine, d)
		}
		c.done <- nil // for Cleanup
	}
}

func TestBinarySingleMove(t *testing.T) {
	c := startBinary(t)
	const pos = "fen k7/8/1K6/8/8/8/8/1R6 b - - 0 1" // only Ka7
	start := time.Now()
	c.send("position "+pos, "go wtime 10000 btime 10000")
	out := c.until("bestmove", 10*time.Second)
	checkBestmove(t, out[len(out)-1], pos)
	if len(out) < 2 || !strings.Contains(out[len(out)-2], " score ") {
		t.Errorf("no score line: %q", out)
	}
	t.Logf("single legal move answered in %v", time.Since(start))
}

// TestBinaryHardening sends the real binary the inputs that once broke
// it: each must be refused with an info string (or, for the clock,
// played through without overflow), and the engine must go on playing.
func TestBinaryHardening(t *testing.T) {
	c := startBinary(t)
	tests := []struct {
		lines []string
		info  string // the info string expected; "" for none
	}{
		{[]string{"setoption name Hash value 65536"}, "option Hash unchanged"},
		{[]string{"setoption name Threads value 1024"}, "option Threads unchanged"},
		{[]string{"setoption name UCI_Chess960 value 1"}, "option UCI_Chess960 unchanged"},
		{[]string{"setoption name SyzygyPath value /nonexistent/syzygy"}, "syzygy: open /nonexistent/syzygy: no such file or directory"},
		{[]string{"setoption name UCI_Elo value 2800"}, "option UCI_Elo unchanged"},
		{[]string{"setoption name BookFile value /dev/zero"}, "not a regular file"},
		{[]string{"foobar"}, "unknown command: foobar"},
		{[]string{strings.Repeat("x", 10<<20)}, "input line of more than"},
		{[]string{"position fen 4k3/8/8/8/8/8/8/4K3 w - - 4294967290 1"}, "halfmove clock 4294967290 read as 150"},
		{[]string{"position startpos moves d2d4 e7e5 zzzz"}, "move 3 (zzzz)"},
		{[]string{"position startpos", "go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807 binc 9223372036854775807 movestogo 1 depth 2"}, ""},
	}
	for _, tt := range tests {
		c.send(tt.lines...)
		var out []string
		if strings.HasPrefix(tt.lines[len(tt.lines)-1], "go ") {
			out = c.until("bestmove", 10*time.Second)
		}
		out = append(out, c.sync()...)
		var infos []string
		for _, l := range out {
			if strings.HasPrefix(l, "info string ") {
				infos = append(infos, l)
			}
		}
		if tt.info == "" && len(infos) > 0 || tt.info != "" && (len(infos) != 1 || !strings.Contains(infos[0], tt.info)) {
			t.Errorf("%.60q: info strings %q, want one with %q", tt.lines, infos, tt.info)
		}
		c.send("position startpos moves e2e4", "go depth 3")
		out = c.until("bestmove", 10*time.Second)
		checkBestmove(t, out[len(out)-1], "startpos moves e2e4")
	}
}

// TestBinaryAddressSpaceLimit runs the engine under ulimit -v 2 GiB, where
// a larger table cannot be mapped: it must refuse one with an info string,
// not die of an out-of-memory error, and play on.
func TestBinaryAddressSpaceLimit(t *testing.T) {
	// 2 GiB: the Go runtime reserves about 1.5 GiB of address space for
	// itself, and under 1 GiB it died now and then of its own
	// reservations before Luft allocated anything.
	c := startProcess(t, "/bin/sh", "-c", "ulimit -v 2097152 && exec "+luftBinary(t))
	if l := c.next(5 * time.Second); !strings.HasPrefix(l, "Luft ") {
		t.Fatalf("banner %q", l)
	}
	c.send("setoption name Hash value 4096")
	if out := c.sync(); len(out) != 1 || !strings.Contains(out[0], "option Hash unchanged") {
		t.Errorf("Hash 4096 under ulimit -v 2 GiB: got %q, want one info string refusing it", out)
	}
	c.send("position startpos", "go depth 3")
	out := c.until("bestmove", 10*time.Second)
	checkBestmove(t, out[len(out)-1], "startpos")
}
