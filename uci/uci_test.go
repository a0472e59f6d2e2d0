package uci

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
)

func TestHandshake(t *testing.T) {
	c := startSession(t, &fakeSearcher{})
	c.send("xboard")
	if diff := cmp.Diff([]string{"info string unknown command: xboard"}, c.sync()); diff != "" {
		t.Errorf("xboard answer mismatch (-want +got):\n%s", diff)
	}
	c.send("uci")
	first := c.until("uciok", time.Second)
	c.send("uci")
	second := c.until("uciok", time.Second)
	if diff := cmp.Diff(first, second); diff != "" {
		t.Errorf("second uci differs (-first +second):\n%s", diff)
	}
	want := []string{"id name Luft test", "id author tester"}
	for _, o := range optionTable {
		want = append(want, o.String())
	}
	want = append(want, "uciok")
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("handshake mismatch (-want +got):\n%s", diff)
	}
}

func TestIgnoredInput(t *testing.T) {
	c := startSession(t, &fakeSearcher{})
	c.send("joho debug off", "", "   ", "stop", "ponderhit", "register later", "ucinewgame", "position startpos", "\t\r")
	if got := c.sync(); len(got) != 0 {
		t.Errorf("unexpected output %q", got)
	}
	if _, err := c.in.Write([]byte("  \t isready  \r\n")); err != nil {
		t.Fatal(err)
	}
	if l := c.next(time.Second); l != "readyok" {
		t.Errorf("got %q, want readyok", l)
	}
}

func TestUnknownCommand(t *testing.T) {
	long := strings.Repeat("x", 1000)
	tests := []struct{ line, want string }{
		{"foobar", "info string unknown command: foobar"},
		{"  foo  bar ", "info string unknown command: foo  bar"},
		{"xboard", "info string unknown command: xboard"},
		{long, "info string unknown command: " + long[:80] + "..."},
	}
	for _, tt := range tests {
		c := startSession(t, &fakeSearcher{})
		c.send(tt.line)
		if diff := cmp.Diff([]string{tt.want}, c.sync()); diff != "" {
			t.Errorf("%.20q: output mismatch (-want +got):\n%s", tt.line, diff)
		}
	}
}

func TestLineTooLong(t *testing.T) {
	c := startSession(t, &fakeSearcher{})
	// More than the bound, with no newline until the very end, and then a
	// normal command on the same write.
	huge := strings.Repeat("position startpos moves e2e4 ", 400_000)
	c.send(huge, "position startpos moves d2d4")
	want := []string{fmt.Sprintf("info string input line of more than %d bytes ignored", maxLineBytes)}
	if diff := cmp.Diff(want, c.sync()); diff != "" {
		t.Errorf("output mismatch (-want +got):\n%s", diff)
	}
	if fen, want := displayedFEN(c), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"; fen != want {
		t.Errorf("FEN %q, want %q", fen, want)
	}
}

// displayedFEN returns the FEN that "d" prints.
func displayedFEN(c *client) string {
	c.t.Helper()
	c.send("d")
	for _, l := range c.until("Key:", time.Second) {
		if fen, ok := strings.CutPrefix(l, "Fen: "); ok {
			return fen
		}
	}
	return ""
}

func TestOptionsReachSearcher(t *testing.T) {
	f := &fakeSearcher{}
	c := startSession(t, f)
	for range 100 {
		c.send("setoption name Hash value 256")
	}
	c.send("setoption name Threads value 2", "ucinewgame", "setoption name Clear Hash")
	c.sync()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.options) != 2 || f.options[0].HashMB != 256 || f.options[1].Threads != 2 {
		t.Errorf("searcher got options %+v, want Hash 256 once and then Threads 2", f.options)
	}
	if f.newGames != 2 {
		t.Errorf("searcher got %d NewGame calls, want 2", f.newGames)
	}
}

// bestmove returns the move of a bestmove line and checks that it is legal
// in pos (given by position command arguments).
func checkBestmove(t *testing.T, line string, position string) string {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("%q is not a bestmove line", line)
	}
	g, err := setPosition(nil, strings.Fields(position), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.play(f[1]); err != nil {
		t.Errorf("%q: bestmove illegal in %s: %v", line, position, err)
	}
	if len(f) == 4 {
		if _, err := g.play(f[3]); err != nil || f[2] != "ponder" {
			t.Errorf("%q: ponder move illegal: %v", line, err)
		}
	}
	return f[1]
}

