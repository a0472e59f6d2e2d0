package board

// Move is a move in 16 bits: the origin square in bits 0-5, the target
// square in bits 6-11, the kind in bits 12-13 and the promotion piece
// (knight to queen) in bits 14-15. A castling move is stored as the king
// moving onto its own rook's square.
type Move uint16

// NoMove is the zero Move; it is never legal.
const NoMove Move = 0

// nullMove marks a null move in the undo stack; it is never legal either.
const nullMove Move = 65 // b1b1

const (
	kindNormal uint16 = iota << 12
	kindPromotion
	kindEnPassant
	kindCastling
	kindMask uint16 = 3 << 12
)

func newMove(from, to Square) Move { return Move(uint16(from) | uint16(to)<<6) }

func newPromotion(from, to Square, t PieceType) Move {
	return Move(uint16(from) | uint16(to)<<6 | kindPromotion | uint16(t-Knight)<<14)
}

func newEnPassant(from, to Square) Move {
	return Move(uint16(from) | uint16(to)<<6 | kindEnPassant)
}

func newCastling(king, rook Square) Move {
	return Move(uint16(king) | uint16(rook)<<6 | kindCastling)
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the target square; for castling, the square of the rook.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// IsPromotion reports whether m promotes a pawn.
func (m Move) IsPromotion() bool { return uint16(m)&kindMask == kindPromotion }

// IsEnPassant reports whether m captures en passant.
func (m Move) IsEnPassant() bool { return uint16(m)&kindMask == kindEnPassant }

// IsCastling reports whether m castles.
func (m Move) IsCastling() bool { return uint16(m)&kindMask == kindCastling }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if !m.IsPromotion() {
		return NoPieceType
	}
	return Knight + PieceType(m>>14)
}

// kingTarget returns the square the king of a castling move lands on.
func (m Move) kingTarget() Square {
	if m.To() > m.From() {
		return MakeSquare(6, m.From().Rank())
	}
	return MakeSquare(2, m.From().Rank())
}

// rookTarget returns the square the rook of a castling move lands on.
func (m Move) rookTarget() Square {
	if m.To() > m.From() {
		return MakeSquare(5, m.From().Rank())
	}
	return MakeSquare(3, m.From().Rank())
}

// String returns the move in the UCI notation of standard chess: "e2e4",
// "e7e8q", castling as the king's two-square step ("e1g1"), and "0000"
// for NoMove. It is UCI(false).
func (m Move) String() string { return m.UCI(false) }

// UCI returns the move in UCI notation. Castling is written as the king's
// move to its target square ("e1g1") in standard chess, and as the king
// taking its own rook ("e1h1", "b1a1") in Chess960, as the UCI protocol
// specifies for UCI_Chess960: there the king may start on its target.
func (m Move) UCI(chess960 bool) string {
	if m == NoMove || m == nullMove {
		return "0000"
	}
	to := m.To()
	if m.IsCastling() && !chess960 {
		to = m.kingTarget()
	}
	s := m.From().String() + to.String()
	if m.IsPromotion() {
		s += m.Promotion().String()
	}
	return s
}

// MaxMoves bounds the number of legal moves in any position (218 is the
// known maximum).
const MaxMoves = 256

// MoveList is a fixed-capacity list of moves that needs no allocation.
type MoveList struct {
	n     int
	moves [MaxMoves]Move
}

// Len returns the number of moves in the list.
func (l *MoveList) Len() int { return l.n }

// Moves returns the moves in the list, a view that the next generation
// into l overwrites.
func (l *MoveList) Moves() []Move { return l.moves[:l.n] }

// Clear empties the list.
func (l *MoveList) Clear() { l.n = 0 }

func (l *MoveList) add(m Move) {
	l.moves[uint8(l.n)] = m
	l.n++
}
