package uci

import (
	"bufio"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/book"
	"github.com/luftchess/luft/uci/client/clienttest"
)

var (
	tortureCommands = flag.Int("torture.commands", 0, "commands TestTorture sends (0: 1000, or 200 with -short)")
	tortureSeed     = flag.Uint64("torture.seed", 1, "seed of TestTorture's command stream")
)

// The torture test never sets Hash or Threads above these, so that the
// shared test machine is not swamped.
const (
	tortureMaxHash    = 256 // MiB
	tortureMaxThreads = 4
)

// TestTorture drives the real engine binary with a long, seeded stream of
// random commands in bursts: positions (valid, odd and broken), go with
// every limit and absurd values, stop, ponderhit, every declared option in
// and out of range, garbage lines. After each burst it stops the engine
// and checks that it answers isready and plays a legal move after
// "go depth 3"; throughout, that every go gets exactly one bestmove, legal
// whenever the test knows the position, that every output line is
// well-formed UCI, and that nothing appears on stderr (a panic, or a race
// report from a race-built engine when the test runs under -race).
//
// The stream depends only on the seed and the options the engine declares.
// By default the test sends 1000 commands (200 with -short), a few
// seconds' run; CI runs thousands:
//
//	go test -race -run TestTorture ./uci -torture.commands=4000
func TestTorture(t *testing.T) {
	n := *tortureCommands
	if n <= 0 {
		n = 1000
		if testing.Short() {
			n = 200
		}
	}
	seed := *tortureSeed
	t.Logf("seed %d, %d commands, race-built engine: %v (rerun with -run TestTorture -torture.seed=%d -torture.commands=%d)",
		seed, n, raceEnabled, seed, n)
	e := startTorture(t, tortureBinary(t))
	g := newTortureGen(t, seed, e.handshake(), tortureBooks(t))
	e.send(tortureCmd{line: fmt.Sprintf("setoption name Threads value %d", tortureMaxThreads)})
	start := time.Now()
	bursts := 0
	var slowest time.Duration
	for e.sent < n {
		for _, chunk := range g.burst() {
			e.send(chunk.cmds...)
			e.drain()
			time.Sleep(chunk.pause)
		}
		slowest = max(slowest, e.settle(g.settle()))
		bursts++
	}
	e.quit()
	t.Logf("%d commands in %d bursts in %v, slowest settling %v: %d go (%d bestmoves checked for legality), "+
		"%d isready, %d info lines with a score, depth up to %d",
		e.sent, bursts, time.Since(start).Round(time.Millisecond), slowest.Round(time.Millisecond),
		e.gos, e.checked, e.isreadys, e.infos, e.depth)
}

// tortureBinary returns the engine binary: the one the other binary tests
// use, or, under -race, one built with the race detector.
func tortureBinary(t *testing.T) string {
	if !raceEnabled {
		return luftBinary(t)
	}
	return clienttest.Build(t, clienttest.Luft, "-race")
}

// tortureBooks writes opening books into a temporary directory and
// returns the BookFile values to try: a good book, books with junk
// entries, files that are not books, missing files, and empty values. No
// special file (such as /dev/zero) is among them.
func tortureBooks(t *testing.T) []string {
	dir := t.TempDir()
	start := boardtest.Position(t, board.StartFEN)
	key := book.Key(start)
	entry := func(key uint64, move, weight uint16) []byte {
		b := binary.BigEndian.AppendUint64(nil, key)
		b = binary.BigEndian.AppendUint16(b, move)
		b = binary.BigEndian.AppendUint16(b, weight)
		return binary.BigEndian.AppendUint32(b, 0)
	}
	const e2e4 = 4 | 3<<3 | 4<<6 | 1<<9 // Polyglot: to file, to row, from file, from row
	junk := entry(key, 0xffff, 7)       // not a move of the start position
	r := rand.New(rand.NewPCG(1, 2))
	for range 64 {
		junk = append(junk, entry(r.Uint64(), uint16(r.Uint32()), uint16(r.Uint32()))...)
	}
	files := map[string][]byte{
		"good.bin":  entry(key, e2e4, 1),
		"junk.bin":  junk,
		"empty.bin": nil,
		"odd.bin":   make([]byte, 17),
	}
	var values []string
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		values = append(values, path)
	}
	slices.Sort(values) // map order is random; the stream must not be
	return append(values, dir, filepath.Join(dir, "missing.bin"), "", "<empty>")
}

// tortureCmd is one command line; want is set for go commands.
type tortureCmd struct {
	line string
	want *bestmoveWant
}

// bestmoveWant is what the bestmove answering one go must satisfy.
type bestmoveWant struct {
	goLine   string
	position string          // the position command, for messages
	pos      *chess.Position // nil when the test does not know the position
	only     map[string]bool // the legal searchmoves, if any, as sent
	chess960 bool            // castling is written king takes rook
}

