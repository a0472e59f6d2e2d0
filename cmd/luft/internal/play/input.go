package play

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/luftchess/luft/engine/board"
)

// errNotMove is readMove's error for input not written as a move.
var errNotMove = errors.New("not written as a move")

// readMove returns the legal move the person wrote as in: in SAN ("Nf3",
// "exd5", "O-O", "e8=Q"), in UCI notation ("g1f3", "e7e8q"; castling
// "e1g1", or the king taking its rook, "e1h1"), or as typed at a
// keyboard, with the piece letter in lower case ("nf3", "ke2"), castling
// with zeros or small o's, a promotion without "=". A lower-case b reads
// both as the b-file and as a bishop: where a b-pawn and a bishop both
// fit ("bxc3", "bb3"), the error asks which; and "bb3", not how a pawn's
// move is written, is never played as b3 (see guessed). The error is
// errNotMove, or else says why in names no legal move, or several, and
// what to type.
func (g *game) readMove(in string) (board.Move, error) {
	ms, ok := g.candidates(in)
	switch {
	case !ok:
		return board.NoMove, errNotMove
	case len(ms) == 1 && !g.guessed(in, ms[0]):
		return ms[0], nil
	case len(ms) > 1:
		return board.NoMove, g.ambiguous(in, ms)
	}
	return board.NoMove, g.notLegal(in)
}

// guessed reports whether in names the legal move m only loosely as a
// b-pawn's move ("bb3" for b3, "bc3" for bxc3): written neither as its
// SAN nor with its origin square, it may have been meant for a bishop,
// and is asked about rather than played.
func (g *game) guessed(in string, m board.Move) bool {
	if !strings.HasPrefix(in, "b") || g.pos.PieceAt(m.From()).Type() != board.Pawn {
		return false
	}
	plain := strings.NewReplacer("=", "", "-", "")
	t := strings.ToLower(plain.Replace(trimMarks(in)))
	return t != strings.ToLower(plain.Replace(trimMarks(g.pos.SAN(m)))) && !strings.HasPrefix(t, m.From().String())
}

// candidates returns the legal moves that in may name, and whether it is
// written as a move at all. A move written as two squares is read in UCI
// notation only, others in each of their readings as SAN.
func (g *game) candidates(in string) ([]board.Move, bool) {
	t := trimMarks(in)
	if isUCI(t) {
		if m, err := g.pos.ParseMove(strings.ToLower(t)); err == nil {
			return []board.Move{m}, true
		}
		return nil, true
	}
	var found []board.Move
	ok := false
	for _, r := range sanReadings(t) {
		ms, err := g.pos.MatchSAN(r)
		ok = ok || err == nil
		for _, m := range ms {
			if !slices.Contains(found, m) {
				found = append(found, m)
			}
		}
	}
	return found, ok
}

// trimMarks returns s without check, mate and annotation marks.
func trimMarks(s string) string { return strings.TrimRight(s, "+#!?") }

// isUCI reports whether t is written as a move in UCI notation: two
// squares and maybe a promotion, in either case.
func isUCI(t string) bool {
	t = strings.ToLower(t)
	if len(t) != 4 && (len(t) != 5 || !strings.Contains("nbrq", t[4:])) {
		return false
	}
	_, ok1 := parseSquare(t[:2])
	_, ok2 := parseSquare(t[2:4])
	return ok1 && ok2
}

