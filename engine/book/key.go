package book

import (
	"github.com/luftchess/luft/engine/board"
)

// Offsets into random64.
const (
	castlingKeys  = 768 // white kingside, white queenside, black kingside, black queenside
	enPassantKeys = 772 // by file
	whiteToMove   = 780
)

// Key returns the Polyglot key of p: the exclusive or of the keys of its
// pieces (index 64*kind + 8*rank + file, where kind counts black pawn 0,
// white pawn 1, black knight 2, ... white king 11), its castling rights,
// the en-passant file when a pawn of the side to move can capture en
// passant, and the side to move when it is White.
func Key(p *board.Position) uint64 {
	var key uint64
	occ := p.Occupied()
	for occ != 0 {
		sq := occ.PopLSB()
		// board.Piece is type<<1 | colour with White 0; Polyglot's kind
		// is type<<1 | 1 for White.
		kind := int(p.PieceAt(sq) ^ 1)
		key ^= random64[64*kind+int(sq)]
	}
	for i, c := range []struct {
		color    board.Color
		kingside bool
	}{{board.White, true}, {board.White, false}, {board.Black, true}, {board.Black, false}} { // Polyglot's order: K Q k q
		if p.CanCastle(c.color, c.kingside) {
			key ^= random64[castlingKeys+i]
		}
	}
	us := p.SideToMove()
	if ep := p.EnPassant(); ep != board.NoSquare && board.PawnAttacks(us.Other(), ep)&p.Pieces(us, board.Pawn) != 0 {
		key ^= random64[enPassantKeys+ep.File()]
	}
	if us == board.White {
		key ^= random64[whiteToMove]
	}
	return key
}
