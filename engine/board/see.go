package board

// seeValue is the value of each piece type in static exchange evaluation,
// in centipawns; the king's value stands for "more than everything".
var seeValue = [7]int{Pawn: 100, Knight: 320, Bishop: 330, Rook: 500, Queen: 900, King: 20000, NoPieceType: 0}

// SEE returns the material the side to move gains by the exchange that m
// starts on its target square, both sides always recapturing with their
// least valuable attacker and free to stop when it pays. Pins are ignored.
func (p *Position) SEE(m Move) int {
	if m.IsCastling() {
		return 0
	}
	from, to := m.From(), m.To()
	occ := p.Occupied() ^ from.Bitboard()
	victim := p.board[from].Type() // the piece standing on to after m
	var gain [32]int
	gain[0] = seeValue[p.board[to].Type()]
	switch {
	case m.IsEnPassant():
		occ ^= (to ^ 8).Bitboard()
		gain[0] = seeValue[Pawn]
	case m.IsPromotion():
		victim = m.Promotion()
		gain[0] += seeValue[victim] - seeValue[Pawn]
	}
	diagonal := p.byType[Bishop] | p.byType[Queen]
	straight := p.byType[Rook] | p.byType[Queen]
	attackers := p.AttackersTo(to, occ) & occ
	side := p.side.Other()
	d := 0
	for {
		mine := attackers & p.byColor[side]
		if mine == 0 {
			break
		}
		pt := Pawn
		for mine&p.byType[pt] == 0 {
			pt++
		}
		if pt == King && attackers&^mine != 0 {
			break // the king cannot capture onto a defended square
		}
		d++
		gain[d] = seeValue[victim] - gain[d-1]
		occ ^= (mine & p.byType[pt]).LSB().Bitboard()
		switch pt {
		case Pawn, Bishop:
			attackers |= BishopAttacks(to, occ) & diagonal
		case Rook:
			attackers |= RookAttacks(to, occ) & straight
		case Queen:
			attackers |= BishopAttacks(to, occ)&diagonal | RookAttacks(to, occ)&straight
		}
		attackers &= occ
		victim = pt
		side = side.Other()
		if d == len(gain)-1 {
			break
		}
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// SEEGE reports whether SEE(m) >= threshold.
func (p *Position) SEEGE(m Move, threshold int) bool { return p.SEE(m) >= threshold }
