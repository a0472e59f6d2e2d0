// Package pgn writes and reads games in Portable Game Notation and
// replays them to check that every move is legal.
package pgn

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/luftchess/luft/cmd/luft/internal/match/referee"
	"github.com/luftchess/luft/cmd/luft/internal/outcome"
)

// Tag is a tag pair.
type Tag struct {
	Name, Value string
}

// Move is a move in SAN with an optional comment, and for an annotated
// game a move assessment and a variation.
type Move struct {
	SAN, Comment string
	// NAG is a move assessment written after the SAN: "!", "?", "!!",
	// "??", "!?" or "?!". Read drops it.
	NAG string
	// Variation, when not empty, is a line of SAN moves played instead
	// of this one, written after the move and its comment. Read drops it.
	Variation []string
}

// Game is a game record.
type Game struct {
	Tags          []Tag
	Moves         []Move
	Result        string // "1-0", "0-1", "1/2-1/2" or "*"
	ResultComment string // written before the result, as cutechess does
}

// Tag returns the value of a tag and whether it is present.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// firstMove returns the full-move number and side of the first move.
func (g *Game) firstMove() (n int, black bool) {
	fen, ok := g.Tag("FEN")
	if !ok {
		return 1, false
	}
	f := strings.Fields(fen)
	n = 1
	if len(f) >= 6 {
		if v, err := strconv.Atoi(f[5]); err == nil && v > 0 {
			n = v
		}
	}
	return n, len(f) > 1 && f[1] == "b"
}

// WriteTo writes the game followed by a blank line, wrapping the movetext
// at 80 columns.
func (g *Game) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, escape(t.Value))
	}
	b.WriteString("\n")
	var tokens []string
	n, black := g.firstMove()
	for i, m := range g.Moves {
		switch {
		case !black:
			tokens = append(tokens, strconv.Itoa(n)+".")
		case i == 0 || len(g.Moves[i-1].Variation) > 0:
			// Black's move after a variation takes its number again.
			tokens = append(tokens, strconv.Itoa(n)+"...")
		}
		tokens = append(tokens, m.SAN+m.NAG)
		if m.Comment != "" {
			tokens = append(tokens, strings.Fields("{"+m.Comment+"}")...)
		}
		tokens = append(tokens, variation(m.Variation, n, black)...)
		if black {
			n++
		}
		black = !black
	}
	if g.ResultComment != "" {
		tokens = append(tokens, strings.Fields("{"+g.ResultComment+"}")...)
	}
	tokens = append(tokens, g.Result)
	col := 0
	for _, t := range tokens {
		if col > 0 && col+1+len(t) > 80 {
			b.WriteString("\n")
			col = 0
		}
		if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(t)
		col += len(t)
	}
	b.WriteString("\n\n")
	k, err := io.WriteString(w, b.String())
	return int64(k), err
}

// variation returns the tokens of a variation of the moves sans starting
// at full move n with the side that black says, in parentheses; none when
// sans is empty.
func variation(sans []string, n int, black bool) []string {
	if len(sans) == 0 {
		return nil
	}
	var tokens []string
	for i, san := range sans {
		switch {
		case !black:
			tokens = append(tokens, strconv.Itoa(n)+".")
		case i == 0:
			tokens = append(tokens, strconv.Itoa(n)+"...")
		}
		tokens = append(tokens, san)
		if black {
			n++
		}
		black = !black
	}
	tokens[0] = "(" + tokens[0]
	tokens[len(tokens)-1] += ")"
	return tokens
}

func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// Reader reads games from a PGN stream.
type Reader struct {
	r    *bufio.Reader
	line int
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReader(r), line: 1}
}