// check checks the fields of a bestmove line.
func (w *bestmoveWant) check(f []string) error {
	if len(f) != 2 && (len(f) != 4 || f[2] != "ponder") {
		return errors.New("malformed")
	}
	for i := 1; i < len(f); i += 2 {
		if !isUCIMove(f[i]) && f[i] != "0000" && f[i] != "(none)" {
			return fmt.Errorf("%q is not a move", f[i])
		}
	}
	if w.pos == nil {
		return nil
	}
	if len(w.pos.ValidMoves()) == 0 {
		if len(f) != 2 || f[1] != "0000" && f[1] != "(none)" {
			return errors.New("no legal move, but a bestmove")
		}
		return nil
	}
	m := findMoveIn(w.pos, f[1], w.chess960)
	if m == nil {
		return errors.New("illegal bestmove")
	}
	if len(w.only) > 0 && !w.only[f[1]] {
		return errors.New("bestmove not among the searchmoves")
	}
	if len(f) == 4 && findMoveIn(w.pos.Update(m), f[3], w.chess960) == nil {
		return errors.New("illegal ponder move")
	}
	return nil
}

// isUCIMove reports whether s has the form of a UCI move such as e7e8q.
func isUCIMove(s string) bool {
	if len(s) != 4 && (len(s) != 5 || !strings.Contains("qrbn", s[4:])) {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return false
		}
	}
	return true
}

// findMove returns the legal move of pos that tok names in standard UCI
// notation (castling as e1g1), or nil.
func findMove(pos *chess.Position, tok string) *chess.Move { return findMoveIn(pos, tok, false) }

// findMoveIn returns the legal move of pos that tok names in the UCI
// notation of standard chess, or of Chess960 (castling as king takes
// rook) when chess960 is set; nil if none.
func findMoveIn(pos *chess.Position, tok string, chess960 bool) *chess.Move {
	for _, m := range pos.ValidMoves() {
		if moveToken(pos, m, chess960) == tok {
			return m
		}
	}
	return nil
}

// moveToken returns the legal move m of pos, a standard position (kings
// and rooks of castling on their usual squares), in UCI notation: castling
// as e1g1, or as king takes rook (e1h1) when chess960 is set.
func moveToken(pos *chess.Position, m *chess.Move, chess960 bool) string {
	tok := chess.UCINotation{}.Encode(pos, m)
	switch {
	case chess960 && m.HasTag(chess.KingSideCastle):
		return tok[:2] + "h" + tok[3:]
	case chess960 && m.HasTag(chess.QueenSideCastle):
		return tok[:2] + "a" + tok[3:]
	}
	return tok
}

// tortureEngine is the engine process under test and the test's account
// of the conversation: what was sent and what the answers must be.
type tortureEngine struct {
	t       *testing.T
	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan string   // stdout lines; closed at the end of output
	done    chan struct{} // closed when the process has ended
	exitErr error         // the exit status, once done is closed
	stderr  syncBuffer
	timeout time.Duration // for any answer, and for the engine to read input
	killed  atomic.Bool   // the test killed the engine for not reading

	sent        int             // commands sent
	recent      []string        // the last commands sent, for failure reports
	wants       []*bestmoveWant // one per go not yet answered, in order
	gos         int
	isreadys    int
	readyoks    int
	ucis        int
	uciOKs      int
	checked     int // bestmoves checked in a known position
	infoStrings int
	infos       int // info lines with a score
	depth       int // the greatest depth reported
}

// startTorture starts the engine (the command name with args) and reads
// its banner.
func startTorture(t *testing.T, name string, args ...string) *tortureEngine {
	e := &tortureEngine{
		t:       t,
		lines:   make(chan string, 1<<18),
		done:    make(chan struct{}),
		timeout: 30 * time.Second,
	}
	if raceEnabled {
		e.timeout *= 4
	}
	e.cmd = exec.Command(name, args...)
	// A race report ends a race-built engine at once, with status 66.
	e.cmd.Env = append(os.Environ(), "GORACE=halt_on_error=1")
	e.cmd.Stderr = &e.stderr
	var err error
	if e.in, err = e.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go e.read(out)
	t.Cleanup(e.stop)
	if l := e.next(time.Now().Add(e.timeout)); !strings.HasPrefix(l, "Luft ") {
		e.fail("banner %q", l)
	}
	return e
}

// read passes the engine's output lines on until the end of output, and
// then waits for the process to end.
func (e *tortureEngine) read(out io.Reader) {
	r := bufio.NewReaderSize(out, 1<<16)
	for {
		l, err := r.ReadString('\n')
		if l != "" {
			e.lines <- strings.TrimSuffix(l, "\n")
		}
		if err != nil {
			break
		}
	}
	close(e.lines)
	e.exitErr = e.cmd.Wait()
	close(e.done)
}

// stop ends the engine if it still runs when the test ends: at once
// after a failure, otherwise after a few seconds to exit on its own.
func (e *tortureEngine) stop() {
	e.in.Close()
	if e.t.Failed() {
		e.cmd.Process.Kill()
	}
	select {
	case <-e.done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
		<-e.done
	}
}

// waitDone waits a little for the process to end, so that fail can
// report its exit status.
func (e *tortureEngine) waitDone() {
	select {
	case <-e.done:
	case <-time.After(5 * time.Second):
	}
}

// fail ends the test with msg, the last commands sent, the engine's
// stderr and, if it has ended, its exit status.
func (e *tortureEngine) fail(format string, args ...any) {
	e.t.Helper()
	msg := fmt.Sprintf(format, args...)
	select {
	case <-e.done:
		msg += fmt.Sprintf("\nengine exit status: %v", e.exitErr)
	default:
	}
	e.t.Fatalf("%s\nlast commands:\n\t%s\nstderr:\n%s", msg, strings.Join(e.recent, "\n\t"), e.stderr.String())
}