func TestGoForms(t *testing.T) {
	const pos = "startpos moves e2e4"
	tests := []string{
		"go depth 1", "go depth 5", "go nodes 1", "go movetime 50", "go mate 2",
		"go wtime 100", "go btime 100", "go wtime 100 winc 100 btime 100 binc 100",
		"go btime 100 binc 100 wtime 100 winc 100", "go wtime 0 btime 1000",
		"go btime -50 wtime 1000 binc 100", "go wtime 1 btime 6354 winc 1000 binc 1000",
		"go nodes 5000 depth 30 wtime 100000 btime 100000", "go depth 3 movetime 100000",
		"go", "go depth 2 searchmoves 0000", "go depth 99999999999999999999",
	}
	c := startSession(t, &fakeSearcher{step: time.Millisecond})
	c.send("position " + pos)
	for _, tt := range tests {
		c.send(tt)
		out := c.until("bestmove", 5*time.Second)
		checkBestmove(t, out[len(out)-1], pos)
		if len(out) < 2 || !strings.Contains(out[len(out)-2], " score ") {
			t.Errorf("%s: no info line with a score before bestmove: %q", tt, out)
		}
	}
	c.quiet(20 * time.Millisecond)
}

func TestSearchMoves(t *testing.T) {
	c := startSession(t, &fakeSearcher{step: time.Millisecond})
	c.send("position startpos", "go depth 2 searchmoves a2a5 g1f3 d2d4")
	out := c.until("bestmove", 5*time.Second)
	if got := checkBestmove(t, out[len(out)-1], "startpos"); got != "g1f3" && got != "d2d4" {
		t.Errorf("bestmove %s not among searchmoves g1f3 d2d4", got)
	}
	// A searcher that ignores searchmoves is overruled.
	c2 := startSession(t, &fakeSearcher{step: time.Millisecond, best: mustMove(t, "startpos", "e2e4")})
	c2.send("position startpos", "go depth 1 searchmoves d2d4")
	out = c2.until("bestmove", 5*time.Second)
	if out[len(out)-1] != "bestmove d2d4" {
		t.Errorf("got %q, want bestmove d2d4", out)
	}
}

// mustMove returns the board move tok in the position given by args.
func mustMove(t *testing.T, position, tok string) board.Move {
	t.Helper()
	g, err := setPosition(nil, strings.Fields(position), false)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.pos.ParseMove(tok)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestIllegalResultReplaced(t *testing.T) {
	// e7e5 is not legal for white.
	f := &fakeSearcher{step: time.Millisecond, best: mustMove(t, "startpos moves e2e4", "e7e5")}
	c := startSession(t, f)
	c.send("go depth 1")
	out := c.until("bestmove", 5*time.Second)
	checkBestmove(t, out[len(out)-1], "startpos")
	if !slices.ContainsFunc(out, func(l string) bool { return strings.HasPrefix(l, "info string ") }) {
		t.Errorf("no info string about the replaced move in %q", out)
	}
	last := strings.Fields(out[len(out)-2])
	if pv := slices.Index(last, "pv"); pv < 0 || last[pv+1] != strings.Fields(out[len(out)-1])[1] {
		t.Errorf("final info %q does not start its pv with the bestmove", out[len(out)-2])
	}
}

func TestNoLegalMove(t *testing.T) {
	tests := []struct{ fen, info string }{
		{"7k/5Q2/6K1/8/8/8/8/8 b - -", "info depth 0 score cp 0"},                                      // stalemate
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "info depth 0 score mate 0"}, // fool's mate
	}
	for _, early := range []bool{false, true} {
		c := startSession(t, &fakeSearcher{step: time.Millisecond, early: early})
		for _, tt := range tests {
			c.send("position fen "+tt.fen, "go depth 5")
			if diff := cmp.Diff([]string{tt.info, "bestmove 0000"}, c.until("bestmove", time.Second)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.fen, diff)
			}
			// Pondering on a finished game: nothing until stop.
			c.send("position fen "+tt.fen, "go ponder wtime 1000 btime 1000")
			c.quiet(30 * time.Millisecond)
			c.send("stop")
			if diff := cmp.Diff([]string{tt.info, "bestmove 0000"}, c.until("bestmove", time.Second)); diff != "" {
				t.Errorf("%s ponder (-want +got):\n%s", tt.fen, diff)
			}
		}
	}
}

