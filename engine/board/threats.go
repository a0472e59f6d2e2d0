package board

// Threats is what the opponent of the side to move attacks, for a search
// to tell the quiet moves that take a piece out of danger from the rest.
type Threats struct {
	// Attacked holds every square the opponent attacks, the pieces
	// standing where they stand.
	Attacked Bitboard
	// Threatened holds the pieces of the side to move, pawns and king
	// aside, that a lesser piece attacks (a knight or bishop by a pawn, a
	// rook by a pawn or minor piece, a queen by anything but a queen or
	// king), or that are attacked and undefended.
	Threatened Bitboard
}

// Threats returns the threats against the side to move. It allocates
// nothing: a handful of attack lookups for the opponent's pieces, and a
// defence test for each of ours attacked by an equal or greater piece.
func (p *Position) Threats() Threats {
	us, them := p.side, p.side.Other()
	occ := p.Occupied()
	theirs := p.byColor[them]
	byPawn := pawnsAttacks(them, p.byType[Pawn]&theirs)
	byMinor := byPawn
	for b := p.byType[Knight] & theirs; b != 0; {
		byMinor |= KnightAttacks(b.PopLSB())
	}
	for b := p.byType[Bishop] & theirs; b != 0; {
		byMinor |= BishopAttacks(b.PopLSB(), occ)
	}
	byRook := byMinor
	for b := p.byType[Rook] & theirs; b != 0; {
		byRook |= RookAttacks(b.PopLSB(), occ)
	}
	all := byRook | KingAttacks(p.KingSquare(them))
	for b := p.byType[Queen] & theirs; b != 0; {
		all |= QueenAttacks(b.PopLSB(), occ)
	}
	ours := p.byColor[us]
	minors := p.byType[Knight] | p.byType[Bishop]
	threatened := ours & (minors&byPawn | p.byType[Rook]&byMinor | p.byType[Queen]&byRook)
	for b := ours & all &^ (p.byType[Pawn] | p.byType[King] | threatened); b != 0; {
		if sq := b.PopLSB(); !p.attacked(sq, us, occ) {
			threatened |= sq.Bitboard()
		}
	}
	return Threats{Attacked: all, Threatened: threatened}
}

// Saves reports whether m takes a threatened piece to a square the
// opponent does not attack. A square behind the piece on the line of a
// slider that attacks it counts as safe, as the piece still stands in
// the way.
func (t Threats) Saves(m Move) bool {
	return t.Threatened.Has(m.From()) && !t.Attacked.Has(m.To())
}