// send writes the commands in one write. An engine that reads none of it
// for e.timeout is killed.
func (e *tortureEngine) send(cmds ...tortureCmd) {
	e.t.Helper()
	var b strings.Builder
	for _, c := range cmds {
		b.WriteString(c.line)
		b.WriteByte('\n')
		e.account(c)
	}
	timer := time.AfterFunc(e.timeout, func() {
		e.killed.Store(true)
		e.cmd.Process.Kill()
	})
	_, err := io.WriteString(e.in, b.String())
	timer.Stop()
	if e.killed.Load() {
		e.fail("the engine read no input for %v", e.timeout)
	}
	if err != nil {
		e.waitDone()
		e.fail("writing to the engine: %v", err)
	}
}

// account records a command about to be sent.
func (e *tortureEngine) account(c tortureCmd) {
	e.sent++
	e.recent = append(e.recent, fmt.Sprintf("%q", truncate(c.line, 200)))
	if len(e.recent) > 40 {
		e.recent = e.recent[1:]
	}
	switch {
	case c.want != nil:
		e.gos++
		e.wants = append(e.wants, c.want)
	case c.line == "isready":
		e.isreadys++
	case c.line == "uci":
		e.ucis++
	}
}

// next returns the next output line, failing if there is none by
// deadline or the engine has ended.
func (e *tortureEngine) next(deadline time.Time) string {
	e.t.Helper()
	l, ok := e.nextOrEOF(deadline)
	if !ok {
		e.waitDone()
		e.fail("the engine ended its output")
	}
	return l
}

// nextOrEOF returns the next output line, or false at the end of output.
func (e *tortureEngine) nextOrEOF(deadline time.Time) (string, bool) {
	e.t.Helper()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case l, ok := <-e.lines:
		return l, ok
	case <-timer.C:
		e.fail("no answer within %v: %d bestmoves missing, %d of %d readyoks, %d of %d uciok",
			e.timeout, len(e.wants), e.readyoks, e.isreadys, e.uciOKs, e.ucis)
		return "", false
	}
}

// drain checks the output that has arrived, without waiting.
func (e *tortureEngine) drain() {
	e.t.Helper()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.waitDone()
				e.fail("the engine ended its output")
			}
			e.receive(l)
		default:
			return
		}
	}
}

// settle sends cmds (which end a burst) and waits until every go has its
// bestmove, every isready its readyok and every uci its uciok; it returns
// how long that took. It fails on anything written to stderr.
func (e *tortureEngine) settle(cmds []tortureCmd) time.Duration {
	e.t.Helper()
	start := time.Now()
	e.send(cmds...)
	deadline := start.Add(e.timeout)
	for len(e.wants) > 0 || e.readyoks < e.isreadys || e.uciOKs < e.ucis {
		e.receive(e.next(deadline))
	}
	if e.stderr.String() != "" {
		e.fail("output on stderr")
	}
	if e.t.Failed() {
		e.fail("stopped after the errors above")
	}
	d := time.Since(start)
	if d > e.timeout/10 {
		e.t.Logf("slow: settled after %v; last commands:\n\t%s", d, strings.Join(e.recent, "\n\t"))
	}
	return d
}

// receive checks one output line and accounts for it.
func (e *tortureEngine) receive(l string) {
	e.t.Helper()
	if !utf8.ValidString(l) || strings.ContainsAny(l, "\r\x00") {
		e.t.Errorf("malformed output line %q", truncate(l, 200))
		return
	}
	f := strings.Fields(l)
	if len(f) == 0 {
		e.t.Errorf("empty output line %q", l)
		return
	}
	switch f[0] {
	case "info":
		checkInfoLine(e.t, l)
		if len(f) > 1 && f[1] == "string" {
			e.infoStrings++
		}
		if i := slices.Index(f, "depth"); i > 0 && i+1 < len(f) && slices.Contains(f, "score") {
			e.infos++
			d, _ := strconv.Atoi(f[i+1])
			e.depth = max(e.depth, d)
		}
	case "bestmove":
		if len(e.wants) == 0 {
			e.fail("%q: more bestmoves than the %d go commands", l, e.gos)
		}
		w := e.wants[0]
		e.wants = e.wants[1:]
		if w.pos != nil {
			e.checked++
		}
		if err := w.check(f); err != nil {
			e.t.Errorf("%q for %q after %q: %v", l, w.goLine, truncate(w.position, 200), err)
		}
	case "readyok":
		if e.readyoks++; e.readyoks > e.isreadys {
			e.fail("more readyoks than the %d isready commands", e.isreadys)
		}
	case "uciok":
		if e.uciOKs++; e.uciOKs > e.ucis {
			e.fail("more uciok than the %d uci commands", e.ucis)
		}
	case "id":
	case "option":
		if !optionLine.MatchString(l) {
			e.t.Errorf("bad option line %q", l)
		}
	default:
		e.t.Errorf("unexpected output line %q", truncate(l, 200))
	}
}