// TestHeldBestmove checks that go infinite and go ponder never send a
// bestmove on their own, even when the searcher returns at once, and that
// stop and ponderhit release exactly one.
func TestHeldBestmove(t *testing.T) {
	tests := []struct {
		pos, goLine, release string
	}{
		{"startpos", "go infinite", "stop"},
		{"fen 6k1/5ppp/8/8/8/8/8/R5K1 w - -", "go infinite", "stop"}, // mate in 1
		{"fen k7/8/1K6/8/8/8/8/1R6 b - -", "go infinite", "stop"},    // one legal move
		{"startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000", "ponderhit"},
		{"startpos moves e2e4 e7e5", "go ponder wtime 1000 btime 1000", "stop"},
		{"startpos", "go ponder infinite", "stop"},
		{"startpos", "go depth 1 infinite", "stop"},
	}
	for _, early := range []bool{false, true} {
		c := startSession(t, &fakeSearcher{step: time.Millisecond, early: early})
		for _, tt := range tests {
			c.send("position "+tt.pos, tt.goLine)
			for _, l := range c.sync() {
				if strings.HasPrefix(l, "bestmove") {
					t.Errorf("early=%v %s %s: premature %q", early, tt.pos, tt.goLine, l)
				}
			}
			time.Sleep(20 * time.Millisecond)
			for _, l := range c.sync() {
				if strings.HasPrefix(l, "bestmove") {
					t.Errorf("early=%v %s %s: premature %q", early, tt.pos, tt.goLine, l)
				}
			}
			c.send(tt.release)
			out := c.until("bestmove", time.Second)
			checkBestmove(t, out[len(out)-1], tt.pos)
			c.send("stop", "ponderhit")
			c.quiet(10 * time.Millisecond)
		}
		// ponderhit on a ponder-infinite search does not release it.
		c.send("position startpos", "go ponder infinite", "ponderhit")
		time.Sleep(30 * time.Millisecond)
		for _, l := range c.sync() {
			if strings.HasPrefix(l, "bestmove") {
				t.Errorf("early=%v: ponderhit released go ponder infinite: %q", early, l)
			}
		}
		c.send("stop")
		c.until("bestmove", time.Second)
	}
}

// TestRaces sends stop or ponderhit in the same write as go, many times,
// and checks that each go gets exactly one bestmove and that the searcher
// is never reconfigured or restarted while a search runs.
func TestRaces(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	f := &fakeSearcher{step: 50 * time.Microsecond}
	c := startSession(t, f)
	seqs := [][]string{
		{"go wtime 10000 btime 10000", "stop"},
		{"go infinite", "stop"},
		{"go ponder wtime 10000 btime 10000", "ponderhit"},
		{"go ponder wtime 1000 btime 1000", "stop"},
		{"go infinite", "isready", "stop", "stop"},
		{"go depth 2", "go depth 1"},
		{"go infinite", "setoption name Hash value 32", "ucinewgame", "position startpos moves d2d4", "stop"},
		{"go ponder infinite", "ponderhit", "stop", "setoption name Hash value 16"},
	}
	want := 0
	for i := range n {
		seq := seqs[i%len(seqs)]
		c.send(append([]string{"position startpos moves e2e4"}, seq...)...)
		for _, l := range seq {
			if strings.HasPrefix(l, "go") {
				want++
			}
		}
	}
	got := 0
	readys := 0
	c.send("isready", "quit")
	for {
		select {
		case l := <-c.lines:
			if strings.HasPrefix(l, "bestmove") {
				got++
			}
			if l == "readyok" {
				readys++
			}
			continue
		case err := <-c.done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("engine did not quit")
		}
		break
	}
	for len(c.lines) > 0 {
		if strings.HasPrefix(<-c.lines, "bestmove") {
			got++
		}
	}
	f.check(t, got, want)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.searches != want {
		t.Errorf("%d searches for %d go commands", f.searches, want)
	}
}

