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
	steps, castlings := p.kingMoves(ksq, ^p.byColor[us], occ, true)
	n := steps.Count() + bits.OnesCount8(castlings)
	if p.checkers.more() {
		return n // double check: only the king can move
	}
	checkMask := p.checkMask(ksq)
	targets := ^p.byColor[us] & checkMask
	pinned := p.pinned(us, ksq, occ)
	for b := p.Pieces(us, Knight) &^ pinned; b != 0; {
		n += (KnightAttacks(b.PopLSB()) & targets).Count()
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & p.byColor[us] &^ pinned; b != 0; {
		n += (BishopAttacks(b.PopLSB(), occ) & targets).Count()
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & p.byColor[us] &^ pinned; b != 0; {
		n += (RookAttacks(b.PopLSB(), occ) & targets).Count()
	}
	for b := pinned & (p.byType[Bishop] | p.byType[Rook] | p.byType[Queen]); b != 0; {
		from := b.PopLSB() // a pinned slider moves along the pin
		n += (attacks(p.board[from].Type(), from, occ) & targets & Line(ksq, from)).Count()
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

	steps, castlings := p.kingMoves(ksq, targets, occ, kind != genCaptures)
	l.addAll(ksq, steps)
	for ; castlings != 0; castlings &= castlings - 1 {
		l.add(newCastling(ksq, p.castleRook[bits.TrailingZeros8(castlings)&3]))
	}
	if p.checkers.more() {
		return // double check: only the king can move
	}
	checkMask := p.checkMask(ksq)
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

// kingMoves returns the squares of targets to which the king of the side
// to move, on ksq, may step, and, when castle is set, the castling rights
// with which it may castle now. The king must not stay on a line a
// checker attacks, so it is taken off the board to find the squares the
// enemy attacks. They are found all at once when more than one square is
// to be tested, else one by one.
func (p *Position) kingMoves(ksq Square, targets, occ Bitboard, castle bool) (Bitboard, uint8) {
	them := p.side.Other()
	rest := occ ^ ksq.Bitboard()
	steps := KingAttacks(ksq) & targets
	var rights uint8
	if castle && p.checkers == 0 {
		rights = p.castlingPaths(occ)
	}
	if rights == 0 && !steps.more() {
		if steps != 0 && p.attacked(steps.LSB(), them, rest) {
			steps = 0
		}
		return steps, 0
	}
	attacked := p.attacksBy(them, rest)
	legal := rights
	for ; rights != 0; rights &= rights - 1 {
		i := bits.TrailingZeros8(rights) & 3
		if p.castleSafe[i]&attacked != 0 || p.castleShield(i) && p.anyAttacked(p.castleSafe[i], them, rest^p.castleRook[i].Bitboard()) {
			legal &^= 1 << i
		}
	}
	return steps &^ attacked, legal
}

// attacksBy returns the squares the pieces of colour by attack, the
// occupied squares being occ.
func (p *Position) attacksBy(by Color, occ Bitboard) Bitboard {
	own := p.byColor[by]
	a := KingAttacks(p.KingSquare(by)) | pawnsAttacks(by, p.byType[Pawn]&own)
	for b := p.byType[Knight] & own; b != 0; {
		a |= KnightAttacks(b.PopLSB())
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & own; b != 0; {
		a |= BishopAttacks(b.PopLSB(), occ)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & own; b != 0; {
		a |= RookAttacks(b.PopLSB(), occ)
	}
	return a
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
	return p.blockers(ksq, us.Other(), occ) & p.byColor[us]
}

// blockers returns the pieces, of either colour, that stand alone between
// sq and a slider of colour by that would attack sq without them, given
// the occupied squares occ.
func (p *Position) blockers(sq Square, by Color, occ Bitboard) Bitboard {
	snipers := (rookRays[sq&63]&(p.byType[Rook]|p.byType[Queen]) |
		bishopRays[sq&63]&(p.byType[Bishop]|p.byType[Queen])) & p.byColor[by]
	var blockers Bitboard
	for snipers != 0 {
		b := Between(sq, snipers.PopLSB()) & occ
		if b != 0 && !b.more() {
			blockers |= b
		}
	}
	return blockers
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

// pawnsAttacks returns the squares the pawns of colour c attack.
func pawnsAttacks(c Color, pawns Bitboard) Bitboard {
	if c == White {
		return shift(pawns, north+east) | shift(pawns, north+west)
	}
	return shift(pawns, south+east) | shift(pawns, south+west)
}

// castlingPaths returns the castling rights of the side to move whose
// squares that must be empty are, the occupied squares being occ. The
// squares each right needs empty and the squares it needs safe are set
// from the FEN, for every Chess960 placement of king and rook.
func (p *Position) castlingPaths(occ Bitboard) uint8 {
	rights := p.castling & ((whiteKingside | whiteQueenside) << (2 * p.side))
	for r := rights; r != 0; r &= r - 1 {
		if i := bits.TrailingZeros8(r) & 3; p.castleEmpty[i]&occ != 0 {
			rights &^= 1 << i
		}
	}
	return rights
}

// castleShield reports whether the rook of castling right 1<<i may shield
// a square the king crosses from an attack along the first rank, so that
// these squares must be tested with the rook lifted: only a rook in
// Chess960 that does not stand on the a- or h-file.
func (p *Position) castleShield(i int) bool {
	return p.castleRook[i&3].Bitboard()&(fileA|fileH) == 0
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