// Read returns the next game, or io.EOF when there are no more. Comments
// are kept; variations, NAGs and move numbers are dropped.
func (r *Reader) Read() (*Game, error) {
	g := &Game{}
	inMoves, afterComment := false, false
	for {
		c, err := r.r.ReadByte()
		if err == io.EOF {
			if !inMoves && len(g.Tags) == 0 {
				return nil, io.EOF
			}
			if g.Result == "" {
				g.Result = "*"
			}
			return g, nil
		}
		if err != nil {
			return nil, err
		}
		if c > ' ' && c != '{' {
			afterComment = false
		}
		switch {
		case c == '\n':
			r.line++
		case c == ' ' || c == '\t' || c == '\r':
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
			s = strings.Join(strings.Fields(s), " ")
			if n := len(g.Moves); n > 0 && !afterComment {
				g.Moves[n-1].Comment = s
			} else {
				g.ResultComment = s
			}
			afterComment = true
			continue
		case c == ';':
			if _, err := r.readUntil('\n'); err != nil && err != io.EOF {
				return nil, err
			}
			r.line++
		case c == '(':
			if err := r.skipVariation(); err != nil {
				return nil, err
			}
		default:
			_ = r.r.UnreadByte()
			tok := r.readToken()
			inMoves = true
			if san, ok := castlingWithZeros(tok); ok {
				tok = san
			}
			switch {
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
				g.Result = tok
				return g, nil
			case tok[0] == '$' || (tok[0] >= '0' && tok[0] <= '9'):
				// NAG or move number
			case tok == "":
				b, _ := r.r.ReadByte()
				return nil, fmt.Errorf("pgn: line %d: unexpected %q", r.line, b)
			default:
				g.Moves = append(g.Moves, Move{SAN: strings.TrimRight(tok, "!?")})
			}
		}
	}
}

