// Package uci implements Luft's front end for the Universal Chess Interface
// protocol: it reads GUI commands line by line, keeps the position and the
// options, runs searches in their own goroutine and writes the engine's
// replies.
//
// The loop handles commands strictly in order and never waits for a
// search, so isready is answered at once and stop or ponderhit cannot be
// lost, even when they arrive before the search goroutine has started.
// Every go gets exactly one bestmove; after go infinite and go ponder it is
// held back until stop (or ponderhit). Refused words of a go, limits while
// pondering and the final info line are described in NOTES.md beside
// this file.
package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/player"
)

// ID is what the engine calls itself in reply to the uci command.
type ID struct {
	Name   string
	Author string
}

// quitWait bounds how long quit waits for a stopped search to send its
// bestmove before the loop returns anyway.
const quitWait = 50 * time.Millisecond

// session is the state of one protocol conversation.
type session struct {
	id       ID
	searcher engine.Searcher
	player   *player.Player // the searcher, when it wraps one with book and strength
	out      *writer
	quiet    bool // no output at all: used to compute default settings

	settings       settings
	staged         *engine.Options // engine options set during a search, for the next sync; nil when the searcher has them
	pendingNewGame bool            // ucinewgame or Clear Hash not yet passed on
	debug          bool
	chess960       bool // UCI_Chess960: positions are read, and moves written, by Chess960's rules

	game   *game
	search *search // the latest search; nil before the first go
}

// Run speaks UCI with a GUI: it reads commands from in and writes replies to
// out until quit or the end of in. s plays through a player.Player, with
// its own options until setoption changes them: create it with
// DefaultOptions, the defaults the uci command declares. Run returns nil
// after quit or end of input, or the error that made reading or writing
// fail.
func Run(in io.Reader, out io.Writer, s engine.Searcher, id ID) error {
	return newSession(out, s, id).run(in)
}

// newSession returns a session in its initial state: default settings
// (the engine's options are s's own), start position, no search.
func newSession(out io.Writer, s engine.Searcher, id ID) *session {
	ses := &session{
		id:       id,
		out:      &writer{w: out},
		settings: defaultSettings(),
		game:     newGame(false),
	}
	ses.player = player.New(s, nil)
	ses.searcher = ses.player
	return ses
}

// maxLineBytes bounds an input line. The longest real command, a position
// with every move of a long game, is a few kilobytes; a longer line is
// read to its end and dropped, so that memory stays bounded whatever
// arrives.
const maxLineBytes = 1 << 20

// run is the loop of Run.
func (s *session) run(in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, readErr := readLine(r)
		if tooLong {
			s.infof("input line of more than %d bytes ignored", maxLineBytes)
		}
		// A lone CR also ends a line.
		for _, l := range strings.Split(line, "\r") {
			if !s.handle(parseLine(l)) {
				s.quit()
				return s.out.failed()
			}
		}
		if err := s.out.failed(); err != nil {
			s.quit()
			return err
		}
		if readErr != nil {
			s.quit()
			if errors.Is(readErr, io.EOF) {
				return nil
			}
			return readErr
		}
	}
}

// readLine returns the next line of r, including the final newline when
// there is one. A line longer than maxLineBytes is consumed but returned
// empty, with tooLong set.
func readLine(r *bufio.Reader) (line string, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		switch {
		case tooLong:
		case len(buf)+len(chunk) > maxLineBytes:
			tooLong, buf = true, nil
		case buf == nil && err != bufio.ErrBufferFull:
			return string(chunk), false, err // the common case: one chunk
		default:
			buf = append(buf, chunk...)
		}
		if err != bufio.ErrBufferFull {
			return string(buf), tooLong, err
		}
	}
}

// handle executes one command and reports whether the loop goes on.
func (s *session) handle(c command) bool {
	switch c.name {
	case "":
		if line := strings.TrimSpace(c.line); line != "" {
			s.infof("unknown command: %s", abbreviate(line))
		}
	case "uci":
		s.uci()
	case "debug":
		s.debug = len(c.args) == 0 || c.args[0].text != "off"
	case "isready":
		if s.idle() {
			s.sync()
		}
		s.println("readyok")
	case "setoption":
		s.setOption(c)
	case "register":
		// Luft needs no registration.
	case "ucinewgame":
		s.pendingNewGame = true
		if s.idle() {
			s.sync()
		}
	case "position":
		g, err := setPosition(s.game, words(c.args), s.chess960)
		if g == nil {
			s.infof("position ignored, previous position kept: %v", err)
			break
		}
		if err != nil {
			s.infof("%v", err)
		}
		if err := g.crossCheck(); err != nil {
			s.infof("position set up, but the move generators disagree: %v", err)
		}
		s.game = g
	case "go":
		s.goSearch(parseGo(words(c.args)), time.Now())
	case "stop":
		if s.search != nil {
			s.search.stop()
		}
	case "ponderhit":
		if s.search != nil {
			s.search.ponderHit()
		}
	case "d":
		s.display()
	case "genfens":
		s.genfens(c)
	case "quit":
		return false
	}
	return true
}