// handshake sends uci and returns the declared options.
func (e *tortureEngine) handshake() []uciOption {
	e.send(tortureCmd{line: "uci"})
	deadline := time.Now().Add(e.timeout)
	var opts []uciOption
	for {
		l := e.next(deadline)
		e.receive(l)
		if l == "uciok" {
			break
		}
		if o, ok := parseOptionDecl(l); ok {
			opts = append(opts, o)
		}
	}
	if len(opts) == 0 {
		e.fail("no options declared")
	}
	return opts
}

// quit sends quit and checks that the engine ends by itself and cleanly,
// with nothing left unanswered or answered twice.
func (e *tortureEngine) quit() {
	e.send(tortureCmd{line: "quit"})
	deadline := time.Now().Add(e.timeout)
	for {
		l, ok := e.nextOrEOF(deadline)
		if !ok {
			break
		}
		e.receive(l)
	}
	select {
	case <-e.done:
	case <-time.After(time.Until(deadline)):
		e.fail("no exit after quit")
	}
	if e.exitErr != nil || e.stderr.String() != "" || len(e.wants) > 0 {
		e.fail("unclean end after quit (%d bestmoves missing)", len(e.wants))
	}
}

// uciOption is an option as the engine declares it.
type uciOption struct {
	name     string
	kind     string // check, spin, combo, button or string
	min, max int    // of a spin
	vars     []string
}

// parseOptionDecl parses an option declaration line.
func parseOptionDecl(l string) (uciOption, bool) {
	m := optionLine.FindStringSubmatch(l)
	if m == nil {
		return uciOption{}, false
	}
	o := uciOption{name: m[1], kind: strings.Fields(m[2])[0]}
	switch o.kind {
	case "spin":
		o.min, _ = strconv.Atoi(m[5])
		o.max, _ = strconv.Atoi(m[6])
	case "combo":
		_, vars, _ := strings.Cut(l, " var ")
		o.vars = strings.Split(vars, " var ")
	}
	return o, true
}

// tortureFEN is a position the engine must accept.
type tortureFEN struct {
	args string // what follows "position "
	fen  string // the complete FEN of args' position; "" when args is "fen" and one
}