func (r *Reader) readTag() (Tag, error) {
	s, err := r.readUntil(']')
	if err != nil {
		return Tag{}, err
	}
	name, value, ok := strings.Cut(strings.TrimSpace(s), " ")
	value = strings.TrimSpace(value)
	if !ok || len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return Tag{}, fmt.Errorf("pgn: line %d: bad tag [%s]", r.line, s)
	}
	value = strings.NewReplacer(`\\`, `\`, `\"`, `"`).Replace(value[1 : len(value)-1])
	return Tag{Name: name, Value: value}, nil
}

// readUntil reads up to and including delim and returns the text before.
func (r *Reader) readUntil(delim byte) (string, error) {
	var b strings.Builder
	for {
		c, err := r.r.ReadByte()
		if err != nil {
			return b.String(), fmt.Errorf("pgn: line %d: missing %q", r.line, delim)
		}
		if c == '\n' {
			r.line++
		}
		if c == delim {
			return b.String(), nil
		}
		b.WriteByte(c)
	}
}

func (r *Reader) skipVariation() error {
	depth := 1
	for depth > 0 {
		c, err := r.r.ReadByte()
		if err != nil {
			return fmt.Errorf("pgn: line %d: unterminated variation", r.line)
		}
		switch c {
		case '\n':
			r.line++
		case '(':
			depth++
		case ')':
			depth--
		case '{':
			if _, err := r.readUntil('}'); err != nil {
				return err
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
		c, err := r.r.ReadByte()
		if err != nil {
			return b.String()
		}
		if !isSymbol(c) {
			_ = r.r.UnreadByte()
			return b.String()
		}
		b.WriteByte(c)
		if c == '.' && b.Len() > 0 && isDigits(strings.TrimRight(b.String(), ".")) {
			// move number: swallow the remaining dots
			for {
				c, err := r.r.ReadByte()
				if err != nil {
					return b.String()
				}
				if c != '.' {
					_ = r.r.UnreadByte()
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
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("=+#-/*.!?$", c) >= 0
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Replay plays the game's moves from its FEN tag (or the standard start),
// by the rules of Chess960 when its Variant tag says so, and returns the
// final position with the referee's verdict. It fails on an illegal or
// ambiguous move, a move after the game ended by rule, or a variant
// other than standard chess and Chess960.
func (g *Game) Replay() (*referee.Game, error) {
	fen, chess960, err := g.Start()
	if err != nil {
		return nil, err
	}
	rg, err := referee.NewGameVariant(fen, chess960)
	if err != nil {
		return nil, err
	}
	for i, m := range g.Moves {
		if res, _, why := rg.Result(); res != outcome.Unfinished {
			return rg, fmt.Errorf("ply %d (%s): game already over: %s", i+1, m.SAN, why)
		}
		if _, err := rg.MoveSAN(m.SAN); err != nil {
			return rg, fmt.Errorf("ply %d: %v", i+1, err)
		}
	}
	return rg, nil
}

// Start returns the game's starting position as its FEN tag gives it (""
// when it has none) and whether it is played by the rules of Chess960, as
// its Variant tag says. It fails on a variant other than standard chess
// and Chess960.
func (g *Game) Start() (fen string, chess960 bool, err error) {
	fen, _ = g.Tag("FEN")
	switch v, _ := g.Tag("Variant"); {
	case IsChess960(v):
		return fen, true, nil
	case v != "" && !strings.EqualFold(v, "standard"):
		return "", false, fmt.Errorf("variant %q is neither standard chess nor Chess960", v)
	}
	return fen, false, nil
}

// Variant960 is the value of the Variant tag of a Chess960 game, as
// cutechess writes it.
const Variant960 = "fischerandom"

// IsChess960 reports whether variant, the value of a Variant tag, names
// Chess960: "fischerandom" as cutechess writes it, "Chess960" as lichess
// does, and their spellings with spaces or in any case.
func IsChess960(variant string) bool {
	switch strings.ToLower(strings.ReplaceAll(variant, " ", "")) {
	case "fischerandom", "fischerrandom", "chess960":
		return true
	}
	return false
}

// Check replays the game and checks that its result agrees with the
// rules: a mated side lost, a game drawn by rule is a draw, the Result tag
// equals the movetext result and PlyCount, when present, is right.
func (g *Game) Check() error {
	rg, err := g.Replay()
	if err != nil {
		return err
	}
	if tag, ok := g.Tag("Result"); ok && tag != g.Result {
		return fmt.Errorf("the Result tag is %s but the movetext ends with %s", tag, g.Result)
	}
	if pc, ok := g.Tag("PlyCount"); ok && pc != strconv.Itoa(len(g.Moves)) {
		return fmt.Errorf("PlyCount %s but %d moves", pc, len(g.Moves))
	}
	if res, _, why := rg.Result(); res != outcome.Unfinished && res.String() != g.Result {
		return fmt.Errorf("result %s but %s", g.Result, why)
	}
	return nil
}

// CheckAll reads every game from r and checks it. It returns the number
// of games read and the first error, which names the game.
func CheckAll(r io.Reader) (int, error) {
	pr := NewReader(r)
	for n := 0; ; n++ {
		g, err := pr.Read()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, fmt.Errorf("game %d: %v", n+1, err)
		}
		if err := g.Check(); err != nil {
			label := fmt.Sprintf("game %d", n+1)
			if d := describe(g); d != "" {
				label += " (" + d + ")"
			}
			return n, fmt.Errorf("%s: %v", label, err)
		}
	}
}

// describe returns what the tags say of a game, to name it beside its
// number: "round 3, A vs B", a player not given written "?", or ""
// when they give neither the round nor a player. PGN writes "?" for an
// unknown value and "-" for a round that does not apply.
func describe(g *Game) string {
	known := func(name string) string {
		if v, _ := g.Tag(name); v != "" && v != "?" && v != "-" {
			return v
		}
		return ""
	}
	var parts []string
	if r := known("Round"); r != "" {
		parts = append(parts, "round "+r)
	}
	if w, b := known("White"), known("Black"); w != "" || b != "" {
		parts = append(parts, cmp.Or(w, "?")+" vs "+cmp.Or(b, "?"))
	}
	return strings.Join(parts, ", ")
}