// parseSquare returns the square written s ("e4").
func parseSquare(s string) (board.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return board.MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// sanReadings returns what t, typed at a keyboard, may mean in SAN: the
// piece letter in upper case, files in lower case, a promotion's piece in
// upper case. A lower-case b reads both as a pawn's file and as a bishop.
func sanReadings(t string) []string {
	if t == "" {
		return nil
	}
	first, rest := t[:1], strings.ToLower(t[1:])
	if n := len(rest); n >= 2 && strings.Contains("nbrq", rest[n-1:]) && strings.Contains("=12345678", rest[n-2:n-1]) {
		rest = rest[:n-1] + strings.ToUpper(rest[n-1:])
	}
	switch {
	case strings.Contains("NBRQK", first):
		return []string{first + rest}
	case first == "b":
		return []string{first + rest, "B" + rest}
	case strings.Contains("nrqk", first):
		return []string{strings.ToUpper(first) + rest}
	}
	return []string{strings.ToLower(first) + rest}
}

// typable returns how to type the legal move m so that readMove reads it
// and nothing else: its SAN, or where that can name another move too
// ("bxc3" beside a bishop's Bxc3), its UCI form.
func (g *game) typable(m board.Move) string {
	san := trimMarks(g.pos.SAN(m))
	if ms, _ := g.candidates(san); len(ms) == 1 {
		return san
	}
	return m.UCI(g.pos.Chess960())
}

// pieceNames are the names of the piece types, in the order of
// board.PieceType.
var pieceNames = [...]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

// ambiguous says that in names each of the moves ms, and how to type
// each: "bb3 is ambiguous: type Bb3 for the bishop on d1 or b3 for the
// pawn on b2".
func (g *game) ambiguous(in string, ms []board.Move) error {
	ways := make([]string, len(ms))
	for i, m := range ms {
		ways[i] = fmt.Sprintf("%s for the %s on %v", g.typable(m), pieceNames[g.pos.PieceAt(m.From()).Type()], m.From())
	}
	return fmt.Errorf("%s is ambiguous: type %s", in, orList(ways))
}

// notLegal says that in, written as a move, names no legal move, why
// when the king is the reason, and which legal moves go to its square.
func (g *game) notLegal(in string) error {
	msg := in + " is not legal here"
	switch {
	case g.pos.InCheck():
		msg += ": you are in check"
	case g.pinned(in):
		msg += ": your king would be in check"
	}
	var alts []string
	if to, ok := target(in); ok {
		var l board.MoveList
		g.pos.GenerateLegal(&l)
		for _, m := range l.Moves() {
			if m.To() == to && !m.IsCastling() {
				alts = append(alts, g.typable(m))
			}
		}
	}
	if len(alts) == 0 {
		return errors.New(msg + "; type legal to list the legal moves")
	}
	return fmt.Errorf("%s; did you mean %s?", msg, orList(alts))
}

// target returns the square that in, written as a move, goes to; false
// for castling.
func target(in string) (board.Square, bool) {
	t := strings.ToLower(trimMarks(in))
	if isUCI(t) {
		return parseSquare(t[2:4])
	}
	if n := len(t); n >= 3 && strings.Contains("nbrq", t[n-1:]) {
		t = strings.TrimSuffix(t[:n-1], "=")
	}
	if len(t) < 2 {
		return 0, false
	}
	return parseSquare(t[len(t)-2:])
}

// pinned reports whether in names a piece, not a pawn, that attacks its
// square but may not go there, as its king would then be in check: a
// pinned piece, or the king stepping into an attack. Only moves written
// without the origin of the piece (Nc3, not Nbd2) or in UCI notation are
// judged.
func (g *game) pinned(in string) bool {
	us := g.pos.SideToMove()
	to, ok := target(in)
	if !ok || g.pos.ByColor(us).Has(to) {
		return false
	}
	t := trimMarks(in)
	var named board.Bitboard
	if isUCI(t) {
		from, _ := parseSquare(strings.ToLower(t[:2]))
		named = from.Bitboard()
	} else {
		for _, r := range sanReadings(t) {
			if i := strings.Index("NBRQK", r[:1]); i >= 0 && len(strings.Replace(r, "x", "", 1)) == 3 {
				named |= g.pos.Pieces(us, board.Knight+board.PieceType(i))
			}
		}
	}
	named &= g.pos.ByColor(us) &^ g.pos.ByType(board.Pawn)
	return g.pos.AttackersTo(to, g.pos.Occupied())&named != 0
}

// orList joins words as a list of choices: "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