// tortureFENs are the valid roots of the position commands, odd ones
// included: no legal move, one legal move, in check, en passant, castling
// rights without the pieces, four-field FENs, extra whitespace.
var tortureFENs = []tortureFEN{
	{"startpos", board.StartFEN},
	{"fen " + board.StartFEN, board.StartFEN},
	{"fen  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq  -  0  1", board.StartFEN},
	{"fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
	{"fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""},
	{"fen r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ""},
	{"fen rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", ""},
	{"fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", ""},
	{"fen n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", ""},
	{"fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ""},
	{"fen r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", ""},
	{"fen R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", ""},
	{"fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", ""}, // mated
	{"fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ""},                                // stalemate
	{"fen k7/8/1K6/8/8/8/8/1R6 b - - 0 1", ""},                                // one legal move
	{"fen 4k3/8/8/8/8/8/8/r3K3 w - - 0 1", ""},                                // in check
	{"fen 8/8/8/4k3/8/8/3QK3/8 w - - 99 120", ""},
	{"fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"},
	{"fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
}

// tortureBadFENs are FENs the engine may refuse, clamp or read in more
// than one way; after one the test no longer knows the position.
var tortureBadFENs = []string{
	"4k3/8/8/8/8/8/8/4K3 w - - 4294967290 1",
	"4k3/8/8/8/8/8/8/4K3 w - - 0 9223372036854775807",
	"4k3/8/8/8/8/8/8/4K3 b - - 99999999999999999999 0",
	"8/8/8/4k3/8/8/3QK3/8 b - - 150 300",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"8/8/8/8/8/8/8/8 w - - 0 1",
	"kk6/8/8/8/8/8/8/KK6 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
	"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
	"Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1",
	"k7/8/8/8/8/8/8/K6r b - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
	"",
}

// tortureGoValues are the values tried for each go parameter.
var tortureGoValues = map[string][]string{
	"depth":     {"0", "-1", "1", "2", "3", "5", "8", "30", "1000", maxInt64, minInt64, "99999999999999999999"},
	"nodes":     {"0", "-1", "1", "100", "10000", "1000000", maxInt64},
	"movetime":  {"0", "-1", "1", "10", "50", "200", "1000", maxInt64},
	"mate":      {"0", "-1", "1", "2", "3", "100", maxInt64},
	"wtime":     {"0", "-100", "1", "10", "100", "1000", "10000", "100000", maxInt64, minInt64},
	"btime":     {"0", "-100", "1", "10", "100", "1000", "10000", "100000", maxInt64, minInt64},
	"winc":      {"0", "-10", "1", "10", "100", "1000", maxInt64},
	"binc":      {"0", "-10", "1", "10", "100", "1000", maxInt64},
	"movestogo": {"0", "-1", "1", "2", "40", maxInt64},
}

const (
	maxInt64 = "9223372036854775807"
	minInt64 = "-9223372036854775808"
)

// tortureGame is a position command the engine must accept: the root and
// the moves played from it, with the reference position after each move.
type tortureGame struct {
	root      string
	moves     []string
	states    []*chess.Position // states[i] is the position after i moves
	movesWord bool              // say "moves" even when there are none
	valid960  bool              // Chess960 accepts the root (see valid960)
}

// line returns the position command, castling written as in Chess960
// when chess960 is set.
func (gm *tortureGame) line(chess960 bool) string {
	s := "position " + gm.root
	if len(gm.moves) > 0 || gm.movesWord {
		s += " moves"
	}
	for _, m := range gm.tokens(chess960) {
		s += " " + m
	}
	return s
}

// tokens returns the moves, castling written as in Chess960 when
// chess960 is set.
func (gm *tortureGame) tokens(chess960 bool) []string {
	toks := slices.Clone(gm.moves)
	for i, m := range toks {
		if chess960 {
			toks[i] = moveToken(gm.states[i], findMove(gm.states[i], strings.ToLower(m)), true)
		}
	}
	return toks
}

// pos returns the position after the moves.
func (gm *tortureGame) pos() *chess.Position { return gm.states[len(gm.states)-1] }

// play plays a random legal move and reports whether there was one.
func (gm *tortureGame) play(r *rand.Rand) bool {
	moves := sortedMoves(gm.pos())
	if len(moves) == 0 {
		return false
	}
	m := moves[r.IntN(len(moves))]
	if len(m) == 5 && r.IntN(4) == 0 {
		m = m[:4] + strings.ToUpper(m[4:])
	}
	gm.moves = append(gm.moves, m)
	gm.states = append(gm.states, gm.pos().Update(findMove(gm.pos(), strings.ToLower(m))))
	return true
}

// clone returns a copy of gm that can be changed on its own.
func (gm *tortureGame) clone() *tortureGame {
	c := *gm
	c.moves = slices.Clone(gm.moves)
	c.states = slices.Clone(gm.states)
	return &c
}

// sortedMoves returns the legal moves of pos in UCI notation, sorted, so
// that the stream does not depend on the move generator's order.
func sortedMoves(pos *chess.Position) []string { return sortedTokens(pos, false) }

// sortedTokens is sortedMoves, castling written as in Chess960 when
// chess960 is set.
func sortedTokens(pos *chess.Position, chess960 bool) []string {
	var moves []string
	for _, m := range pos.ValidMoves() {
		moves = append(moves, moveToken(pos, m, chess960))
	}
	slices.Sort(moves)
	return moves
}

// tortureTables is a SyzygyPath value: the shared tables, seen from the
// package's directory, where the engine runs (missing tables are one
// more bad value).
const tortureTables = "../../shared/data/syzygy"

// tortureGen generates the command stream.
type tortureGen struct {
	r     *rand.Rand
	opts  []uciOption
	books []string          // BookFile values
	roots []*chess.Position // the positions of tortureFENs
	cur   *tortureGame      // the engine's position; nil when unknown
	// chess960 is UCI_Chess960 as the engine has it after the commands
	// generated so far: castling is written king takes rook, and roots
	// with castling rights but no rooks are refused.
	chess960 bool
}

// newTortureGen returns a generator for an engine declaring opts.
func newTortureGen(t *testing.T, seed uint64, opts []uciOption, books []string) *tortureGen {
	g := &tortureGen{r: rand.New(rand.NewPCG(seed, 0x6c756674)), opts: opts, books: books}
	for _, f := range tortureFENs {
		fen := f.fen
		if fen == "" {
			fen = strings.TrimPrefix(f.args, "fen ")
		}
		pos := &chess.Position{}
		if err := pos.UnmarshalText([]byte(fen)); err != nil {
			t.Fatalf("test position %q: %v", fen, err)
		}
		g.roots = append(g.roots, pos)
	}
	return g
}

// pick returns one of the choices.
func (g *tortureGen) pick(choices ...string) string { return choices[g.r.IntN(len(choices))] }

// tortureChunk is commands written at once, and the pause after them.
type tortureChunk struct {
	cmds  []tortureCmd
	pause time.Duration
}

// burst returns the commands of one burst, in chunks. Mostly the
// commands are independent random ones; sometimes they play a scenario.
func (g *tortureGen) burst() []tortureChunk {
	var chunks []tortureChunk
	for n := 10 + g.r.IntN(50); n > 0; {
		if g.r.IntN(10) == 0 {
			for _, c := range g.scenario() {
				chunks = append(chunks, tortureChunk{[]tortureCmd{c}, time.Duration(g.r.IntN(50)) * time.Millisecond})
				n--
			}
			continue
		}
		cmds := make([]tortureCmd, min(n, 1+g.r.IntN(8)))
		for i := range cmds {
			cmds[i] = g.command()
		}
		chunks = append(chunks, tortureChunk{cmds, g.pause()})
		n -= len(cmds)
	}
	return chunks
}

// scenario returns a sequence of commands, each to be written on its own
// with a pause after it, around a search that ends by its own limit while
// it must hold its bestmove (pondering or infinite): the ponderhit or stop
// comes after the search has returned, and the options change before the
// next search.
func (g *tortureGen) scenario() []tortureCmd {
	limit := g.pick("depth 1", "depth 2", "nodes 1", "nodes 500", "mate 1", "movetime 10")
	option := tortureCmd{line: g.pick(
		fmt.Sprintf("setoption name Move Overhead value %d", g.r.IntN(200)),
		fmt.Sprintf("setoption name MultiPV value %d", 1+g.r.IntN(4)),
		fmt.Sprintf("setoption name Threads value %d", 1+g.r.IntN(tortureMaxThreads)),
		fmt.Sprintf("setoption name Hash value %d", 1<<g.r.IntN(6)),
		"setoption name Clear Hash",
	)}
	switch g.r.IntN(3) {
	case 0:
		return []tortureCmd{g.goWith("go ponder "+limit, nil), {line: "ponderhit"}, option, g.goCmd()}
	case 1:
		return []tortureCmd{g.goWith("go ponder "+limit, nil), {line: "stop"}, option, {line: "ponderhit"}, g.goCmd()}
	default:
		return []tortureCmd{g.goWith("go infinite "+limit, nil), {line: "isready"}, option, {line: "stop"}, g.goCmd()}
	}
}

// pause returns how long to wait after a chunk: mostly not at all or a
// few milliseconds, sometimes long enough for searches to go deep.
func (g *tortureGen) pause() time.Duration {
	switch x := g.r.IntN(100); {
	case x < 40:
		return 0
	case x < 90:
		return time.Duration(g.r.IntN(20)) * time.Millisecond
	default:
		return time.Duration(50+g.r.IntN(250)) * time.Millisecond
	}
}

// settle returns the commands that end a burst: stop everything, then a
// search whose bestmove the test can check.
func (g *tortureGen) settle() []tortureCmd {
	g.cur = g.freshGame(g.r.IntN(30))
	return []tortureCmd{{line: "stop"}, {line: "isready"}, {line: g.cur.line(g.chess960)}, g.goWith("go depth 3", nil), {line: "isready"}}
}

// command returns a random command.
func (g *tortureGen) command() tortureCmd {
	switch x := g.r.IntN(100); {
	case x < 22:
		return g.position()
	case x < 44:
		return g.goCmd()
	case x < 52:
		return tortureCmd{line: "stop"}
	case x < 57:
		return tortureCmd{line: "ponderhit"}
	case x < 72:
		return tortureCmd{line: g.setOption()}
	case x < 75:
		g.cur = nil // an engine may or may not go back to the start position
		return tortureCmd{line: "ucinewgame"}
	case x < 83:
		return tortureCmd{line: "isready"}
	case x < 86:
		return tortureCmd{line: g.pick("debug on", "debug off", "debug", "debug maybe")}
	case x < 87:
		return tortureCmd{line: "uci"}
	default:
		return tortureCmd{line: g.garbage()}
	}
}

// freshGame returns a random valid root with up to n random legal moves.
func (g *tortureGen) freshGame(n int) *tortureGame {
	i := g.r.IntN(len(tortureFENs))
	for g.chess960 && !valid960(tortureFENs[i]) {
		i = g.r.IntN(len(tortureFENs))
	}
	gm := &tortureGame{root: tortureFENs[i].args, states: []*chess.Position{g.roots[i]}, movesWord: g.r.IntN(4) == 0, valid960: valid960(tortureFENs[i])}
	for range n {
		if !gm.play(g.r) {
			break
		}
	}
	return gm
}

// position returns a position command: mostly one the engine must accept
// (often the game so far with a move more or fewer, as GUIs send them),
// sometimes a broken one.
func (g *tortureGen) position() tortureCmd {
	switch x := g.r.IntN(100); {
	case x < 35 && g.cur != nil && (g.cur.valid960 || !g.chess960):
		gm := g.cur.clone()
		if len(gm.moves) > 0 && g.r.IntN(4) == 0 {
			k := 1 + g.r.IntN(min(2, len(gm.moves)))
			gm.moves = gm.moves[:len(gm.moves)-k]
			gm.states = gm.states[:len(gm.states)-k]
		} else {
			for range 1 + g.r.IntN(3) {
				gm.play(g.r)
			}
		}
		g.cur = gm
	case x < 80:
		n := g.r.IntN(40)
		if g.r.IntN(10) == 0 {
			n = 150
		}
		g.cur = g.freshGame(n)
	default:
		g.cur = nil
		return tortureCmd{line: g.badPosition()}
	}
	return tortureCmd{line: g.cur.line(g.chess960)}
}

// valid960 reports whether Chess960 accepts the root of tf, which
// refuses castling rights without their rooks.
func valid960(tf tortureFEN) bool {
	fen, ok := strings.CutPrefix(tf.args, "fen ")
	if !ok {
		return true // startpos
	}
	_, _, err := board.ParseFEN960Lenient(fen)
	return err == nil
}

// badPosition returns a position command that is broken somewhere.
func (g *tortureGen) badPosition() string {
	switch g.r.IntN(5) {
	case 0, 1: // a bad move among legal ones
		gm := g.freshGame(g.r.IntN(20))
		i := g.r.IntN(len(gm.moves) + 1)
		moves := slices.Insert(gm.tokens(g.chess960), i, g.badMove(gm.states[i]))
		return "position " + gm.root + " moves " + strings.Join(moves, " ")
	case 2:
		s := "position fen " + g.pick(tortureBadFENs...)
		if g.r.IntN(2) == 0 {
			s += " moves " + g.pick("e2e4", "e1g1", "a7a8q", "e1h1 e8a8")
		}
		return s
	case 3:
		return g.pick("position", "position fen", "position fen moves e2e4", "position moves e2e4",
			"position foo bar", "position startpos foo moves e2e4", "position startpos startpos",
			"position 123", "position startpos moves e2e4 moves e7e5", "position startpos moves d2d4 e7e5 zzzz",
			"position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1")
	default:
		var b strings.Builder
		b.WriteString("position startpos moves")
		for range g.r.IntN(1000) {
			b.WriteString(" " + g.pick("e2e4", "e7e5", "zzzz", "0000", "a1a1", "g1f3", "\x00", "é"))
		}
		return b.String()
	}
}

// badMove returns a token that is not a legal move in pos in standard
// chess, or that the engine may or may not accept.
func (g *tortureGen) badMove(pos *chess.Position) string {
	legal := sortedMoves(pos)
	switch g.r.IntN(4) {
	case 0:
		return g.pick("zzzz", "0000", "e2e", "e2e4e5", "a1a1", "e7e8k", "E2E4", "e2-e4", "Nf3", "\x01\x02")
	case 1: // the castling spelling of the other rules
		for _, m := range legal {
			if g.chess960 && (m == "e1g1" || m == "e8g8" || m == "e1c1" || m == "e8c8") {
				return m
			}
			if m == "e1g1" || m == "e8g8" {
				return m[:2] + "h" + m[1:2]
			}
			if m == "e1c1" || m == "e8c8" {
				return m[:2] + "a" + m[1:2]
			}
		}
	case 2:
		if len(legal) > 0 {
			return legal[g.r.IntN(len(legal))] + "x"
		}
	}
	return g.illegalMove(legal)
}

// illegalMove returns a well-formed move that is not among legal, even
// read case-insensitively or as castling.
func (g *tortureGen) illegalMove(legal []string) string {
	for {
		m := fmt.Sprintf("%c%d%c%d", 'a'+g.r.IntN(8), 1+g.r.IntN(8), 'a'+g.r.IntN(8), 1+g.r.IntN(8))
		if !slices.Contains(legal, m) && m[:2] != "e1" && m[:2] != "e8" {
			return m
		}
	}
}

// goCmd returns a go command with random limits.
func (g *tortureGen) goCmd() tortureCmd {
	words := []string{"go"}
	keys := []string{"depth", "nodes", "movetime", "mate"}
	switch g.r.IntN(10) {
	case 0: // no limits at all
	case 1:
		words = append(words, "infinite")
	case 2:
		words = append(append(words, "ponder"), g.clock()...)
	case 3, 4:
		k := g.pick(keys...)
		words = append(words, k, g.pick(tortureGoValues[k]...))
	case 5, 6:
		words = append(words, g.clock()...)
	default: // a mixture, with missing values and unknown words
		for range 1 + g.r.IntN(4) {
			k := g.pick(append(keys, "wtime", "btime", "winc", "binc", "movestogo", "infinite", "ponder")...)
			words = append(words, k)
			if vals := tortureGoValues[k]; vals != nil && g.r.IntN(8) > 0 {
				words = append(words, g.pick(vals...))
			}
		}
		if g.r.IntN(4) == 0 {
			words = append(words, g.pick("foo", "depth", "wtime abc", "nodes -", "1", "movetime"))
		}
	}
	var only map[string]bool
	if g.r.IntN(7) == 0 {
		var toks []string
		toks, only = g.searchMoves()
		words = append(append(words, "searchmoves"), toks...)
	}
	return g.goWith(strings.Join(words, " "), only)
}

// goWith returns the go command line with what its bestmove must satisfy.
func (g *tortureGen) goWith(line string, only map[string]bool) tortureCmd {
	w := &bestmoveWant{goLine: line, position: "an unknown position", only: only, chess960: g.chess960}
	if g.cur != nil {
		w.pos, w.position = g.cur.pos(), g.cur.line(g.chess960)
	}
	return tortureCmd{line: line, want: w}
}

// clock returns the clock parameters of a go command in random order.
func (g *tortureGen) clock() []string {
	if g.r.IntN(20) == 0 {
		return []string{"wtime", maxInt64, "winc", maxInt64}
	}
	var words []string
	for _, k := range []string{"wtime", "btime", "winc", "binc", "movestogo"} {
		if p := map[string]int{"wtime": 8, "btime": 8, "winc": 5, "binc": 5, "movestogo": 2}[k]; g.r.IntN(10) < p {
			words = append(words, k+" "+g.pick(tortureGoValues[k]...))
		}
	}
	g.r.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	return strings.Fields(strings.Join(words, " "))
}

// searchMoves returns the words after searchmoves, and the legal moves
// among them when the position is known.
func (g *tortureGen) searchMoves() ([]string, map[string]bool) {
	if g.cur == nil {
		return []string{g.pick("e2e4", "d7d5", "a1a1", "zzzz", "0000"), g.pick("g1f3", "e7e5", "")}, nil
	}
	legal := sortedTokens(g.cur.pos(), g.chess960)
	only := map[string]bool{}
	var toks []string
	for range g.r.IntN(4) {
		if len(legal) > 0 {
			m := g.pick(legal...)
			only[m] = true
			toks = append(toks, m)
		}
	}
	if len(toks) == 0 || g.r.IntN(3) == 0 {
		toks = append(toks, g.pick("zzzz", "0000", "a1a1", "e2e", g.illegalMove(legal)))
	}
	return toks, only
}

// setOption returns a setoption command for a declared option with a
// random value, in range or not, or a malformed setoption command, and
// notes what it makes of UCI_Chess960.
func (g *tortureGen) setOption() string {
	line := g.optionLine()
	name, value, _ := parseSetOption(parseLine(line))
	if strings.EqualFold(name, "UCI_Chess960") {
		switch strings.ToLower(value) {
		case "true":
			g.chess960 = true
		case "false":
			g.chess960 = false
		}
	}
	return line
}

// optionLine returns the line of setOption.
func (g *tortureGen) optionLine() string {
	if g.r.IntN(12) == 0 {
		return g.pick("setoption", "setoption name", "setoption name value 3", "setoption value 3",
			"setoption name NoSuchOption value 1", "setoption name UCI_Chess960 value true",
			"setoption name SyzygyPath value /tmp", "setoption name Hash", "setoption name Hash value",
			"setoption name Hash value 16 value 32", "setoption name  Move   Overhead  value 50",
			"setoption name UCI_Elo value 2800",
			"setoption name Hash value "+maxInt64)
	}
	o := g.opts[g.r.IntN(len(g.opts))]
	name := o.name
	if g.r.IntN(10) == 0 {
		name = strings.ToLower(name)
	}
	line := "setoption name " + name
	var value string
	switch o.kind {
	case "button":
		if g.r.IntN(4) > 0 {
			return line
		}
		value = g.pick("x", "true", "")
	case "check":
		value = g.pick("true", "false", "true", "false", "TRUE", "False", "yes", "1", "", g.randomText(8))
	case "spin":
		value = g.spinValue(o)
	case "combo":
		value = g.pick(append(o.vars, "", "nonsense", g.randomText(8))...)
	default:
		if strings.EqualFold(o.name, "BookFile") {
			value = g.pick(g.books...)
		} else if strings.EqualFold(o.name, "SyzygyPath") {
			value = g.pick(tortureTables, tortureTables+":/nonexistent/syzygy", "", "<empty>", g.randomText(1+g.r.IntN(200)))
		} else {
			value = g.pick("", "<empty>", "/nonexistent/luft", "relative/path", " spaced  value ", g.randomText(1+g.r.IntN(2000)))
		}
	}
	return line + " value " + value
}

// spinValue returns a value for a spin option: in range (but never a
// Hash or Threads that would swamp the machine), at and beyond the
// bounds, huge, or not a number.
func (g *tortureGen) spinValue(o uciOption) string {
	hi := o.max
	switch {
	case strings.EqualFold(o.name, "Hash"):
		hi = min(hi, tortureMaxHash)
	case strings.EqualFold(o.name, "Threads"):
		hi = min(hi, tortureMaxThreads)
	}
	switch g.r.IntN(10) {
	case 0:
		return strconv.Itoa(o.min)
	case 1:
		return strconv.Itoa(hi)
	case 2:
		return strconv.Itoa(o.min - 1)
	case 3:
		return strconv.Itoa(o.max + 1)
	case 4:
		return g.pick(maxInt64, minInt64, "99999999999999999999")
	case 5:
		return g.pick("", "abc", "1.5", "0x10", "1e3", "--1", g.randomText(6))
	default:
		if hi < o.min {
			return strconv.Itoa(o.min)
		}
		return strconv.Itoa(o.min + g.r.IntN(hi-o.min+1))
	}
}

// garbage returns a line that holds no command: empty, blank, a
// non-UCI command, random bytes, or a few hundred KB of text.
func (g *tortureGen) garbage() string {
	switch x := g.r.IntN(100); {
	case x < 15:
		return ""
	case x < 25:
		return g.pick("   ", "\t", " \t \r", "\r", "\v\f")
	case x < 45:
		return g.pick("foobar", "xboard", "protover 2", "new", "ping 1", "register later",
			"register name x code y", "gogo", "jo ho", "setoptionname Hash value 1", "\xff\xfe")
	case x < 97:
		return g.randomBytes(1 + g.r.IntN(200))
	default:
		return g.randomText(200<<10 + g.r.IntN(200<<10))
	}
}

// noCommand replaces the letters d, o and u in either case. Every UCI
// command but the harmless register has one of them, so random text
// cannot hold a command word (such as go, quit or d) however it is split.
func noCommand(c byte) byte {
	switch c {
	case 'd', 'D', 'o', 'O', 'u', 'U':
		return 'x'
	case '\n':
		return ' '
	}
	return c
}

// randomBytes returns n random bytes without a newline or a command.
func (g *tortureGen) randomBytes(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = noCommand(byte(g.r.UintN(256)))
	}
	return string(b)
}

// randomText returns n random printable characters without a command.
func (g *tortureGen) randomText(n int) string {
	const chars = "abcefghijklmnpqrstvwxyzABCEFGHIJKLMNPQRSTVWXYZ0123456789 ./-_"
	b := make([]byte, n)
	for i := range b {
		b[i] = chars[g.r.IntN(len(chars))]
	}
	return string(b)
}

// mustRef returns the reference position of fen.
func mustRef(t *testing.T, fen string) *chess.Position {
	t.Helper()
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		t.Fatalf("%q: %v", fen, err)
	}
	return pos
}