func TestIsreadyDuringSearch(t *testing.T) {
	c := startSession(t, &fakeSearcher{step: 5 * time.Millisecond})
	c.send("go infinite")
	var lines []string
	for range 1000 {
		lines = append(lines, "isready")
	}
	start := time.Now()
	c.send(lines...)
	readys := 0
	for readys < 1000 {
		l := c.next(5 * time.Second)
		switch {
		case l == "readyok":
			readys++
		case strings.HasPrefix(l, "info depth "):
		default:
			t.Fatalf("unexpected line %q", l)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("1000 readyok took %v", d)
	}
	c.send("stop")
	c.until("bestmove", time.Second)
}

func TestQuit(t *testing.T) {
	for _, tt := range []string{"", "go infinite", "go ponder wtime 100 btime 100", "go depth 5"} {
		c := startSession(t, &fakeSearcher{step: time.Millisecond})
		if tt != "" {
			c.send(tt)
		}
		start := time.Now()
		c.send("quit")
		select {
		case err := <-c.done:
			if err != nil {
				t.Errorf("%q: Run returned %v", tt, err)
			}
		case <-time.After(time.Second):
			t.Fatalf("%q: quit did not end Run", tt)
		}
		if d := time.Since(start); d > 100*time.Millisecond {
			t.Errorf("%q: quit took %v", tt, d)
		}
	}
	// End of input means quit.
	c := startSession(t, &fakeSearcher{})
	c.in.(interface{ Close() error }).Close()
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("EOF: Run returned %v", err)
		}
	case <-time.After(time.Second):
		t.Fatal("EOF did not end Run")
	}
}

func TestLongLine(t *testing.T) {
	// Knight shuffles: 2000 plies, a line of about 10 KB. Repeat to pass
	// 64 KiB as well.
	moves := strings.Repeat(" g1f3 g8f6 f3g1 f6g8", 500)
	line := "position startpos moves" + strings.Repeat(moves, 7)
	if len(line) < 64<<10 {
		t.Fatalf("line of %d bytes is too short", len(line))
	}
	c := startSession(t, &fakeSearcher{})
	c.send(line)
	if got := c.sync(); len(got) != 0 {
		t.Errorf("unexpected output %q", got)
	}
	c.send("d")
	out := c.until("Key:", time.Second)
	if want := "Fen: " + board.StartFEN[:len(board.StartFEN)-3] + "14000 7001"; !slices.Contains(out, want) {
		t.Errorf("d printed %q, want %q", out, want)
	}
}

