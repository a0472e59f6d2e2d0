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
func (p *Position) HasLegalMove() bool { return p.CountLegal() > 0 }

// CountLegal returns the number of legal moves, the length of the list
// GenerateLegal fills, without listing them: the sets of target squares
// are counted whole. Perft counts its last ply with it.
func (p *Position) CountLegal() int {
	us := p.side
	occ := p.Occupied()
	ksq := p.KingSquare(us)
	n := p.kingSteps(ksq, ^p.byColor[us], occ).Count()
	if p.checkers.more() {
		return n // double check: only the king can move
	}
	checkMask := p.checkMask(ksq)
	if p.checkers == 0 {
		n += bits.OnesCount8(p.legalCastlings(ksq, occ))
	}
	targets := ^p.byColor[us] & checkMask
	pinned := p.pinned(us, ksq, occ)
	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		n += (KnightAttacks(b.PopLSB()) & targets).Count()
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & p.byColor[us]; b != 0; {
		from := b.PopLSB()
		n += (BishopAttacks(from, occ) & targets & pinLine(from, pinned, ksq)).Count()
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & p.byColor[us]; b != 0; {
		from := b.PopLSB()
		n += (RookAttacks(from, occ) & targets & pinLine(from, pinned, ksq)).Count()
	}
	return n + p.countPawnMoves(ksq, occ, checkMask, pinned)
}

// generate appends the legal moves of the given kind to l. It works with
// pin masks and check masks, so that no move needs testing by make.
func (p *Position) generate(l *MoveList, kind genKind) {
	us, them := p.side, p.side.Other()
	occ := p.Occupied()
	own := p.byColor[us]
	ksq := p.KingSquare(us)

	var targets Bitboard // where pieces other than pawns may go
	switch kind {
	case genAll:
		targets = ^own
	case genCaptures:
		targets = p.byColor[them]
	case genQuiets:
		targets = ^occ
	}

	l.addAll(ksq, p.kingSteps(ksq, targets, occ))
	if p.checkers.more() {
		return // double check: only the king can move
	}
	checkMask := p.checkMask(ksq)
	if p.checkers == 0 && kind != genCaptures {
		for r := p.legalCastlings(ksq, occ); r != 0; r &= r - 1 {
			l.add(newCastling(ksq, p.castleRook[bits.TrailingZeros8(r)&3]))
		}
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

// kingSteps returns the squares of targets to which the king of the side
// to move, on ksq, may step. The king must not stay on a line the checker
// attacks, so the king itself is taken off the board when testing them.
func (p *Position) kingSteps(ksq Square, targets, occ Bitboard) Bitboard {
	them := p.side.Other()
	rest := occ ^ ksq.Bitboard()
	var safe Bitboard
	for b := KingAttacks(ksq) & targets; b != 0; {
		to := b.PopLSB()
		if !p.attacked(to, them, rest) {
			safe |= to.Bitboard()
		}
	}
	return safe
}

// checkMask returns the squares to which a move of a piece other than the
// king must go: anywhere out of check, else the single checker's square
// or the squares between it and the king on ksq.
func (p *Position) checkMask(ksq Square) Bitboard {
	if p.checkers == 0 {
		return ^Bitboard(0)
	}
	c := p.checkers.LSB()
	return Between(ksq, c) | c.Bitboard()
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
	snipers := (rookRays[ksq&63]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[ksq&63]&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned Bitboard
	for snipers != 0 {
		b := Between(ksq, snipers.PopLSB()) & occ
		if b != 0 && !b.more() {
			pinned |= b
		}
	}
	return pinned & p.byColor[us]
}

// pawnMoves holds the target squares of the legal moves of the unpinned
// pawns of the side to move, promotions included, each set by the step
// that reaches it: one forward, two forward, and the captures towards
// the east and towards the west.
type pawnMoves struct {
	single, double, east, west Bitboard
}

// Pawn steps seen from each side: forward, and forward to the east and
// to the west, as deltas on the square index.
var (
	pawnUp   = [2]int{north, south}
	pawnEast = [2]int{north + east, south + east}
	pawnWest = [2]int{north + west, south + west}
)

// promotionRank and doubleRank are, for each side, the rank its pawns
// promote on and the rank a pawn reaches with a single step from its
// starting rank.
var (
	promotionRank = [2]Bitboard{rank8, rank1}
	doubleRank    = [2]Bitboard{RankMask(2), RankMask(5)}
)

// unpinnedPawnMoves returns the legal moves of the unpinned pawns of the
// side to move, but en passant, occupied squares being occ.
func (p *Position) unpinnedPawnMoves(occ, checkMask, pinned Bitboard) pawnMoves {
	us := p.side
	enemy := p.byColor[us.Other()] & checkMask
	free := p.Pieces(us, Pawn) &^ pinned
	single := shift(free, pawnUp[us]) &^ occ
	return pawnMoves{
		single: single & checkMask,
		double: shift(single&doubleRank[us], pawnUp[us]) &^ occ & checkMask,
		east:   shift(free, pawnEast[us]) & enemy,
		west:   shift(free, pawnWest[us]) & enemy,
	}
}

// pinnedPawnTargets returns the squares to which the pinned pawn on from
// may move, but en passant, along the line through it and its king on
// ksq.
func (p *Position) pinnedPawnTargets(from, ksq Square, occ, checkMask Bitboard) Bitboard {
	us := p.side
	line := Line(ksq, from)
	capture := PawnAttacks(us, from) & p.byColor[us.Other()]
	push := shift(from.Bitboard(), pawnUp[us]) &^ occ & line
	push2 := shift(push&doubleRank[us], pawnUp[us]) &^ occ
	return (capture&line | push | push2) & checkMask
}

// countPawnMoves returns the number of legal pawn moves, each promotion
// counting four.
func (p *Position) countPawnMoves(ksq Square, occ, checkMask, pinned Bitboard) int {
	m := p.unpinnedPawnMoves(occ, checkMask, pinned)
	promo := promotionRank[p.side]
	n := m.single.Count() + m.double.Count() + m.east.Count() + m.west.Count() +
		3*((m.single&promo).Count()+(m.east&promo).Count()+(m.west&promo).Count())
	for b := p.Pieces(p.side, Pawn) & pinned; b != 0; {
		to := p.pinnedPawnTargets(b.PopLSB(), ksq, occ, checkMask)
		n += to.Count() + 3*(to&promo).Count()
	}
	return n + p.enPassantFrom(ksq, occ).Count()
}

// generatePawns appends the legal pawn moves of the given kind.
func (p *Position) generatePawns(l *MoveList, kind genKind, ksq Square, occ, checkMask, pinned Bitboard) {
	us := p.side
	m := p.unpinnedPawnMoves(occ, checkMask, pinned)
	up, promo := pawnUp[us], promotionRank[us]
	if kind != genQuiets {
		l.addPawnMoves(m.single&promo, up)
	}
	if kind != genCaptures {
		l.addPawnMoves(m.single&^promo, up)
		l.addPawnMoves(m.double, 2*up)
	}
	if kind != genQuiets {
		l.addPawnMoves(m.east&promo, pawnEast[us])
		l.addPawnMoves(m.east&^promo, pawnEast[us])
		l.addPawnMoves(m.west&promo, pawnWest[us])
		l.addPawnMoves(m.west&^promo, pawnWest[us])
		for b := p.enPassantFrom(ksq, occ); b != 0; {
			l.add(newEnPassant(b.PopLSB(), p.ep))
		}
	}

	// Pinned pawns move only along the pin line; rare, so one at a time.
	for b := p.Pieces(us, Pawn) & pinned; b != 0; {
		from := b.PopLSB()
		to := p.pinnedPawnTargets(from, ksq, occ, checkMask)
		switch kind {
		case genCaptures:
			to &= p.byColor[us.Other()] | promo
		case genQuiets:
			to &^= p.byColor[us.Other()] | promo
		}
		for to != 0 {
			t := to.PopLSB()
			if promo.Has(t) {
				l.addPromotions(from, t)
			} else {
				l.add(newMove(from, t))
			}
		}
	}
}

// addPawnMoves appends the pawn moves to each square of to from the
// square d behind it, the four promotions where to is on a last rank.
func (l *MoveList) addPawnMoves(to Bitboard, d int) {
	for to != 0 {
		t := to.PopLSB()
		from := Square(int(t) - d)
		if (rank1 | rank8).Has(t) {
			l.addPromotions(from, t)
		} else {
			l.add(newMove(from, t))
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

// enPassantFrom returns the pawns of the side to move that may legally
// take en passant. Each capture is tested on the board as it would be
// after it, which covers the pawns pinned along a rank and captures that
// must resolve a check.
func (p *Position) enPassantFrom(ksq Square, occ Bitboard) Bitboard {
	if p.ep == NoSquare {
		return 0
	}
	us := p.side
	var legal Bitboard
	for b := PawnAttacks(us.Other(), p.ep) & p.Pieces(us, Pawn); b != 0; {
		if from := b.PopLSB(); p.enPassantLegal(from, p.ep, ksq, occ) {
			legal |= from.Bitboard()
		}
	}
	return legal
}

// enPassantLegal reports whether the pawn of the side to move on from may
// take en passant on ep, leaving its king on ksq out of check, the
// occupied squares being occ.
func (p *Position) enPassantLegal(from, ep, ksq Square, occ Bitboard) bool {
	capSq := ep ^ 8
	after := occ ^ from.Bitboard() ^ capSq.Bitboard() | ep.Bitboard()
	return p.AttackersTo(ksq, after)&p.byColor[p.side.Other()]&^capSq.Bitboard() == 0
}

// legalCastlings returns the castling rights of the side to move, on ksq
// and not in check, with which it may castle now. The squares each right
// needs empty and safe are set from the FEN, for every Chess960 placement
// of king and rook. The king and the rook are taken off the board to test
// the squares the king crosses: a rook that shielded the king's target
// would no longer shield it.
func (p *Position) legalCastlings(ksq Square, occ Bitboard) uint8 {
	us, them := p.side, p.side.Other()
	rights := p.castling & ((whiteKingside | whiteQueenside) << (2 * us))
	legal := rights
	for rights != 0 {
		i := bits.TrailingZeros8(rights) & 3
		rights &= rights - 1
		if p.castleEmpty[i]&occ != 0 || p.anyAttacked(p.castleSafe[i], them, occ^ksq.Bitboard()^p.castleRook[i].Bitboard()) {
			legal &^= 1 << i
		}
	}
	return legal
}

// anyAttacked reports whether a piece of colour by attacks a square of b,
// the occupied squares being occ.
func (p *Position) anyAttacked(b Bitboard, by Color, occ Bitboard) bool {
	for b != 0 {
		if p.attacked(b.PopLSB(), by, occ) {
			return true
		}
	}
	return false
}
