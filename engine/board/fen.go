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
	p, _, err := parseFEN(fen, false, false)
	return p, err
}

// ParseFENLenient is ParseFEN for a FEN from a GUI or another program: it
// drops castling rights that the king and rooks do not allow (or that are
// given twice) and an en-passant square that follows no double pawn push,
// which ParseFEN refuses. The notes say what the sender should hear of:
// a move counter read as its bound.
func ParseFENLenient(fen string) (p *Position, notes []string, err error) {
	return parseFEN(fen, false, true)
}

// ParseFEN960 is ParseFEN for a position played by the rules of Chess960
// (the standard starting position included). Its castling rights may be
// given in X-FEN, where K and Q stand for the outermost rook on the king's
// side and on the queen's side of the king and a file letter for an inner
// rook, or in Shredder-FEN, where the file letters name every rook (HAha).
// Each right needs the king on its first rank and the rook beside it;
// FEN writes the rights back in the notation they were read in.
func ParseFEN960(fen string) (*Position, error) {
	p, _, err := parseFEN(fen, true, false)
	return p, err
}

// ParseFENVariant is ParseFEN960 when chess960 is set and ParseFEN
// otherwise: fen parsed by the rules of the game it is played by.
func ParseFENVariant(fen string, chess960 bool) (*Position, error) {
	p, _, err := parseFEN(fen, chess960, false)
	return p, err
}

// ParseFEN960Lenient is ParseFEN960 with the leniency of ParseFENLenient,
// but for a castling right without its king and rook, which it refuses
// too: in Chess960 a right names its rook, and a sender that names none
// has lost track of the game. A right given twice is dropped.
func ParseFEN960Lenient(fen string) (p *Position, notes []string, err error) {
	return parseFEN(fen, true, true)
}

// parseFEN is ParseFEN, ParseFENLenient or their Chess960 forms.
func parseFEN(fen string, chess960, lenient bool) (_ *Position, notes []string, _ error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, nil, fmt.Errorf("fen %q: want 4 to 6 fields, got %d", fen, len(fields))
	}
	p := &Position{ep: NoSquare, fullMove: 1, chess960: chess960, history: make([]undo, 0, historyCap)}
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

// parseCastling reads the castling field: "-" or letters from "KQkq", or
// in Chess960 also file letters. When lenient, it drops a right given
// twice, any '-', and in standard chess a right without its king and rook.
func (p *Position) parseCastling(s string, lenient bool) error {
	for i := range p.castleMask {
		p.castleMask[i] = allCastling
	}
	if s == "-" {
		return nil
	}
	var letters, files bool
	for i := 0; i < len(s); i++ {
		if s[i] == '-' && lenient {
			continue
		}
		if !p.isCastlingLetter(s[i]) {
			return fmt.Errorf("bad castling letter %q", s[i])
		}
		right, king, rook, err := p.castlingRight(s[i])
		if err != nil && (!lenient || p.chess960) {
			return err
		}
		if err == nil && p.castling&right != 0 {
			err = fmt.Errorf("castling right %q given twice", s[i])
		}
		if err != nil {
			if lenient {
				continue
			}
			return err
		}
		p.addCastlingRight(right, king, rook)
		if strings.IndexByte("KQkq", s[i]) >= 0 {
			letters = true
		} else {
			files = true
		}
	}
	p.shredder = files && !letters
	return nil
}

// isCastlingLetter reports whether ch may stand in the castling field:
// one of KQkq, or in Chess960 a file letter.
func (p *Position) isCastlingLetter(ch byte) bool {
	lower := ch | 0x20
	return lower == 'k' || lower == 'q' || (p.chess960 && lower >= 'a' && lower <= 'h')
}

// castlingRight returns the right that a castling letter names, with the
// squares of its king and rook, or why they are missing.
func (p *Position) castlingRight(ch byte) (right uint8, king, rook Square, err error) {
	c, lower := White, ch|0x20
	if ch == lower {
		c = Black
	}
	if p.chess960 {
		king, rook, err = p.castlingSquares960(c, lower)
	} else {
		king, rook, err = p.castlingSquares(c, lower)
	}
	if err != nil {
		return 0, 0, 0, fmt.Errorf("castling right %q without %v", ch, err)
	}
	right = whiteKingside << (2 * c)
	if rook < king {
		right = whiteQueenside << (2 * c)
	}
	return right, king, rook, nil
}

