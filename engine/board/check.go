package board

// CheckInfo is what deciding whether a move gives check needs to know
// about a position, worked out once for all its moves as Stockfish keeps
// it: the squares from which each piece type of the side to move would
// attack the enemy king, and the pieces of the side to move that stand
// alone between one of its sliders and that king, so that moving them off
// the line discovers check. Get it from Position.CheckInfo and use it
// with GivesCheckWith on the same position.
type CheckInfo struct {
	squares     [NoPieceType + 1]Bitboard // by the moving piece's type; none for the king
	discoverers Bitboard
	king        Square // the enemy king
}

// CheckInfo returns the check information of p for the moves of the side
// to move.
func (p *Position) CheckInfo() CheckInfo {
	us, them := p.side, p.side.Other()
	ek := p.KingSquare(them)
	occ := p.Occupied()
	ci := CheckInfo{king: ek}
	diagonal, straight := BishopAttacks(ek, occ), RookAttacks(ek, occ)
	ci.squares[Pawn] = PawnAttacks(them, ek)
	ci.squares[Knight] = KnightAttacks(ek)
	ci.squares[Bishop] = diagonal
	ci.squares[Rook] = straight
	ci.squares[Queen] = diagonal | straight
	ci.discoverers = p.blockers(ek, us, occ) & p.byColor[us]
	return ci
}

// GivesCheckWith reports whether the legal move m checks the opponent's
// king, ci being p's CheckInfo. It answers as GivesCheck does, at the cost
// of a few table look-ups for most moves; castling and en passant, which
// move two pieces, take GivesCheck's way.
func (p *Position) GivesCheckWith(ci *CheckInfo, m Move) bool {
	kind := uint16(m) & kindMask
	if kind == kindCastling || kind == kindEnPassant {
		return p.GivesCheck(m)
	}
	from, to := m.From(), m.To()
	// The checking squares see the board before the move, with from still
	// occupied. That only matters when from lies between to and the king,
	// and then a slider moves along that line and would be giving check
	// already. A promoting pawn lands on the last rank, where no pawn
	// checking square lies.
	if ci.squares[p.board[from].Type()].Has(to) {
		return true
	}
	if ci.discoverers.Has(from) && !Line(from, ci.king).Has(to) {
		return true
	}
	if kind == kindPromotion {
		return attacks(m.Promotion(), to, p.Occupied()^from.Bitboard()).Has(ci.king)
	}
	return false
}

// GivesCheck reports whether the legal move m checks the opponent's king.
// It works the answer out from the position alone; to test many moves of
// one position, GivesCheckWith is faster.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ek := p.KingSquare(us.Other())
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	occ := p.Occupied()&^from.Bitboard() | to.Bitboard()
	switch uint16(m) & kindMask {
	case kindCastling:
		rookTo := m.rookTarget()
		occ = p.Occupied() ^ from.Bitboard() ^ to.Bitboard() | m.kingTarget().Bitboard() | rookTo.Bitboard()
		return RookAttacks(rookTo, occ).Has(ek)
	case kindEnPassant:
		occ ^= (to ^ 8).Bitboard()
	case kindPromotion:
		pt = m.Promotion()
	}
	switch pt {
	case Pawn:
		if PawnAttacks(us, to).Has(ek) {
			return true
		}
	case King:
	default:
		if attacks(pt, to, occ).Has(ek) {
			return true
		}
	}
	sliders := (RookAttacks(ek, occ)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ek, occ)&(p.byType[Bishop]|p.byType[Queen])) & p.byColor[us]
	return sliders&^from.Bitboard() != 0
}
