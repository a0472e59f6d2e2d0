package pgn

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/luftchess/luft/engine/game/outcome"
)

// Reader reads games from a PGN stream. A game that cannot be read costs
// that game alone: the Reader goes on with the next one, which begins at
// the next tag pair line (a line starting with a tag pair such as
// [Event "..."]) after the broken game's movetext, or at the next [Event
// tag pair line. A line of a {comment} is the comment's whatever it looks
// like, unless it is a tag pair line right after a game termination
// marker (1-0, 0-1, 1/2-1/2, *), as where a comment never closed runs
// into the next game.
type Reader struct {
	src   lines
	games int   // games read, broken ones too
	err   error // the stream's error that ended Games
}

// A ParseError reports a game that cannot be read.
type ParseError struct {
	Game int // the game's number in the stream, from 1, counting broken games
	Line int // the line where reading failed, from 1
	Err  error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("pgn: line %d: %v", e.Line, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{src: lines{r: bufio.NewReader(r)}}
}

// Read returns the next game, or io.EOF when there are no more. Comments
// are kept, as placeComments says; variations, NAGs and move numbers are
// dropped. A game that
// cannot be read is a *ParseError, after which Read goes on with the next
// game; any other error is the stream's, after which Read cannot go on.
func (r *Reader) Read() (*Game, error) {
	for {
		g, err := r.read()
		switch {
		case err == io.EOF && r.src.newGame():
			continue
		case err == io.EOF:
			return nil, cmp.Or(r.src.err, io.EOF)
		case err != nil && r.src.err != nil && r.src.err != io.EOF:
			return nil, r.src.err
		case err != nil:
			r.games++
			line := r.src.line
			r.src.skipGame()
			return nil, &ParseError{Game: r.games, Line: line, Err: err}
		}
		r.games++
		return g, nil
	}
}

// Games returns an iterator over the games of the stream, in order, each
// with the error of reading it, so that the n-th pair is game n: a game
// that cannot be read comes as a *ParseError, and the games after it
// follow. An error of reading the stream ends the sequence; Err returns
// it.
func (r *Reader) Games() iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		for {
			g, err := r.Read()
			if _, ok := errors.AsType[*ParseError](err); err != nil && !ok {
				if err != io.EOF {
					r.err = err
				}
				return
			}
			if !yield(g, err) {
				return
			}
		}
	}
}

// Err returns the error of reading the stream that ended Games, or nil
// when it ended at the end of the stream.
func (r *Reader) Err() error {
	return r.err
}

// read reads the next game of the current game's text, or returns io.EOF
// when it holds no more.
func (r *Reader) read() (*Game, error) {
	g := &Game{}
	cm := placeComments{g: g}
	inMoves := false
	for {
		c, err := r.src.ReadByte()
		if err == io.EOF {
			if !inMoves && len(g.Tags) == 0 {
				return nil, io.EOF
			}
			if g.Result == "" {
				g.Result = "*"
			}
			cm.end()
			return g, nil
		}
		if err != nil {
			return nil, err
		}
		if c > ' ' && c != '{' {
			cm.after = false
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case c == '[' && !inMoves:
			t, err := r.readTag()
			if err != nil {
				return nil, err
			}
			g.Tags = append(g.Tags, t)
		case c == '{':
			s, err := r.readUntil('}')
			if err != nil {
				return nil, err
			}
			inMoves = true
			cm.add(strings.Join(strings.Fields(s), " "))
			continue
		case c == ';':
			// A comment to the end of the line, or of the game.
			_, _ = r.readUntil('\n')
		case c == '(':
			cm.flush()
			if err := r.skipVariation(); err != nil {
				return nil, err
			}
		default:
			_ = r.src.UnreadByte()
			tok := r.readToken()
			inMoves = true
			if san, ok := castlingWithZeros(tok); ok {
				tok = san
			}
			switch {
			case isResult(tok):
				g.Result = tok
				cm.end()
				return g, nil
			case tok == "":
				b, _ := r.src.ReadByte()
				return nil, fmt.Errorf("unexpected %q", b)
			case tok[0] == '$' || (tok[0] >= '0' && tok[0] <= '9'):
				// NAG or move number
			default:
				cm.flush()
				g.Moves = append(g.Moves, Move{SAN: strings.TrimRight(tok, "!?")})
			}
		}
	}
}

