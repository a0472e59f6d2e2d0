package uci

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/luftchess/luft/engine/board"
)

// FuzzSession feeds arbitrary input to the protocol loop with a fake
// searcher. Whatever the input, the loop must not panic, every write must
// be one whole valid line, and every go executed must get exactly one
// bestmove. The seed corpus holds every command line of the checklist's
// test scenarios (testdata/checklist-lines.txt), the hardening rows and a
// few scripts.
func FuzzSession(f *testing.F) {
	all := checklistLines(f)
	for _, l := range all {
		f.Add(l)
	}
	f.Add(strings.Join(all, "\n"))
	for _, row := range hardeningRows {
		f.Add(row)
	}
	f.Add(strings.Join(hardeningRows, "\n"))
	f.Add(strings.Join(goIssueLines, "\n"))
	f.Add("position startpos\r\ngo infinite\r\nisready\r\nstop\r\n")
	f.Add("go ponder wtime 10 btime 10\rponderhit\rgo depth 2\rquit\rgo")
	f.Add("setoption name Hash value 64\ngo infinite\nsetoption name Hash value 32\nucinewgame\nstop\nisready")

	f.Fuzz(func(t *testing.T, input string) {
		var out syncBuffer
		fake := &fakeSearcher{}
		s := newSession(&out, fake, ID{Name: "Luft fuzz", Author: "fuzzer"})
		if err := s.run(strings.NewReader(input)); err != nil {
			t.Fatalf("run: %v", err)
		}
		if s.search != nil {
			select {
			case <-s.search.done:
			case <-time.After(10 * time.Second):
				t.Fatal("search never ended")
			}
		}
		gos := 0
	lines:
		for _, l := range strings.Split(input, "\n") {
			for _, part := range strings.Split(l, "\r") {
				switch parseLine(part).name {
				case "go":
					gos++
				case "quit":
					break lines
				}
			}
		}
		out.mu.Lock()
		defer out.mu.Unlock()
		bestmoves := 0
		for _, w := range out.writes {
			if !strings.HasSuffix(w, "\n") || strings.Count(w, "\n") != 1 || strings.ContainsRune(w, '\r') || !utf8.ValidString(w) {
				t.Fatalf("write %q is not one valid line", w)
			}
			if strings.HasPrefix(w, "bestmove ") {
				bestmoves++
				if f := strings.Fields(w); len(f) != 2 && (len(f) != 4 || f[2] != "ponder") {
					t.Errorf("malformed %q", w)
				}
			}
		}
		fake.check(t, bestmoves, gos)
	})
}

// hardeningRows are the inputs of the issue that hardened the front end,
// each once a crash, a hang or a silent misreading. A row may hold more
// than one line. "setoption name BookFile value /dev/zero" is left out:
// a fuzz run must not read special files (TestBinaryBookFileSpecial
// covers them, with a timeout and a memory limit).
var hardeningRows = []string{
	"setoption name Hash value 65536",
	"setoption name UCI_Chess960 value true\nposition fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"setoption name SyzygyPath value /tmp",
	"position startpos moves d2d4 e7e5 zzzz",
	"position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1",
	"foobar",
	"position fen 4k3/8/8/8/8/8/8/4K3 w - - 4294967290 1",
	"go wtime 9223372036854775807 winc 9223372036854775807",
	"setoption name UCI_Elo value 2800",
	"setoption name Threads value 1024",
}

// rowArgs returns the arguments of the lines of the hardening rows that
// are cmd commands ("position", "setoption"), with the arguments of the
// position command that follows each, if any ("" if none).
func rowArgs(cmd string) (args, next []string) {
	for _, row := range hardeningRows {
		lines := strings.Split(row, "\n")
		for i, l := range lines {
			a, ok := strings.CutPrefix(l, cmd+" ")
			if !ok {
				continue
			}
			n := ""
			if i+1 < len(lines) {
				n, _ = strings.CutPrefix(lines[i+1], "position ")
			}
			args, next = append(args, a), append(next, n)
		}
	}
	return args, next
}