// TestPositionNormalized checks that a FEN the board reads leniently is set
// up as the board normalizes it, without a word to the GUI.
func TestPositionNormalized(t *testing.T) {
	for _, tt := range []struct{ fen, want string }{
		{"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},                                                             // no rooks
		{"r3k3/8/8/8/8/8/8/4K2R w KKq-q - 0 1", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1"},                                                       // repeated, '-'
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", board.StartFEN},                                                     // wrong rank
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}, // no capturer
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		{"4k3/8/8/8/8/8/8/13K3  w  -  -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}, // spaces, digits, 4 fields
	} {
		c := startSession(t, &fakeSearcher{})
		c.send("position fen " + tt.fen)
		if out := c.sync(); len(out) != 0 {
			t.Errorf("%q: unexpected output %q", tt.fen, out)
		}
		if fen := displayedFEN(c); fen != tt.want {
			t.Errorf("%q: FEN %q, want %q", tt.fen, fen, tt.want)
		}
	}
}

// TestMoveRefusals checks that a refused move gets one wording in
// standard chess and in Chess960: the board's reason.
func TestMoveRefusals(t *testing.T) {
	const rest = "; the position is set up to move %d, the moves after it are ignored"
	tests := []struct {
		line, want string // want is the info string less its rest
		moves      int    // the moves kept
	}{
		{"position startpos moves e2e4 e7e5 e1e3", "move 3 (e1e3) refused: not legal in " + afterE5, 2},
		{"position startpos moves e2e4 zz", "move 2 (zz) refused: not in UCI notation", 1},
		{"position startpos moves e2e4 e7e5 e2e4x", "move 3 (e2e4x) refused: not in UCI notation", 2},
		{"position startpos moves 0000", "move 1 (0000) refused: a null move", 0},
		{"position startpos moves " + strings.Repeat("a", 100), "move 1 (" + strings.Repeat("a", 80) + "...) refused: not in UCI notation", 0},
	}
	for _, chess960 := range []bool{false, true} {
		for _, tt := range tests {
			c := startSession(t, &fakeSearcher{})
			c.send(fmt.Sprintf("setoption name UCI_Chess960 value %v", chess960), tt.line)
			want := []string{"info string " + tt.want + fmt.Sprintf(rest, tt.moves)}
			if diff := cmp.Diff(want, c.sync()); diff != "" {
				t.Errorf("Chess960 %v, %q: (-want +got)\n%s", chess960, tt.line, diff)
			}
		}
	}
	// Castling in the other rule set's notation is no move.
	for _, tt := range []struct {
		chess960 bool
		move     string
	}{{false, "e1h1"}, {true, "e1g1"}} {
		c := startSession(t, &fakeSearcher{})
		c.send(fmt.Sprintf("setoption name UCI_Chess960 value %v", tt.chess960), "position fen "+castlingFEN+" moves "+tt.move)
		want := []string{"info string move 1 (" + tt.move + ") refused: not legal in " + castlingFEN + fmt.Sprintf(rest, 0)}
		if diff := cmp.Diff(want, c.sync()); diff != "" {
			t.Errorf("Chess960 %v, %s: (-want +got)\n%s", tt.chess960, tt.move, diff)
		}
	}
}

func TestPositionErrors(t *testing.T) {
	const afterD4E5 = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
	tests := []struct {
		before, line string
		info         string // what the info string must contain
		fen          string // the position afterwards
	}{
		// A bad root keeps the previous position.
		{"startpos moves e2e4", "position", "needs startpos or fen", afterE4},
		{"startpos moves e2e4", "position foo", "not \"foo\"", afterE4},
		{"startpos moves e2e4", "position fen", "4 to 6 fields", afterE4},
		{"startpos moves e2e4", "position fen garbage", "4 to 6 fields", afterE4},
		{"startpos moves e2e4", "position fen 8/8/8/8/8/8/8/8 w - - 0 1", "0 kings, want 1", afterE4},
		{"startpos moves e2e4", "position fen 4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock", afterE4},
		// Move counters beyond what a game reaches are clamped, and said so.
		{"startpos", "position fen 4k3/8/8/8/8/8/8/4K3 w - - 4294967290 1", "halfmove clock 4294967290 read as 150", "4k3/8/8/8/8/8/8/4K3 w - - 150 1"},
		{"startpos", "position fen 4k3/8/8/8/8/8/8/4K3 w - - 151 1 moves e1e2", "halfmove clock 151 read as 150", "4k3/8/8/8/8/8/4K3/8 b - - 151 1"},
		{"startpos", "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999999 moves e1e2 zz", "fullmove number 99999999999999999999 read as 10000; move 2 (zz)", "4k3/8/8/8/8/8/4K3/8 b - - 1 10000"},
		// Chess960's castling rights are refused in standard chess.
		{"startpos moves e2e4", "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "castling", afterE4},
		// A bad move keeps the moves before it, and names it.
		{"startpos moves e2e4 e7e5 g1f3", "position startpos moves d2d4 e7e5 zzzz", "move 3 (zzzz)", afterD4E5},
		{"startpos moves d2d4 e7e5", "position startpos moves d2d4 e7e5 zzzz", "move 3 (zzzz)", afterD4E5},
		{"startpos", "position startpos moves e2e4 e7e5 e1e2x", "move 3 (e1e2x)", afterE5},
		{"startpos", "position startpos moves e2e4 e2e4", "move 2 (e2e4)", afterE4},
		{"startpos", "position startpos moves 0000", "move 1 (0000)", board.StartFEN},
		// King takes rook is Chess960 castling, not a move of standard
		// chess: refused on a fresh position and when extending the last.
		{"startpos", "position fen " + castlingFEN + " moves e1h1", "move 1 (e1h1)", castlingFEN},
		{"fen " + castlingFEN + " moves e1g1", "position fen " + castlingFEN + " moves e1h1", "move 1 (e1h1)", castlingFEN},
		{"fen " + castlingFEN + " moves e1g1", "position fen " + castlingFEN + " moves e1g1 e8a8", "move 2 (e8a8)", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
	}
	for _, tt := range tests {
		c := startSession(t, &fakeSearcher{})
		c.send("position " + tt.before)
		c.send(tt.line)
		out := c.sync()
		if len(out) != 1 || !strings.HasPrefix(out[0], "info string ") || !strings.Contains(out[0], tt.info) {
			t.Errorf("%q after %q: got %q, want one info string with %q", tt.line, tt.before, out, tt.info)
		}
		if fen := displayedFEN(c); fen != tt.fen {
			t.Errorf("%q after %q: FEN %q, want %q", tt.line, tt.before, fen, tt.fen)
		}
	}
}
