package syzygy

import "github.com/luftchess/luft/engine/board"

// move is a move of a probe's own move generator.
type move struct {
	from, to board.Square
	piece    board.PieceType // the piece that moves
	captured board.PieceType // NoPieceType for none; Pawn for en passant
	promo    board.PieceType // NoPieceType unless promoting
	ep       bool
}

// zeroing reports whether the move resets the fifty-move counter.
func (m *move) zeroing() bool {
	return m.piece == board.Pawn || m.captured != board.NoPieceType
}

// moveList holds the pseudo-legal moves of a position; no position a table
// holds has more than a queen's, three rooks' and a king's worth.
type moveList struct {
	moves [192]move
	n     int
}

func (l *moveList) add(m move) {
	if l.n < len(l.moves) {
		l.moves[l.n] = m
		l.n++
	}
}

// generate fills l with the pseudo-legal captures of p, or with every
// pseudo-legal move when all is set. Captures include capturing
// promotions and en passant; quiet promotions count as quiet moves.
func (p *position) generate(l *moveList, all bool) {
	l.n = 0
	us, them := p.stm, p.stm.Other()
	targets := p.color[them] &^ p.pieces[them][board.King]
	if all {
		targets |= ^p.occupied()
	}
	occ := p.occupied()
	for t := board.Knight; t <= board.King; t++ {
		for from := p.pieces[us][t]; from != 0; {
			s := from.PopLSB()
			p.addTargets(l, t, s, attacksOf(t, s, occ)&targets)
		}
	}
	p.generatePawns(l, all)
}

// attacksOf returns the squares a piece of type t (not a pawn) on s
// attacks.
func attacksOf(t board.PieceType, s board.Square, occ board.Bitboard) board.Bitboard {
	switch t {
	case board.Knight:
		return board.KnightAttacks(s)
	case board.Bishop:
		return board.BishopAttacks(s, occ)
	case board.Rook:
		return board.RookAttacks(s, occ)
	case board.Queen:
		return board.QueenAttacks(s, occ)
	}
	return board.KingAttacks(s)
}

func (p *position) addTargets(l *moveList, t board.PieceType, from board.Square, to board.Bitboard) {
	for to != 0 {
		s := to.PopLSB()
		l.add(move{from: from, to: s, piece: t, captured: p.pieceOn(p.stm.Other(), s), promo: board.NoPieceType})
	}
}

// generatePawns adds the pawn captures (en passant included) and, when all
// is set, the pushes.
func (p *position) generatePawns(l *moveList, all bool) {
	us, them := p.stm, p.stm.Other()
	occ := p.occupied()
	forward := 8
	if us == board.Black {
		forward = -8
	}
	for pawns := p.pieces[us][board.Pawn]; pawns != 0; {
		from := pawns.PopLSB()
		for caps := board.PawnAttacks(us, from) & p.color[them] &^ p.pieces[them][board.King]; caps != 0; {
			to := caps.PopLSB()
			p.addPawnMove(l, move{from: from, to: to, piece: board.Pawn, captured: p.pieceOn(them, to)})
		}
		if p.ep != board.NoSquare && board.PawnAttacks(us, from).Has(p.ep) {
			l.add(move{from: from, to: p.ep, piece: board.Pawn, captured: board.Pawn, promo: board.NoPieceType, ep: true})
		}
		to := board.Square(int(from) + forward)
		if !all || occ.Has(to) {
			continue
		}
		p.addPawnMove(l, move{from: from, to: to, piece: board.Pawn, captured: board.NoPieceType})
		double := board.Square(int(to) + forward)
		if startRank(us, from) && !occ.Has(double) {
			l.add(move{from: from, to: double, piece: board.Pawn, captured: board.NoPieceType, promo: board.NoPieceType})
		}
	}
}

// startRank reports whether a pawn of colour c on s has not moved yet.
func startRank(c board.Color, s board.Square) bool {
	return s.Rank() == 1 && c == board.White || s.Rank() == 6 && c == board.Black
}

// addPawnMove adds a pawn move, as four promotions when it reaches the last
// rank.
func (p *position) addPawnMove(l *moveList, m move) {
	if r := m.to.Rank(); r != 0 && r != 7 {
		m.promo = board.NoPieceType
		l.add(m)
		return
	}
	for t := board.Queen; t >= board.Knight; t-- {
		m.promo = t
		l.add(m)
	}
}

// play returns the position after the pseudo-legal move m, and whether m
// was legal: whether it left the mover's king safe.
func (p *position) play(m *move) (position, bool) {
	q := *p
	us, them := p.stm, p.stm.Other()
	from, to := m.from.Bitboard(), m.to.Bitboard()
	q.pieces[us][m.piece] ^= from
	q.color[us] ^= from | to
	if m.promo != board.NoPieceType {
		q.pieces[us][m.promo] |= to
	} else {
		q.pieces[us][m.piece] |= to
	}
	if m.captured != board.NoPieceType {
		gone := to
		if m.ep {
			gone = board.Square(int(m.to) ^ 8).Bitboard()
		}
		q.pieces[them][m.captured] &^= gone
		q.color[them] &^= gone
	}
	q.stm = them
	q.ep = board.NoSquare
	if m.piece == board.Pawn && (int(m.to)-int(m.from) == 16 || int(m.from)-int(m.to) == 16) {
		mid := board.Square((int(m.from) + int(m.to)) / 2)
		if board.PawnAttacks(us, mid)&q.pieces[them][board.Pawn] != 0 {
			q.ep = mid
		}
	}
	return q, !q.attacked(q.king(us), them)
}

// hasLegalMove reports whether the side to move has a legal move other
// than en-passant captures when noEP is set.
func (p *position) hasLegalMove(noEP bool) bool {
	var l moveList
	p.generate(&l, true)
	for i := 0; i < l.n; i++ {
		if noEP && l.moves[i].ep {
			continue
		}
		if _, ok := p.play(&l.moves[i]); ok {
			return true
		}
	}
	return false
}
