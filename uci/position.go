package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
)

// game is the position set by the last valid position command: the root
// FEN and moves as received, the engine's board after them, and the same
// position in notnil/chess, which checks every move independently.
type game struct {
	root  string   // normalized root FEN
	moves []string // the moves played from root, in canonical form
	pos   *board.Position
	ref   *chess.Position
}

// newGame returns the start position.
func newGame() *game {
	g, err := setPosition(nil, []string{"startpos"})
	if err != nil {
		panic("uci: start position: " + err.Error())
	}
	return g
}

// setPosition parses the arguments of a position command. When the new
// position extends prev (same root, prev's moves as a prefix), as it does on
// every move of a game, only the new moves are replayed. prev is not
// modified.
//
// A bad root (a malformed FEN) gives a nil game and the error: the caller
// keeps prev. A bad move gives the game up to the move before it and an
// error naming it, as Stockfish plays on from the last good move; a
// clamped move counter gives the game and an error saying so.
func setPosition(prev *game, args []string) (g *game, err error) {
	defer func() {
		// notnil/chess is third-party code fed with arbitrary input; a
		// panic in it must not take the engine down.
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("cannot set up position: %v", r)
		}
	}()
	root, moves, notes, err := splitPosition(args)
	if err != nil {
		return nil, err
	}
	g = &game{root: root}
	start := 0
	if prev != nil && prev.root == root && len(moves) >= len(prev.moves) && hasPrefix(moves, prev.moves) {
		g.moves = append(make([]string, 0, len(moves)), prev.moves...)
		g.pos, g.ref = prev.pos.Clone(), prev.ref
		start = len(prev.moves)
	} else {
		if g.pos, err = board.ParseFEN(root); err != nil {
			return nil, fmt.Errorf("invalid FEN %q: %v", root, err)
		}
		g.ref = &chess.Position{}
		if err := g.ref.UnmarshalText([]byte(root)); err != nil {
			return nil, fmt.Errorf("invalid FEN %q: %v", root, err)
		}
	}
	for i, tok := range moves[start:] {
		m, err := g.play(tok)
		if err != nil {
			n := start + i + 1
			notes = append(notes, fmt.Sprintf("move %d (%s) refused: %v; the position is set up to move %d, the moves after it are ignored",
				n, abbreviate(tok), err, n-1))
			break
		}
		g.moves = append(g.moves, m)
	}
	if len(notes) > 0 {
		return g, errors.New(strings.Join(notes, "; "))
	}
	return g, nil
}

// splitPosition splits the arguments of a position command into the
// normalized root FEN and the move tokens; notes say what normalizing
// changed that the GUI should hear of.
func splitPosition(args []string) (root string, moves, notes []string, err error) {
	if len(args) == 0 {
		return "", nil, nil, errors.New("position needs startpos or fen")
	}
	var fields, rest []string
	switch args[0] {
	case "startpos":
		fields, rest = strings.Fields(board.StartFEN), args[1:]
	case "fen":
		i := 1
		for i < len(args) && args[i] != "moves" {
			i++
		}
		fields, rest = args[1:i], args[i:]
	default:
		return "", nil, nil, fmt.Errorf("position needs startpos or fen, not %q", abbreviate(args[0]))
	}
	for len(rest) > 0 && rest[0] != "moves" { // ignore stray words
		rest = rest[1:]
	}
	if len(rest) > 0 {
		moves = rest[1:]
	}
	root, notes, err = normalizeFEN(fields)
	return root, moves, notes, err
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

// play checks tok with notnil/chess, plays it on both positions and returns
// it in canonical form.
func (g *game) play(tok string) (string, error) {
	rm, err := refMove(g.ref, tok)
	if err != nil {
		return "", err
	}
	canon := chess.UCINotation{}.Encode(g.ref, rm)
	m, err := g.pos.ParseMove(canon)
	if err != nil {
		return "", fmt.Errorf("legal for the reference move generator but not for the engine board: %v", err)
	}
	g.pos.Make(m)
	g.ref = g.ref.Update(rm)
	return canon, nil
}

// refMove returns the legal move of pos that tok names. It accepts an
// upper-case promotion letter.
func refMove(pos *chess.Position, tok string) (*chess.Move, error) {
	tok = strings.ToLower(tok)
	if tok == "0000" {
		return nil, errors.New("null moves are not supported")
	}
	if len(tok) != 4 && len(tok) != 5 {
		return nil, errors.New("not a move in UCI notation")
	}
	from, ok1 := parseSquare(tok[0:2])
	to, ok2 := parseSquare(tok[2:4])
	if !ok1 || !ok2 {
		return nil, errors.New("not a move in UCI notation")
	}
	promo := chess.NoPieceType
	if len(tok) == 5 {
		switch tok[4] {
		case 'q':
			promo = chess.Queen
		case 'r':
			promo = chess.Rook
		case 'b':
			promo = chess.Bishop
		case 'n':
			promo = chess.Knight
		default:
			return nil, errors.New("bad promotion piece")
		}
	}
	// In standard chess castling is the king's two-square move (e1g1);
	// the king-takes-rook spelling (e1h1) is Chess960's, and not a move.
	for _, m := range pos.ValidMoves() {
		if m.S1() == from && m.S2() == to && m.Promo() == promo {
			return m, nil
		}
	}
	return nil, errors.New("illegal move")
}

// parseSquare parses a square name such as "e4".
func parseSquare(s string) (chess.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return chess.NoSquare, false
	}
	return chess.NewSquare(chess.File(s[0]-'a'), chess.Rank(s[1]-'1')), true
}