// abbreviate shortens text to a length fit to quote in an info string.
func abbreviate(text string) string { return truncate(text, 80) }

// truncate cuts text to at most max bytes and marks the cut.
func truncate(text string, max int) string {
	if len(text) <= max {
		return text
	}
	return text[:max] + "..."
}

// println writes one output line.
func (s *session) println(line string) {
	if !s.quiet {
		s.out.line(line)
	}
}

// maxInfoBytes bounds an info string, which may quote the input.
const maxInfoBytes = 500

// infof writes an info string line.
func (s *session) infof(format string, args ...any) {
	s.println("info string " + sanitize(truncate(fmt.Sprintf(format, args...), maxInfoBytes)))
}

// uci answers the uci command.
func (s *session) uci() {
	s.println("id name " + sanitize(s.id.Name))
	s.println("id author " + sanitize(s.id.Author))
	for _, o := range optionTable {
		s.println(o.String())
	}
	s.println("uciok")
}

// setOption handles a setoption command. The new value takes effect at
// once when no search is running, and otherwise before the next search.
func (s *session) setOption(c command) {
	name, value, _ := parseSetOption(c)
	o, ok := findOption(name)
	if !ok {
		s.infof("no such option: %s", name)
		return
	}
	if o.kind == "string" && value == "<empty>" {
		value = ""
	}
	if err := o.set(s, value); err != nil {
		s.infof("option %s unchanged: %v", o.name, err)
		return
	}
	if s.idle() {
		s.sync()
	}
}

// setChess960 sets the rules the next positions are read by: Chess960's
// (UCI_Chess960 true) or standard chess's. The current position is set
// up again from its root FEN and moves by the new rules, so that a GUI
// may send the option before or after its position command; when the new
// rules make a different position of them (castling rights of a Chess960
// placement in standard chess), the start position is set instead, and
// an info string says so. A search under way keeps its own position.
func (s *session) setChess960(on bool) {
	s.chess960 = on
	if s.game == nil || s.game.chess960() == on {
		return
	}
	g, err := s.game.convert(on)
	if err != nil {
		g = newGame(on)
		s.infof("the position cannot be played in %s (%v): the start position is set", rulesName(on), err)
	}
	s.game = g
}

// idle reports whether no search is under way, so the searcher may be
// reconfigured. A search that has returned but holds its bestmove until
// stop still counts as under way.
func (s *session) idle() bool {
	if s.search == nil {
		return true
	}
	select {
	case <-s.search.done:
		return true
	default:
		return false
	}
}

// sync passes changed options and a pending new game on to the searcher.
// It must be called only when idle.
func (s *session) sync() {
	if s.staged != nil {
		o, old := *s.staged, s.searcher.Options()
		s.staged = nil
		if o != old {
			s.searcher.SetOptions(o)
			s.retireTables(old)
		}
	}
	if s.pendingNewGame {
		s.searcher.NewGame()
		s.pendingNewGame = false
	}
	if s.player != nil {
		s.player.SetLevel(s.settings.play.level())
		s.player.SetBook(s.settings.play.openingBook())
	}
}

// quit stops any search and gives it a moment to send its bestmove.
func (s *session) quit() {
	if s.search == nil {
		return
	}
	s.search.stop()
	select {
	case <-s.search.done:
	case <-time.After(quitWait):
	}
}

// display prints the current position for a human (Stockfish's "d").
func (s *session) display() {
	fen := s.game.pos.FEN()
	const border = "+---+---+---+---+---+---+---+---+"
	s.println(border)
	for i, row := range strings.Split(strings.Fields(fen)[0], "/") {
		var b strings.Builder
		for _, c := range row {
			if c >= '1' && c <= '8' {
				b.WriteString(strings.Repeat("|   ", int(c-'0')))
			} else {
				b.WriteString("| " + string(c) + " ")
			}
		}
		s.println(fmt.Sprintf("%s| %d", b.String(), 8-i))
		s.println(border)
	}
	s.println("  a   b   c   d   e   f   g   h")
	s.println("Fen: " + fen)
	s.println(fmt.Sprintf("Key: %016X", s.game.pos.Key()))
}
