package board

// Color is the colour of a side or a piece.
type Color uint8

// The two colours.
const (
	White Color = iota
	Black
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece regardless of colour.
type PieceType uint8

// Piece types, in order of value.
const (
	Pawn PieceType = iota
	Knight
	Bishop
	Rook
	Queen
	King
	NoPieceType
)

// String returns the lower-case letter of the piece type ("p", "n", ...).
func (t PieceType) String() string {
	if t > NoPieceType {
		return "?"
	}
	return "pnbrqk-"[t : t+1]
}

// Piece is a coloured piece: its type shifted left by one, ored with its
// colour.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = Piece(NoPieceType) << 1

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(t)<<1 | Piece(c) }

// Color returns the colour of the piece.
func (p Piece) Color() Color { return Color(p & 1) }

// Type returns the type of the piece; NoPieceType for NoPiece.
func (p Piece) Type() PieceType { return PieceType(p >> 1) }

// String returns the FEN letter of the piece: upper case for White.
func (p Piece) String() string {
	if p >= NoPiece {
		return "."
	}
	return "PpNnBbRrQqKk"[p : p+1]
}

// pieceFromChar returns the piece of a FEN letter.
func pieceFromChar(ch byte) (Piece, bool) {
	for p := Piece(0); p < NoPiece; p++ {
		if "PpNnBbRrQqKk"[p] == ch {
			return p, true
		}
	}
	return NoPiece, false
}

// Square is one of the 64 squares, A1 = 0, B1 = 1, ..., H8 = 63.
type Square uint8

// The squares, and NoSquare for "none".
const (
	A1, B1, C1, D1, E1, F1, G1, H1 Square = 8*iota + 0, 8*iota + 1, 8*iota + 2, 8*iota + 3, 8*iota + 4, 8*iota + 5, 8*iota + 6, 8*iota + 7
	A2, B2, C2, D2, E2, F2, G2, H2
	A3, B3, C3, D3, E3, F3, G3, H3
	A4, B4, C4, D4, E4, F4, G4, H4
	A5, B5, C5, D5, E5, F5, G5, H5
	A6, B6, C6, D6, E6, F6, G6, H6
	A7, B7, C7, D7, E7, F7, G7, H7
	A8, B8, C8, D8, E8, F8, G8, H8
	NoSquare Square = 64
)

// MakeSquare returns the square on the given 0-based file and rank.
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the 0-based file (a = 0).
func (s Square) File() int { return int(s & 7) }

// Rank returns the 0-based rank (rank 1 = 0).
func (s Square) Rank() int { return int(s >> 3) }

// Flip returns the square mirrored vertically (a1 <-> a8).
func (s Square) Flip() Square { return s ^ 56 }

// Bitboard returns the set holding only s.
func (s Square) Bitboard() Bitboard { return 1 << (s & 63) }

// String returns the square's name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// parseSquare parses a square name such as "e4".
func parseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

// relativeRank returns the rank of s seen from c's side (0 = own back rank).
func relativeRank(c Color, s Square) int {
	return s.Rank() ^ (int(c) * 7)
}