// placeComments gives the {comments} of a game's movetext their places.
// A comment after a move, its NAG or its variation is the move's, joined
// to the comment the move has with a space; so are the comments that
// follow it at once, as lichess writes its verdict and then the
// evaluation and clock ({Inaccuracy. Nf3 was best.} {[%eval 0.2] [%clk
// 0:02:58]}), unless the result follows them: then they are the result
// comment, as cutechess writes it ({+M1/1 0.001s} {White mates} 1-0). A
// comment before the first move is the result comment too.
type placeComments struct {
	g     *Game
	after bool   // the last thing read was a comment
	held  string // the comments that followed the last move's at once
}

// add places the comment s.
func (p *placeComments) add(s string) {
	switch n := len(p.g.Moves); {
	case n > 0 && !p.after:
		p.g.Moves[n-1].Comment = joinComments(p.g.Moves[n-1].Comment, s)
	case n > 0:
		p.held = joinComments(p.held, s)
	default:
		p.g.ResultComment = s
	}
	p.after = true
}

// flush gives the held comments to the last move: a move or a variation
// follows them.
func (p *placeComments) flush() {
	if p.held != "" {
		m := &p.g.Moves[len(p.g.Moves)-1]
		m.Comment, p.held = joinComments(m.Comment, p.held), ""
	}
}

// end makes the held comments the result comment: the game ends after
// them.
func (p *placeComments) end() {
	if p.held != "" {
		p.g.ResultComment, p.held = p.held, ""
	}
}

// joinComments joins two comments with a space.
func joinComments(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + " " + b
}

