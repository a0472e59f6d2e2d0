package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// Bounds of the FEN move counters. ParseFEN reads a larger number as the
// bound. No game goes past them: the 75-move rule ends a game after 150
// plies without a capture or a pawn move, and so within about 9,000
// moves. Clamping keeps absurd values from overflowing the arithmetic on
// them, and still reads back every FEN the engine writes, even after a
// long list of moves has carried a counter past its bound.
const (
	maxRule50   = 150
	maxFullMove = 10000
)

// parseCounter parses a FEN move counter, a decimal number of at least 0.
// A number above max reads as max, and clamped says so.
func parseCounter(s string, max int) (n int, clamped bool, err error) {
	n, err = strconv.Atoi(s)
	if errors.Is(err, strconv.ErrRange) && n > 0 {
		return max, true, nil
	}
	if err != nil || n < 0 {
		return 0, false, fmt.Errorf("%q is not a number >= 0", s)
	}
	if n > max {
		return max, true, nil
	}
	return n, false, nil
}

// historyCap is the undo-stack capacity reserved up front, enough for long
// games plus a search tree so that Make never has to grow it.
const historyCap = 1024

// NewPosition returns the standard starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("board: " + err.Error())
	}
	return p
}

// ParseFEN parses a position in Forsyth-Edwards Notation. The move
// counters may be left out. The error says what is wrong with a FEN that
// is malformed or describes an impossible position.
func ParseFEN(fen string) (*Position, error) {
	p, _, err := parseFEN(fen, false)
	return p, err
}

// ParseFENLenient is ParseFEN for a FEN from a GUI or another program: it
// drops castling rights that the king and rooks do not allow (or that are
// given twice) and an en-passant square that follows no double pawn push,
// which ParseFEN refuses. The notes say what the sender should hear of:
// a move counter read as its bound.
func ParseFENLenient(fen string) (p *Position, notes []string, err error) {
	return parseFEN(fen, true)
}

// parseFEN is ParseFEN, or ParseFENLenient when lenient is set.
func parseFEN(fen string, lenient bool) (_ *Position, notes []string, _ error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, nil, fmt.Errorf("fen %q: want 4 to 6 fields, got %d", fen, len(fields))
	}
	p := &Position{ep: NoSquare, fullMove: 1, history: make([]undo, 0, historyCap)}
	for i := range p.board {
		p.board[i] = NoPiece
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return nil, nil, fmt.Errorf("fen %q: %v", fen, err)
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, nil, fmt.Errorf("fen %q: side to move %q is not w or b", fen, fields[1])
	}
	if err := p.parseCastling(fields[2], lenient); err != nil {
		return nil, nil, fmt.Errorf("fen %q: %v", fen, err)
	}
	if err := p.parseEnPassant(fields[3], lenient); err != nil {
		return nil, nil, fmt.Errorf("fen %q: %v", fen, err)
	}
	counters := [...]struct {
		name string
		max  int
		n    *int
	}{{"halfmove clock", maxRule50, &p.rule50}, {"fullmove number", maxFullMove, &p.fullMove}}
	for i, s := range fields[4:] {
		c := counters[i]
		n, clamped, err := parseCounter(s, c.max)
		if err != nil {
			return nil, nil, fmt.Errorf("fen %q: %s: %v", fen, c.name, err)
		}
		if clamped {
			notes = append(notes, fmt.Sprintf("%s %.20s read as %d", c.name, s, n))
		}
		*c.n = n
	}
	p.fullMove = max(p.fullMove, 1) // some tools write 0
	if p.attacked(p.KingSquare(p.side.Other()), p.side, p.Occupied()) {
		return nil, nil, fmt.Errorf("fen %q: the side not to move is in check", fen)
	}
	p.key, p.pawnKey = p.computeKeys()
	p.checkers = p.computeCheckers()
	if p.checkers.Count() > 2 {
		return nil, nil, fmt.Errorf("fen %q: the king is in check by %d pieces", fen, p.checkers.Count())
	}
	return p, notes, nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("piece placement has %d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		rank, file := 7-i, 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			pc, ok := pieceFromChar(ch)
			if !ok {
				return fmt.Errorf("bad piece letter %q in rank %d", ch, rank+1)
			}
			if file > 7 {
				return fmt.Errorf("rank %d describes more than 8 squares", rank+1)
			}
			if pc.Type() == Pawn && (rank == 0 || rank == 7) {
				return fmt.Errorf("pawn on rank %d", rank+1)
			}
			p.put(pc, MakeSquare(file, rank))
			file++
		}
		if file != 8 {
			return fmt.Errorf("rank %d describes %d squares, want 8", rank+1, file)
		}
	}
	for _, c := range []Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Errorf("%s has %d kings, want 1", c, n)
		}
		pawns := p.Pieces(c, Pawn).Count()
		if pawns > 8 {
			return fmt.Errorf("%s has %d pawns", c, pawns)
		}
		promoted := 0
		for t, initial := range [...]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
			if t >= int(Knight) {
				promoted += max(0, p.Pieces(c, PieceType(t)).Count()-initial)
			}
		}
		if promoted > 8-pawns {
			return fmt.Errorf("%s has more pieces than promotions of its %d pawns allow", c, pawns)
		}
	}
	return nil
}

