package board

import "math/bits"

// genKind selects which legal moves a generator produces.
type genKind uint8

const (
	genAll      genKind = iota
	genCaptures         // captures, en passant and all promotions
	genQuiets           // everything else
)

// GenerateLegal fills l with every legal move.
func (p *Position) GenerateLegal(l *MoveList) {
	l.n = 0
	p.generate(l, genAll)
}

// GenerateCaptures fills l with the legal captures, en-passant captures and
// promotions (quiet promotions included). In check these are the evasions
// that capture or promote.
func (p *Position) GenerateCaptures(l *MoveList) {
	l.n = 0
	p.generate(l, genCaptures)
}

// GenerateQuiets fills l with the legal moves that GenerateCaptures leaves
// out: non-capturing, non-promoting moves, castling included.
func (p *Position) GenerateQuiets(l *MoveList) {
	l.n = 0
	p.generate(l, genQuiets)
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var l MoveList
	p.generate(&l, genAll)
	return l.n > 0
}

// generate appends the legal moves of the given kind to l. It works with
// pin masks and check masks, so that no move needs testing by make.
func (p *Position) generate(l *MoveList, kind genKind) {
	us, them := p.side, p.side.Other()
	occ := p.Occupied()
	own, enemy := p.byColor[us], p.byColor[them]
	ksq := p.KingSquare(us)

	var targets Bitboard // where pieces other than pawns may go
	switch kind {
	case genAll:
		targets = ^own
	case genCaptures:
		targets = enemy
	case genQuiets:
		targets = ^occ
	}

	// King steps: the king must not stay on a line the checker attacks, so
	// the king itself is taken off the board when testing its targets.
	for b := KingAttacks(ksq) & targets; b != 0; {
		to := b.PopLSB()
		if !p.attacked(to, them, occ^ksq.Bitboard()) {
			l.add(newMove(ksq, to))
		}
	}
	if p.checkers.more() {
		return // double check: only the king can move
	}

	checkMask := ^Bitboard(0)
	if p.checkers != 0 {
		c := p.checkers.LSB()
		checkMask = Between(ksq, c) | c.Bitboard()
	} else if kind != genCaptures {
		p.generateCastling(l, ksq, occ)
	}
	targets &= checkMask
	pinned := p.pinned(us, ksq, occ)

	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		from := b.PopLSB()
		l.addAll(from, KnightAttacks(from)&targets)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & own; b != 0; {
		from := b.PopLSB()
		l.addAll(from, BishopAttacks(from, occ)&targets&pinLine(from, pinned, ksq))
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & own; b != 0; {
		from := b.PopLSB()
		l.addAll(from, RookAttacks(from, occ)&targets&pinLine(from, pinned, ksq))
	}
	p.generatePawns(l, kind, ksq, occ, checkMask, pinned)
}

// addAll appends a move from one square to each square of to.
func (l *MoveList) addAll(from Square, to Bitboard) {
	for to != 0 {
		l.add(newMove(from, to.PopLSB()))
	}
}

// pinLine returns where pins let the piece on from go: the line through
// it and its king on ksq when it is one of the pinned pieces, else
// anywhere.
func pinLine(from Square, pinned Bitboard, ksq Square) Bitboard {
	if pinned.Has(from) {
		return Line(ksq, from)
	}
	return ^Bitboard(0)
}

// pinned returns the pieces of colour us that shield their king on ksq
// from an enemy slider.
func (p *Position) pinned(us Color, ksq Square, occ Bitboard) Bitboard {
	them := p.byColor[us.Other()]
	snipers := (RookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned Bitboard
	for snipers != 0 {
		b := Between(ksq, snipers.PopLSB()) & occ
		if b != 0 && !b.more() {
			pinned |= b
		}
	}
	return pinned & p.byColor[us]
}

// generatePawns appends the legal pawn moves of the given kind.
func (p *Position) generatePawns(l *MoveList, kind genKind, ksq Square, occ, checkMask, pinned Bitboard) {
	us := p.side
	enemy := p.byColor[us.Other()] & checkMask
	empty := ^occ
	up, promoRank, thirdRank := north, rank8, RankMask(2)
	if us == Black {
		up, promoRank, thirdRank = south, rank1, RankMask(5)
	}
	pawns := p.Pieces(us, Pawn)
	free := pawns &^ pinned

	// Pushes of unpinned pawns.
	single := shift(free, up) & empty
	double := shift(single&thirdRank, up) & empty & checkMask
	single &= checkMask
	if kind != genQuiets {
		for b := single & promoRank; b != 0; {
			to := b.PopLSB()
			l.addPromotions(Square(int(to)-up), to)
		}
	}
	if kind != genCaptures {
		for b := single &^ promoRank; b != 0; {
			to := b.PopLSB()
			l.add(newMove(Square(int(to)-up), to))
		}
		for b := double; b != 0; {
			to := b.PopLSB()
			l.add(newMove(Square(int(to)-2*up), to))
		}
	}

	// Captures of unpinned pawns, one diagonal at a time.
	if kind != genQuiets {
		for _, d := range [2]int{up + east, up + west} {
			b := shift(free, d) & enemy
			for c := b & promoRank; c != 0; {
				to := c.PopLSB()
				l.addPromotions(Square(int(to)-d), to)
			}
			for c := b &^ promoRank; c != 0; {
				to := c.PopLSB()
				l.add(newMove(Square(int(to)-d), to))
			}
		}
		p.generateEnPassant(l, ksq, occ)
	}

	// Pinned pawns move only along the pin line; rare, so one at a time.
	for b := pawns & pinned; b != 0; {
		from := b.PopLSB()
		line := Line(ksq, from)
		var to Bitboard
		if kind != genQuiets {
			to |= PawnAttacks(us, from) & enemy & line
		}
		push := shift(from.Bitboard(), up) & empty & line
		push2 := shift(push&thirdRank, up) & empty
		if kind != genCaptures {
			to |= (push &^ promoRank) | push2
		}
		if kind != genQuiets {
			to |= push & promoRank
		}
		to &= checkMask
		for to != 0 {
			t := to.PopLSB()
			if promoRank.Has(t) {
				l.addPromotions(from, t)
			} else {
				l.add(newMove(from, t))
			}
		}
	}
}

// addPromotions appends the four promotions of a pawn move, queen first.
func (l *MoveList) addPromotions(from, to Square) {
	l.add(newPromotion(from, to, Queen))
	l.add(newPromotion(from, to, Knight))
	l.add(newPromotion(from, to, Rook))
	l.add(newPromotion(from, to, Bishop))
}

// generateEnPassant appends the legal en-passant captures. Each is tested
// on the board as it would be after the capture, which covers the pawns
// pinned along a rank and captures that must resolve a check.
func (p *Position) generateEnPassant(l *MoveList, ksq Square, occ Bitboard) {
	if p.ep == NoSquare {
		return
	}
	us, them := p.side, p.side.Other()
	for b := PawnAttacks(them, p.ep) & p.Pieces(us, Pawn); b != 0; {
		if from := b.PopLSB(); p.enPassantLegal(from, p.ep, ksq, occ) {
			l.add(newEnPassant(from, p.ep))
		}
	}
}

// enPassantLegal reports whether the pawn of the side to move on from may
// take en passant on ep, leaving its king on ksq out of check, the
// occupied squares being occ.
func (p *Position) enPassantLegal(from, ep, ksq Square, occ Bitboard) bool {
	capSq := ep ^ 8
	after := occ ^ from.Bitboard() ^ capSq.Bitboard() | ep.Bitboard()
	return p.AttackersTo(ksq, after)&p.byColor[p.side.Other()]&^capSq.Bitboard() == 0
}

// generateCastling appends the legal castling moves; the side to move is
// not in check. The squares each right needs empty and safe are set from
// the FEN, for every Chess960 placement of king and rook. The king and
// the rook are taken off the board to test the squares the king crosses:
// a rook that shielded the king's target would no longer shield it.
func (p *Position) generateCastling(l *MoveList, ksq Square, occ Bitboard) {
	us, them := p.side, p.side.Other()
	rights := p.castling & ((whiteKingside | whiteQueenside) << (2 * us))
	for rights != 0 {
		i := bits.TrailingZeros8(rights) & 3
		rights &= rights - 1
		if p.castleEmpty[i]&occ != 0 {
			continue
		}
		rook := p.castleRook[i]
		rest := occ ^ ksq.Bitboard() ^ rook.Bitboard()
		safe := true
		for b := p.castleSafe[i]; b != 0; {
			if p.attacked(b.PopLSB(), them, rest) {
				safe = false
				break
			}
		}
		if safe {
			l.add(newCastling(ksq, rook))
		}
	}
}
