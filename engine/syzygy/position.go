package syzygy

import "github.com/luftchess/luft/engine/board"

// position is the little a probe needs of a position: the pieces, the side
// to move and the en-passant square. Probes search captures and, for DTZ,
// one ply of quiet moves on copies of it, leaving the caller's
// board.Position alone and allocating nothing. NOTES.md measures why this
// is not the board's own position and generator.
type position struct {
	pieces [2][6]board.Bitboard // by colour and board.PieceType
	color  [2]board.Bitboard
	stm    board.Color
	ep     board.Square // board.NoSquare when there is none
}

// backRanks holds the squares no pawn may stand on.
var backRanks = board.RankMask(0) | board.RankMask(7)

// fromBoard copies a position that a table can hold: no castling rights,
// pawns off the back ranks and the side not to move out of check.
func fromBoard(b *board.Position) (position, bool) {
	var p position
	for c := board.White; c <= board.Black; c++ {
		if b.CanCastle(c, true) || b.CanCastle(c, false) {
			return p, false
		}
		for t := board.Pawn; t <= board.King; t++ {
			p.pieces[c][t] = b.Pieces(c, t)
			p.color[c] |= p.pieces[c][t]
		}
		if p.pieces[c][board.King].Count() != 1 {
			return p, false
		}
	}
	p.stm = b.SideToMove()
	p.ep = b.EnPassant()
	if (p.pieces[0][board.Pawn]|p.pieces[1][board.Pawn])&backRanks != 0 {
		return p, false
	}
	return p, !p.attacked(p.king(p.stm.Other()), p.stm)
}

func (p *position) occupied() board.Bitboard { return p.color[0] | p.color[1] }

func (p *position) king(c board.Color) board.Square { return p.pieces[c][board.King].LSB() }

// attacked reports whether a piece of colour by attacks s.
func (p *position) attacked(s board.Square, by board.Color) bool {
	them := &p.pieces[by]
	occ := p.occupied()
	return board.PawnAttacks(by.Other(), s)&them[board.Pawn] != 0 ||
		board.KnightAttacks(s)&them[board.Knight] != 0 ||
		board.KingAttacks(s)&them[board.King] != 0 ||
		board.BishopAttacks(s, occ)&(them[board.Bishop]|them[board.Queen]) != 0 ||
		board.RookAttacks(s, occ)&(them[board.Rook]|them[board.Queen]) != 0
}

// inCheck reports whether the side to move is in check.
func (p *position) inCheck() bool { return p.attacked(p.king(p.stm), p.stm.Other()) }

// pieceOn returns the type of the piece of colour c on s, or NoPieceType.
func (p *position) pieceOn(c board.Color, s board.Square) board.PieceType {
	if !p.color[c].Has(s) {
		return board.NoPieceType
	}
	for t := board.Pawn; t < board.King; t++ {
		if p.pieces[c][t].Has(s) {
			return t
		}
	}
	return board.King
}