// parseCastling reads the castling field: "-" or letters from "KQkq".
// When lenient, it drops a right given twice or without its king and
// rook, and any '-'.
func (p *Position) parseCastling(s string, lenient bool) error {
	for i := range p.castleMask {
		p.castleMask[i] = allCastling
	}
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		var right uint8
		var c Color
		var rook Square
		switch s[i] {
		case '-':
			if lenient {
				continue
			}
			return fmt.Errorf("bad castling letter %q", s[i])
		case 'K':
			right, c, rook = whiteKingside, White, H1
		case 'Q':
			right, c, rook = whiteQueenside, White, A1
		case 'k':
			right, c, rook = blackKingside, Black, H8
		case 'q':
			right, c, rook = blackQueenside, Black, A8
		default:
			return fmt.Errorf("bad castling letter %q", s[i])
		}
		king := E1 ^ Square(56*int(c))
		var err error
		switch {
		case p.board[king] != MakePiece(c, King) || p.board[rook] != MakePiece(c, Rook):
			err = fmt.Errorf("castling right %q without king on %v and rook on %v", s[i], king, rook)
		case p.castling&right != 0:
			err = fmt.Errorf("castling right %q given twice", s[i])
		}
		if err != nil {
			if lenient {
				continue
			}
			return err
		}
		p.castling |= right
		idx := rightIndex(right)
		p.castleRook[idx] = rook
		p.castleMask[king] &^= right
		p.castleMask[rook] &^= right
	}
	return nil
}

// rightIndex returns the index 0-3 of a single castling right.
func rightIndex(right uint8) int {
	for i := 0; i < 4; i++ {
		if right == 1<<i {
			return i
		}
	}
	panic("board: not a single castling right")
}

// parseEnPassant reads the en-passant field. A target square with no pawn
// able to capture onto it is accepted and dropped, as in most GUIs' FENs;
// when lenient, so is one that follows no double pawn push.
func (p *Position) parseEnPassant(s string, lenient bool) error {
	if s == "-" {
		return nil
	}
	sq, ok := parseSquare(s)
	if !ok {
		return fmt.Errorf("bad en-passant square %q", s)
	}
	us, them := p.side, p.side.Other()
	pushed := sq ^ 8 // the square of the pawn that just moved two steps
	var err error
	switch {
	case relativeRank(us, sq) != 5:
		err = fmt.Errorf("en-passant square %v is not on the %s's sixth rank", sq, us)
	case p.board[pushed] != MakePiece(them, Pawn) || p.board[sq] != NoPiece || p.board[sq^24] != NoPiece:
		err = errors.New("en-passant square " + sq.String() + " does not follow a double pawn push")
	}
	if err != nil {
		if lenient {
			return nil
		}
		return err
	}
	if PawnAttacks(them, sq)&p.Pieces(us, Pawn) != 0 {
		p.ep = sq
	}
	return nil
}

// Placement returns the piece-placement field of a FEN for the pieces on
// the squares (a1 first; NoPiece for an empty square).
func Placement(squares *[64]Piece) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := squares[MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte('0' + byte(empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteByte('0' + byte(empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// FEN returns the position in Forsyth-Edwards Notation.
func (p *Position) FEN() string {
	var b strings.Builder
	b.WriteString(Placement(&p.board))
	b.WriteString([]string{" w ", " b "}[p.side])
	if p.castling == 0 {
		b.WriteByte('-')
	}
	for i, ch := range "KQkq" {
		if p.castling&(1<<i) != 0 {
			b.WriteRune(ch)
		}
	}
	fmt.Fprintf(&b, " %v %d %d", p.ep, p.rule50, p.fullMove)
	return b.String()
}