// castlingSquares returns the squares of c's king and of the rook that the
// castling letter (k or q) names in standard chess: the king on the e file
// and the rook in the corner. The error completes "castling right X
// without ...".
func (p *Position) castlingSquares(c Color, letter byte) (king, rook Square, err error) {
	rank := 7 * int(c)
	king, rook = MakeSquare(4, rank), MakeSquare(0, rank)
	if letter == 'k' {
		rook = MakeSquare(7, rank)
	}
	if p.board[king] != MakePiece(c, King) || p.board[rook] != MakePiece(c, Rook) {
		return 0, 0, fmt.Errorf("king on %v and rook on %v", king, rook)
	}
	return king, rook, nil
}

// castlingSquares960 returns the squares of c's king and of the rook that
// the castling letter (in lower case) names in Chess960: k and q the
// outermost rook on either side of the king, a file letter the rook on
// that file. The error completes "castling right X without ...".
func (p *Position) castlingSquares960(c Color, letter byte) (king, rook Square, err error) {
	rank := 7 * int(c)
	back := RankMask(rank)
	kings := p.Pieces(c, King) & back
	if kings == 0 {
		return 0, 0, fmt.Errorf("the %s king on rank %d", c, rank+1)
	}
	king = kings.LSB()
	rooks := p.Pieces(c, Rook) & back
	east := rooks &^ (king.Bitboard()<<1 - 1) // the rooks on the king's side
	west := rooks & (king.Bitboard() - 1)     // the rooks on the queen's side
	switch letter {
	case 'k':
		if east == 0 {
			return 0, 0, fmt.Errorf("a %s rook on the king's side of %v", c, king)
		}
		return king, east.MSB(), nil
	case 'q':
		if west == 0 {
			return 0, 0, fmt.Errorf("a %s rook on the queen's side of %v", c, king)
		}
		return king, west.LSB(), nil
	}
	rook = MakeSquare(int(letter-'a'), rank)
	if !rooks.Has(rook) {
		return 0, 0, fmt.Errorf("a %s rook on %v", c, rook)
	}
	return king, rook, nil
}

// addCastlingRight records the castling right with the king on king and
// the rook on rook, with the squares that castling needs empty and safe.
func (p *Position) addCastlingRight(right uint8, king, rook Square) {
	i := rightIndex(right)
	m := newCastling(king, rook)
	kingTo, rookTo := m.kingTarget(), m.rookTarget()
	p.castling |= right
	p.castleRook[i] = rook
	p.castleMask[king] &^= right
	p.castleMask[rook] &^= right
	p.castleSafe[i] = Between(king, kingTo) | kingTo.Bitboard()
	path := p.castleSafe[i] | Between(rook, rookTo) | rookTo.Bitboard()
	p.castleEmpty[i] = path &^ (king.Bitboard() | rook.Bitboard())
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

// FEN returns the position in Forsyth-Edwards Notation. The castling
// rights of a Chess960 position are written in the notation ParseFEN960
// read: Shredder-FEN file letters, or X-FEN, which is KQkq for the
// standard placements of king and rooks.
func (p *Position) FEN() string { return p.fen(p.shredder) }

// ShredderFEN returns the FEN with the castling rights written as the
// files of their rooks, Shredder-FEN ("HAha"), whatever notation they
// were read in: a Chess960 position as every Chess960 engine reads it
// (some read X-FEN's KQkq as the corner rooks, whatever stands there).
func (p *Position) ShredderFEN() string { return p.fen(true) }

// fen is FEN, in Shredder-FEN when shredder is set.
func (p *Position) fen(shredder bool) string {
	var b strings.Builder
	b.WriteString(Placement(&p.board))
	b.WriteString([]string{" w ", " b "}[p.side])
	if p.castling == 0 {
		b.WriteByte('-')
	}
	for i := 0; i < 4; i++ {
		if p.castling&(1<<i) != 0 {
			b.WriteByte(p.castlingLetter(i, shredder))
		}
	}
	fmt.Fprintf(&b, " %v %d %d", p.ep, p.rule50, p.fullMove)
	return b.String()
}

// castlingLetter returns the FEN letter of castling right 1<<i: one of
// KQkq, or the rook's file letter for Shredder-FEN and for an X-FEN right
// whose rook is not the outermost on its side.
func (p *Position) castlingLetter(i int, shredder bool) byte {
	c, rook := Color(i>>1), p.castleRook[i]
	beyond := rook.Bitboard() - 1 // the queen's side: squares below the rook
	if i&1 == 0 {
		beyond = ^(rook.Bitboard()<<1 - 1)
	}
	if !shredder && p.Pieces(c, Rook)&RankMask(rook.Rank())&beyond == 0 {
		return "KQkq"[i]
	}
	return "Aa"[c] + byte(rook.File())
}
