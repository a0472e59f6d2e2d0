package uci

import (
	"errors"
	"fmt"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
)

// game is the position set by the last valid position command: the root
// FEN and moves as received, the engine's board after them, and in
// standard chess the same position in notnil/chess, which checks every
// move independently. notnil/chess cannot represent Chess960 (castling
// rights are its rooks' files there): a Chess960 game has the board alone,
// whose castling Stockfish's perft confirms (engine/board/suites).
type game struct {
	root  string   // normalized root FEN
	moves []string // the moves played from root, in canonical form
	pos   *board.Position
	ref   *chess.Position // nil in Chess960
}

// newGame returns the start position, in Chess960 when chess960 is set.
func newGame(chess960 bool) *game {
	g, err := setPosition(nil, []string{"startpos"}, chess960)
	if err != nil {
		panic("uci: start position: " + err.Error())
	}
	return g
}

// chess960 reports whether the game is played by the rules of Chess960.
func (g *game) chess960() bool { return g.pos.Chess960() }

// setPosition parses the arguments of a position command, by the rules of
// Chess960 when chess960 is set. When the new position extends prev (same
// rules, same root, prev's moves as a prefix), as it does on every move of
// a game, only the new moves are replayed. prev is not modified.
//
// A bad root (a FEN board.ParseFENLenient or, in Chess960,
// board.ParseFEN960Lenient refuses) gives a nil game and the error: the
// caller keeps prev. A bad move gives the game up to the move before it
// and an error naming it, as Stockfish plays on from the last good move; a
// clamped move counter gives the game and an error saying so.
func setPosition(prev *game, args []string, chess960 bool) (g *game, err error) {
	defer func() {
		// notnil/chess is third-party code fed with arbitrary input; a
		// panic in it must not take the engine down.
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("cannot set up position: %v", r)
		}
	}()
	fen, moves, err := splitPosition(args)
	if err != nil {
		return nil, err
	}
	// The board owns the FEN rules: its FEN of the root is the normalized
	// root, from which both move generators start.
	parse := board.ParseFENLenient
	if chess960 {
		parse = board.ParseFEN960Lenient
	}
	pos, notes, err := parse(fen)
	if err != nil {
		return nil, err
	}
	g = &game{root: pos.FEN()}
	start := 0
	if prev != nil && prev.chess960() == chess960 && prev.root == g.root && len(moves) >= len(prev.moves) && hasPrefix(moves, prev.moves) {
		g.moves = append(make([]string, 0, len(moves)), prev.moves...)
		g.pos, g.ref = prev.pos.Clone(), prev.ref
		start = len(prev.moves)
	} else {
		g.pos = pos
		if !chess960 {
			g.ref = &chess.Position{}
			if err := g.ref.UnmarshalText([]byte(g.root)); err != nil {
				return nil, fmt.Errorf("invalid FEN %q: %v", g.root, err)
			}
		}
	}
	for i, tok := range moves[start:] {
		m, err := g.play(tok)
		if err != nil {
			n := start + i + 1
			notes = append(notes, fmt.Sprintf("move %d (%s) refused: %s; the position is set up to move %d, the moves after it are ignored",
				n, abbreviate(tok), refusal(err), n-1))
			break
		}
		g.moves = append(g.moves, m)
	}
	if len(notes) > 0 {
		return g, errors.New(strings.Join(notes, "; "))
	}
	return g, nil
}

// convert returns the game under the rules of Chess960 (chess960 set) or
// of standard chess: the same root and moves, the moves written in the
// new rules' notation. It fails when the rules make a different position
// of them: castling rights that standard chess cannot give (a king or
// rook off its square), and so castling moves it has no notation for.
func (g *game) convert(chess960 bool) (*game, error) {
	args := append([]string{"fen"}, strings.Fields(g.root)...)
	args = append(args, "moves")
	pos := g.pos.Clone()
	for range g.moves {
		pos.Unmake()
	}
	for _, tok := range g.moves {
		m, err := pos.ParseMove(tok)
		if err != nil {
			return nil, err // cannot happen: the game's own moves
		}
		args = append(args, m.UCI(chess960))
		pos.Make(m)
	}
	to, err := setPosition(nil, args, chess960)
	switch {
	case to == nil:
		return nil, err
	case to.pos.Key() != g.pos.Key() || len(to.moves) != len(g.moves):
		return nil, fmt.Errorf("the castling rights of %s are not those of the same FEN in %s", g.root, rulesName(chess960))
	}
	return to, nil
}

// rulesName names the rules of chess960 or standard chess.
func rulesName(chess960 bool) string {
	if chess960 {
		return "Chess960"
	}
	return "standard chess"
}