// normalizeFEN checks the fields of a FEN and returns it with single
// spaces, move counters clamped to what a game can reach (notes says so), both move counters (defaulting to 0 and 1), castling rights that
// the pieces on the board allow, and an en-passant square only when a pawn
// could be captured there. Both move generators then start from the same,
// consistent position.
func normalizeFEN(f []string) (fen string, notes []string, err error) {
	if len(f) < 4 || len(f) > 6 {
		return "", nil, fmt.Errorf("a FEN has 4 to 6 fields, not %d", len(f))
	}
	var sq [64]byte // a1 = 0; 0 means empty
	rank, file := 7, 0
	for _, c := range []byte(f[0]) {
		switch {
		case c == '/':
			if file != 8 || rank == 0 {
				return "", nil, fmt.Errorf("bad piece placement %q", f[0])
			}
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		case strings.IndexByte("pnbrqkPNBRQK", c) >= 0:
			if file > 7 {
				return "", nil, fmt.Errorf("bad piece placement %q", f[0])
			}
			sq[rank*8+file] = c
			file++
		default:
			return "", nil, fmt.Errorf("bad piece placement %q", f[0])
		}
		if file > 8 {
			return "", nil, fmt.Errorf("bad piece placement %q", f[0])
		}
	}
	if rank != 0 || file != 8 {
		return "", nil, fmt.Errorf("bad piece placement %q", f[0])
	}
	kings := [2]int{}
	for i, c := range sq {
		switch c {
		case 'K':
			kings[0]++
		case 'k':
			kings[1]++
		case 'P', 'p':
			if i < 8 || i >= 56 {
				return "", nil, errors.New("a pawn on the first or last rank")
			}
		}
	}
	if kings != [2]int{1, 1} {
		return "", nil, errors.New("each side needs exactly one king")
	}
	if f[1] != "w" && f[1] != "b" {
		return "", nil, fmt.Errorf("bad side to move %q", f[1])
	}

	castling := ""
	for _, r := range []struct {
		letter    byte
		king      int
		rook      int
		kingPiece byte
		rookPiece byte
	}{{'K', 4, 7, 'K', 'R'}, {'Q', 4, 0, 'K', 'R'}, {'k', 60, 63, 'k', 'r'}, {'q', 60, 56, 'k', 'r'}} {
		if strings.IndexByte(f[2], r.letter) >= 0 && sq[r.king] == r.kingPiece && sq[r.rook] == r.rookPiece {
			castling += string(r.letter)
		}
	}
	if strings.Trim(f[2], "KQkq-") != "" {
		return "", nil, fmt.Errorf("bad castling rights %q (Shredder-FEN and Chess960 are not supported yet)", f[2])
	}
	if castling == "" {
		castling = "-"
	}

	ep := "-"
	if f[3] != "-" {
		s, ok := parseSquare(f[3])
		if !ok {
			return "", nil, fmt.Errorf("bad en-passant square %q", f[3])
		}
		i := int(s)
		// White to move: the square is on rank 6, the black pawn that
		// just moved is below it and the square it passed is empty.
		if f[1] == "w" && i/8 == 5 && sq[i-8] == 'p' && sq[i] == 0 && sq[i+8] == 0 && adjacentPawn(sq, i-8, 'P') ||
			f[1] == "b" && i/8 == 2 && sq[i+8] == 'P' && sq[i] == 0 && sq[i-8] == 0 && adjacentPawn(sq, i+8, 'p') {
			ep = f[3]
		}
	}

	half, full := "0", "1"
	if len(f) > 4 {
		n, clamped, err := board.ParseCounter(f[4], board.MaxRule50)
		if err != nil {
			return "", nil, fmt.Errorf("bad halfmove clock: %v", err)
		}
		if clamped {
			notes = append(notes, fmt.Sprintf("halfmove clock %.20s read as %d", f[4], n))
		}
		half = strconv.Itoa(n)
	}
	if len(f) > 5 {
		n, clamped, err := board.ParseCounter(f[5], board.MaxFullMove)
		if err != nil {
			return "", nil, fmt.Errorf("bad fullmove number: %v", err)
		}
		if clamped {
			notes = append(notes, fmt.Sprintf("fullmove number %.20s read as %d", f[5], n))
		}
		full = strconv.Itoa(max(n, 1))
	}
	fen = strings.Join([]string{f[0], f[1], castling, ep, half, full}, " ")
	if err := checkOpponentKing(fen); err != nil {
		return "", nil, err
	}
	return fen, notes, nil
}

// adjacentPawn reports whether a pawn is beside square i on its rank.
func adjacentPawn(sq [64]byte, i int, pawn byte) bool {
	return i%8 > 0 && sq[i-1] == pawn || i%8 < 7 && sq[i+1] == pawn
}

// checkOpponentKing rejects a position whose side not to move is in check,
// that is, where the side to move could capture the king.
func checkOpponentKing(fen string) error {
	var p chess.Position
	if err := p.UnmarshalText([]byte(fen)); err != nil {
		return fmt.Errorf("invalid FEN: %v", err)
	}
	for _, m := range p.ValidMoves() {
		if p.Board().Piece(m.S2()).Type() == chess.King {
			return errors.New("the side not to move is in check")
		}
	}
	return nil
}

// crossCheck compares the engine board with the reference position and
// describes any difference. The en-passant field is compared only when the
// engine board has one: notnil/chess keeps the square after every double
// push, capturable or not.
func (g *game) crossCheck() error {
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