// checklistLines returns the command lines of the checklist's test
// scenarios.
func checklistLines(f *testing.F) []string {
	data, err := os.ReadFile("testdata/checklist-lines.txt")
	if err != nil {
		f.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// checklistArgs returns the arguments of the checklist's cmd commands.
func checklistArgs(f *testing.F, cmd string) []string {
	var args []string
	for _, l := range checklistLines(f) {
		if a, ok := strings.CutPrefix(l, cmd+" "); ok {
			args = append(args, a)
		}
	}
	return args
}

// fuzzSession returns a session in its initial state with a fake searcher.
func fuzzSession() (*session, *syncBuffer) {
	out := &syncBuffer{}
	return newSession(out, &fakeSearcher{}, ID{Name: "Luft fuzz", Author: "fuzzer"}), out
}

// replyKeywords are the words an engine's output line may start with.
var replyKeywords = map[string]bool{
	"id": true, "uciok": true, "readyok": true, "bestmove": true, "option": true, "info": true,
}

// checkReplies checks that every write was one well-formed UCI line:
// valid UTF-8 without control characters, starting with a reply keyword.
func checkReplies(t *testing.T, out *syncBuffer) {
	t.Helper()
	out.mu.Lock()
	defer out.mu.Unlock()
	for _, w := range out.writes {
		l, ok := strings.CutSuffix(w, "\n")
		if !ok || !utf8.ValidString(l) || strings.ContainsFunc(l, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			t.Fatalf("write %q is not one line of printable UTF-8", w)
		}
		f := strings.Fields(l)
		if len(f) == 0 || !replyKeywords[f[0]] {
			t.Fatalf("output line %q does not start with a reply keyword", l)
		}
		switch f[0] {
		case "info":
			checkInfoLine(t, l)
		case "option":
			if !optionLine.MatchString(l) {
				t.Fatalf("bad option line %q", l)
			}
		}
	}
}

// checkGame checks the session's position, whatever the commands that
// set it up: the engine board and the reference position agree on the
// FEN and on the legal moves, and the engine's FEN parses back to itself
// (move counters may come back clamped). A Chess960 position has no
// reference: each of its legal moves must read back from its notation.
func checkGame(t *testing.T, s *session) {
	t.Helper()
	g := s.game
	if err := g.crossCheck(); err != nil {
		t.Fatal(err)
	}
	fen := g.pos.FEN()
	p, err := board.ParseFENVariant(fen, g.chess960())
	if err != nil {
		t.Fatalf("the engine's FEN does not parse back: %v", err)
	}
	if back := p.FEN(); !sameFEN(back, fen) {
		t.Fatalf("FEN %q parses back as %q", fen, back)
	}
	var l board.MoveList
	g.pos.GenerateLegal(&l)
	var moves []string
	for _, m := range l.Moves() {
		tok := m.UCI(g.chess960())
		if back, err := g.pos.ParseMove(tok); err != nil || back != m {
			t.Fatalf("%s: move %s reads back as %v, %v", fen, tok, back, err)
		}
		moves = append(moves, tok)
	}
	if g.ref == nil {
		return
	}
	slices.Sort(moves)
	if ref := sortedMoves(g.ref); !slices.Equal(moves, ref) {
		t.Fatalf("legal moves in %s: engine %q, reference %q", fen, moves, ref)
	}
}

// sameFEN reports whether back, the FEN of the position parsed from fen,
// is fen, but for move counters that parsing may have lowered to a bound.
func sameFEN(back, fen string) bool {
	b, f := strings.Fields(back), strings.Fields(fen)
	if len(b) != 6 || len(f) != 6 || !slices.Equal(b[:4], f[:4]) {
		return false
	}
	for i := 4; i < 6; i++ {
		nb, err1 := strconv.Atoi(b[i])
		nf, err2 := strconv.Atoi(f[i])
		if err1 != nil || err2 != nil || nb > nf || nb < 0 {
			return false
		}
	}
	return true
}

// checkSearch runs go depth 1 and checks that it gets exactly one
// bestmove, legal in the session's position.
func checkSearch(t *testing.T, s *session, out *syncBuffer) {
	t.Helper()
	out.mu.Lock()
	before := len(out.writes)
	out.mu.Unlock()
	ref := s.game.ref
	s.handle(parseLine("go depth 1"))
	select {
	case <-s.search.done:
	case <-time.After(10 * time.Second):
		t.Fatal("go depth 1 never ended")
	}
	out.mu.Lock()
	defer out.mu.Unlock()
	var best []string
	for _, w := range out.writes[before:] {
		if strings.HasPrefix(w, "bestmove ") {
			best = append(best, strings.TrimSpace(w))
		}
	}
	if len(best) != 1 {
		t.Fatalf("go depth 1: bestmoves %q", best)
	}
	w := &bestmoveWant{goLine: "go depth 1", pos: ref}
	if err := w.check(strings.Fields(best[0])); err != nil {
		t.Fatalf("%q in %s: %v", best[0], ref, err)
	}
	if ref == nil { // Chess960: the board checks the move
		if _, err := s.game.pos.ParseMove(strings.Fields(best[0])[1]); err != nil && s.game.pos.HasLegalMove() {
			t.Fatalf("%q: %v", best[0], err)
		}
	}
}

// FuzzPosition sets up two positions in a row from arbitrary position
// arguments, so that the second may extend the first as in a game, and
// checks the position after each, then a search; in Chess960 when
// chess960 is set. Every seed is tried by both rules.
func FuzzPosition(f *testing.F) {
	add := func(first, second string) {
		f.Add(false, first, second)
		f.Add(true, first, second)
	}
	args, _ := rowArgs("position")
	for _, a := range append(args, checklistArgs(f, "position")...) {
		add(a, "")
		add("startpos", a)
	}
	for _, tf := range tortureFENs {
		add(tf.args, tf.args+" moves")
	}
	const castling = "fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	add("startpos moves e2e4", "startpos moves e2e4 e7e5")
	add("startpos moves e2e4 e7e5 g1f3", "startpos moves e2e4")
	add(castling+" moves e1g1", castling+" moves e1g1 e8a8")
	add(castling+" moves e1g1", castling+" moves e1h1")
	add(castling+" moves e1h1", castling+" moves e1h1 e8a8")
	add("fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8Q", "fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8q e8d7")
	add("fen 8/8/8/4k3/8/8/3QK3/8 w - - 150 9999 moves d2d3", "startpos moves e2e4 e7e5 zzzz d2d4")
	for _, a := range chess960Args {
		add(a, "")
		add("startpos moves e2e4", a)
		add(a, a+" moves")
	}
	f.Fuzz(func(t *testing.T, chess960 bool, first, second string) { checkPositions(t, chess960, first, second) })
}

// chess960Args are position arguments of Chess960: start positions in
// X-FEN and Shredder-FEN, middlegames with castling rights, castling
// where the king or the rook stays, in both notations, and rights
// without their rook.
var chess960Args = []string{
	"fen " + board.Chess960StartFEN(0),
	"fen " + board.Chess960StartFEN(959) + " moves b1a1", // the c1 rook stands on the king's target
	"fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves g1h1",
	"fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves g1f1",
	"fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah -",
	"fen rk4rr/8/8/8/8/8/8/RK4RR w GQgq - 0 1 moves b1a1 b8g8",
	"fen 4k3/8/8/8/8/8/8/6KR w K - 0 1 moves g1h1",
	"fen 4k3/8/8/8/8/8/8/3RK3 w Q - 0 1 moves e1d1",
	"fen 4k3/8/8/8/8/8/8/3RK3 w Q - 0 1 moves e1c1",
	"fen 1r2k1r1/8/8/8/8/8/8/R3K2R b KQkq - 0 1 moves e8g8 e1h1",
	"fen qr1k2r1/1p3p2/Pp1np3/7p/3pNP2/5P2/1P6/QR1KnR2 w Qkq - 0 1 moves d1b1 d8g8",
	"fen rk4rr/8/8/8/8/8/8/RK4RR w Kc - 0 1",
	"fen rk4rr/8/8/8/8/8/8/RK4RR w KH - 0 1",
}

// checkPositions sends position commands with each of args to a new
// session, in Chess960 when chess960 is set, and checks the position
// after each, then a search from the last, then the replies.
func checkPositions(t *testing.T, chess960 bool, args ...string) {
	t.Helper()
	s, out := fuzzSession()
	if chess960 {
		s.handle(parseLine("setoption name UCI_Chess960 value true"))
	}
	for _, a := range args {
		s.handle(parseLine("position " + a))
		checkGame(t, s)
	}
	checkSearch(t, s, out)
	checkReplies(t, out)
}

// FuzzFEN sets up a position from an arbitrary FEN and checks it, and a
// search from it; in Chess960 when chess960 is set. Every seed is tried
// by both rules.
func FuzzFEN(f *testing.F) {
	var fens []string
	args, _ := rowArgs("position")
	for _, a := range append(args, chess960Args...) {
		if fen, ok := strings.CutPrefix(a, "fen "); ok {
			fens = append(fens, strings.Split(fen, " moves")[0])
		}
	}
	for _, tf := range tortureFENs {
		fens = append(fens, strings.TrimPrefix(tf.args, "fen "))
	}
	fens = append(fens, tortureBadFENs...)
	fens = append(fens, "8/8/8/4k3/8/8/3QK3/8 w - - 150 10000", board.Chess960StartFEN(100), "rk4rr/8/8/8/8/8/8/RK4RR w HAha - 0 1")
	for _, fen := range fens {
		f.Add(false, fen)
		f.Add(true, fen)
	}
	f.Fuzz(func(t *testing.T, chess960 bool, fen string) { checkPositions(t, chess960, "fen "+fen) })
}

// FuzzSetOption applies an arbitrary setoption command, then a position
// command, and checks that the session still declares well-formed options,
// sets up positions and searches. Slashes in values are replaced: a fuzz
// run must not read whatever file a BookFile path happens to name.
func FuzzSetOption(f *testing.F) {
	args, next := rowArgs("setoption")
	for i, a := range args {
		f.Add(a, cmp.Or(next[i], "startpos"))
	}
	for _, a := range checklistArgs(f, "setoption") {
		f.Add(a, "startpos moves e2e4")
	}
	s, out := fuzzSession()
	s.handle(parseLine("uci"))
	for _, w := range out.writes {
		o, ok := parseOptionDecl(strings.TrimSuffix(w, "\n"))
		if !ok {
			continue
		}
		for _, v := range []int{o.min - 1, o.min, o.max, o.max + 1} {
			f.Add(fmt.Sprintf("name %s value %d", o.name, v), "startpos")
		}
		f.Add("name "+strings.ToUpper(o.name)+" value true", "startpos")
	}
	f.Add("name OwnBook value true", "startpos")
	f.Add("name BookFile value missing.bin", "startpos")
	f.Add("name UCI_LimitStrength value true", "fen k7/8/1K6/8/8/8/8/1R6 b - - 0 1")
	f.Fuzz(func(t *testing.T, option, position string) {
		// No paths: a fuzz run must not read whatever file a BookFile
		// value happens to name (a device would be refused anyway, but
		// a large regular file would be read).
		option = strings.ReplaceAll(option, "/", "_")
		s, out := fuzzSession()
		s.handle(parseLine("setoption " + option))
		s.handle(parseLine("uci"))
		s.handle(parseLine("position " + position))
		checkGame(t, s)
		checkSearch(t, s, out)
		checkReplies(t, out)
	})
}

// goIssueLines are go commands that were once taken without a word: bad
// limits that became endless searches, and an illegal searchmoves move
// silently dropped.
var goIssueLines = []string{
	"go depth -3", "go depth", "go movetime abc", "go fishing", "go depth 3 searchmoves e2e5",
	"go ponder depth 5", "go nodes 0 mate -1 movestogo 0 winc -5", "go searchmoves e2e4 depth x ponder",
	"go infinite depth -1", "go wtime abc btime 100", "go searchmoves 0000 e2e5 e7e5 g1f3",
}

// FuzzGo reads arbitrary go arguments in the start position and checks
// what checkGo makes of them: every refusal names a word of the command
// (or says that no searchmoves move is legal), each searchmoves move
// kept is legal and was sent, and a command that something was refused
// from ends without a stop unless it is go infinite.
func FuzzGo(f *testing.F) {
	for _, l := range goIssueLines {
		f.Add(strings.TrimPrefix(l, "go "))
	}
	for _, a := range checklistArgs(f, "go") {
		f.Add(a)
	}
	f.Fuzz(func(t *testing.T, args string) {
		s, out := fuzzSession()
		c := parseLine("go " + args)
		if c.name != "go" {
			return // args held another command first
		}
		w := words(c.args)
		g := s.checkGo(parseGo(w))
		for _, r := range g.refused {
			named := strings.HasPrefix(r, "go: searchmoves holds no legal move")
			for _, word := range w {
				named = named || strings.HasPrefix(r, "go: "+word+" ") || strings.HasPrefix(r, "go: searchmoves "+word+" ")
			}
			if !named {
				t.Errorf("refusal %q names no word of %q", r, w)
			}
		}
		for _, m := range g.moves {
			if !s.game.pos.IsLegal(m) || !slices.ContainsFunc(w, func(word string) bool { return strings.EqualFold(word, m.UCI(false)) }) {
				t.Errorf("searchmoves move %v not legal or not sent in %q", m, w)
			}
		}
		if len(g.refused) > 0 && !g.limited() {
			t.Errorf("%q: refused %q, and no limit left", w, g.refused)
		}
		checkReplies(t, out)
	})
}