// splitPosition splits the arguments of a position command into the root
// FEN and the move tokens.
func splitPosition(args []string) (fen string, moves []string, err error) {
	if len(args) == 0 {
		return "", nil, errors.New("position needs startpos or fen")
	}
	var rest []string
	switch args[0] {
	case "startpos":
		fen, rest = board.StartFEN, args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(args[1:i], " "), args[i:]
	default:
		return "", nil, fmt.Errorf("position needs startpos or fen, not %q", abbreviate(args[0]))
	}
	for len(rest) > 0 && rest[0] != "moves" { // ignore stray words
		rest = rest[1:]
	}
	if len(rest) > 0 {
		moves = rest[1:]
	}
	return fen, moves, nil
}

// hasPrefix reports whether s starts with prefix, the canonical (lower
// case) moves of an earlier position command.
func hasPrefix(s, prefix []string) bool {
	for i, p := range prefix {
		if strings.ToLower(s[i]) != p {
			return false
		}
	}
	return true
}

// play plays the move tok on the position and returns it in canonical
// form. In standard chess notnil/chess checks it first.
func (g *game) play(tok string) (string, error) {
	m, rm, err := g.move(tok)
	if err != nil {
		return "", err
	}
	g.pos.Make(m)
	if g.ref != nil {
		g.ref = g.ref.Update(rm)
	}
	return m.UCI(g.chess960()), nil
}

// move returns the legal move tok names, on the board and in standard
// chess in notnil/chess too, where it must be legal for both. It accepts
// an upper-case promotion letter. Castling is written as the rules of the
// game have it in UCI: e1g1 in standard chess, king takes rook (e1h1) in
// Chess960. The board says why a move is refused, in both rule sets.
func (g *game) move(tok string) (board.Move, *chess.Move, error) {
	s := strings.ToLower(tok)
	m, err := g.pos.ParseMoveStrict(s)
	if g.ref == nil {
		return m, nil, err
	}
	rm := refMove(g.ref, s)
	switch {
	case err == nil && rm == nil:
		return board.NoMove, nil, errors.New("legal for the engine board but not for the reference move generator")
	case err != nil && rm != nil:
		return board.NoMove, nil, fmt.Errorf("legal for the reference move generator but not for the engine board: %v", err)
	}
	return m, rm, err
}

// refusal returns why a move was refused: the board's reason, as the
// move is named beside it, or the whole error.
func refusal(err error) string {
	if me, ok := errors.AsType[*board.MoveError](err); ok {
		return me.Reason
	}
	return err.Error()
}

// refMove returns the legal move of pos that s, in lower case, names, or
// nil when it names none.
func refMove(pos *chess.Position, s string) *chess.Move {
	if len(s) != 4 && len(s) != 5 {
		return nil
	}
	from, ok1 := parseSquare(s[0:2])
	to, ok2 := parseSquare(s[2:4])
	if !ok1 || !ok2 {
		return nil
	}
	promo := chess.NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'q':
			promo = chess.Queen
		case 'r':
			promo = chess.Rook
		case 'b':
			promo = chess.Bishop
		case 'n':
			promo = chess.Knight
		default:
			return nil
		}
	}
	// In standard chess castling is the king's two-square move (e1g1);
	// the king-takes-rook spelling (e1h1) is Chess960's, and not a move.
	for _, m := range pos.ValidMoves() {
		if m.S1() == from && m.S2() == to && m.Promo() == promo {
			return m
		}
	}
	return nil
}

// parseSquare parses a square name such as "e4".
func parseSquare(s string) (chess.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return chess.NoSquare, false
	}
	return chess.NewSquare(chess.File(s[0]-'a'), chess.Rank(s[1]-'1')), true
}

// crossCheck compares the engine board with the reference position and
// describes any difference (none in Chess960, which has no reference
// position). The en-passant field is compared only when the
// engine board has one: notnil/chess keeps the square after every double
// push, capturable or not.
func (g *game) crossCheck() error {
	if g.ref == nil {
		return nil // Chess960: no reference
	}
	a, b := strings.Fields(g.pos.FEN()), strings.Fields(g.ref.String())
	if len(a) != 6 || len(b) != 6 {
		return fmt.Errorf("engine FEN %q and reference FEN %q differ", g.pos.FEN(), g.ref.String())
	}
	for i := range a {
		if a[i] == b[i] || i == 3 && a[i] == "-" || i == 2 && sameLetters(a[i], b[i]) {
			continue
		}
		return fmt.Errorf("engine FEN %q and reference FEN %q differ", g.pos.FEN(), g.ref.String())
	}
	return nil
}

// sameLetters reports whether a and b hold the same letters in any order.
func sameLetters(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, c := range a {
		if !strings.ContainsRune(b, c) {
			return false
		}
	}
	return true
}