func (r *Reader) readTag() (Tag, error) {
	s, err := r.readUntil(']')
	if err != nil {
		return Tag{}, err
	}
	name, value, ok := strings.Cut(strings.TrimSpace(s), " ")
	value = strings.TrimSpace(value)
	if !ok || len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return Tag{}, fmt.Errorf("bad tag [%s]", s)
	}
	value = strings.NewReplacer(`\\`, `\`, `\"`, `"`).Replace(value[1 : len(value)-1])
	return Tag{Name: name, Value: value}, nil
}

// readUntil reads up to and including delim and returns the text before.
func (r *Reader) readUntil(delim byte) (string, error) {
	var b strings.Builder
	for {
		c, err := r.src.ReadByte()
		if err != nil {
			return b.String(), fmt.Errorf("missing %q", delim)
		}
		if c == delim {
			return b.String(), nil
		}
		b.WriteByte(c)
	}
}

// skipVariation skips a (variation), its '(' read, up to its ')', the
// variations in it too. A parenthesis in a {comment} or a ;comment is
// the comment's, and so is a brace in a ;comment.
func (r *Reader) skipVariation() error {
	unterminated := errors.New("unterminated variation")
	depth := 1
	for depth > 0 {
		c, err := r.src.ReadByte()
		if err != nil {
			return unterminated
		}
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case '{':
			if _, err := r.readUntil('}'); err != nil {
				return err
			}
		case ';':
			if _, err := r.readUntil('\n'); err != nil {
				return unterminated
			}
		}
	}
	return nil
}

// readToken reads a symbol: letters, digits and the characters that
// appear in SAN, move numbers and results.
func (r *Reader) readToken() string {
	var b strings.Builder
	for {
		c, err := r.src.ReadByte()
		if err != nil {
			return b.String()
		}
		if !isSymbol(c) {
			_ = r.src.UnreadByte()
			return b.String()
		}
		b.WriteByte(c)
		if c == '.' && b.Len() > 0 && isDigits(strings.TrimRight(b.String(), ".")) {
			// move number: swallow the remaining dots
			for {
				c, err := r.src.ReadByte()
				if err != nil {
					return b.String()
				}
				if c != '.' {
					_ = r.src.UnreadByte()
					return b.String()
				}
				b.WriteByte(c)
			}
		}
	}
}

// castlingWithZeros returns tok, castling written with zeros as many PGN
// files write it ("0-0", "0-0-0+", "0-0!"), in the letters of SAN ("O-O",
// "O-O-O+", "O-O!"), and whether tok is that. Read must see it before it
// takes a token starting with a digit for a move number.
func castlingWithZeros(tok string) (string, bool) {
	switch strings.TrimRight(tok, "+#!?") {
	case "0-0", "0-0-0":
		return strings.ReplaceAll(tok, "0", "O"), true
	}
	return tok, false
}

func isSymbol(c byte) bool {
	return isLetter(c) || isDigit(c) || strings.IndexByte("=+#-/*.!?$", c) >= 0
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// lines reads a PGN stream a line at a time and gives the text of one game
// at a time byte by byte, ending it with io.EOF where the next game
// begins: at a tag pair line after a line of movetext, or at an [Event tag
// pair line after a tag pair line, outside a {comment} or in one right
// after a game termination marker.
type lines struct {
	r    *bufio.Reader
	buf  []byte // the line being read, or the next game's first line when held
	i    int    // buf[i:] is unread
	line int    // the number of the last line given, from 1
	held bool   // buf is the next game's first line, held back until newGame
	// tags and movetext say whether the game has a tag pair line and a
	// line of anything else.
	tags, movetext bool
	// inComment says whether a {comment} is open at the end of the last
	// line given, and afterResult whether the last line given with text
	// on it ends with a game termination marker.
	inComment, afterResult bool
	err                    error // of reading r: io.EOF at its end
}

// ReadByte returns the game's next byte, or io.EOF at its end.
func (s *lines) ReadByte() (byte, error) {
	if s.held || s.i == len(s.buf) {
		if err := s.nextLine(); err != nil {
			return 0, err
		}
	}
	s.i++
	return s.buf[s.i-1], nil
}

// UnreadByte unreads the byte that the last ReadByte returned.
func (s *lines) UnreadByte() error {
	s.i--
	return nil
}

// nextLine reads the game's next line into buf; at the end of the game it
// returns io.EOF, and the error of reading at the end of the stream.
func (s *lines) nextLine() error {
	if s.held {
		return io.EOF
	}
	if s.err != nil {
		return s.err
	}
	s.buf, s.i = s.buf[:0], 0
	for {
		chunk, err := s.r.ReadSlice('\n')
		s.buf = append(s.buf, chunk...)
		if err != bufio.ErrBufferFull {
			s.err = err
			break
		}
	}
	if len(s.buf) == 0 {
		return s.err
	}
	if s.startsGame() {
		s.held = true
		return io.EOF
	}
	s.line++
	s.note()
	return nil
}

// startsGame reports whether buf, the line after the last one given,
// begins the next game.
func (s *lines) startsGame() bool {
	if !isTagLine(s.buf) || s.inComment && !s.afterResult {
		return false
	}
	return s.movetext || s.tags && bytes.HasPrefix(s.buf, []byte("[Event "))
}

// note notes what kind of line buf is, and whether a comment is open at
// its end.
func (s *lines) note() {
	switch {
	case !s.inComment && isTagLine(s.buf):
		s.tags = true
	case len(bytes.TrimSpace(s.buf)) > 0:
		s.movetext = true
	}
	s.inComment = commentOpen(s.buf, s.inComment)
	if fields := bytes.Fields(s.buf); len(fields) > 0 {
		s.afterResult = isResult(string(fields[len(fields)-1]))
	}
}

// commentOpen reports whether a {comment} is open at the end of line,
// given whether one is at its start: '{' opens one, which the next '}'
// closes, and ';' outside one makes the rest of the line a comment,
// braces and all. The braces of a tag pair's quoted value open nothing.
func commentOpen(line []byte, open bool) bool {
	tag, quoted := !open && isTagLine(line), false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case open:
			open = c != '}'
		case quoted && c == '\\':
			i++ // an escaped character
		case quoted:
			quoted = c != '"'
		case tag && c == '"':
			quoted = true
		case c == '{':
			open = true
		case c == ';':
			return false
		}
	}
	return open
}

// isResult reports whether tok is a game termination marker, a PGN
// result token.
func isResult(tok string) bool {
	_, ok := outcome.ParseResult(tok)
	return ok
}

// newGame starts the next game and reports whether there is one.
func (s *lines) newGame() bool {
	if !s.held {
		return false
	}
	s.held, s.i, s.tags, s.movetext = false, 0, false, false
	s.inComment, s.afterResult = false, false
	s.line++
	s.note()
	return true
}

// skipGame drops the rest of the game.
func (s *lines) skipGame() {
	s.i = len(s.buf)
	for s.nextLine() == nil {
	}
}

// isTagLine reports whether line starts with a tag pair's opening: "[",
// a name (a letter, then letters, digits and "_") and a space, so that a
// line of a comment starting with a command such as [%eval 0.5] is not
// one.
func isTagLine(line []byte) bool {
	if len(line) < 2 || line[0] != '[' || !isLetter(line[1]) {
		return false
	}
	for _, c := range line[2:] {
		switch {
		case c == ' ' || c == '\t':
			return true
		case !isLetter(c) && !isDigit(c) && c != '_':
			return false
		}
	}
	return false
}

func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
