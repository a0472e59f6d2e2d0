package syzygy

import "github.com/luftchess/luft/engine/board"

// ProbeWDL returns the value of the position for the side to move, as the
// tables give it with the fifty-move counter at zero, and whether the
// tables could tell: the position must have no castling rights, no more
// pieces than MaxPieces and its table must be there and sound. En-passant
// captures are taken into account, which the tables leave out. ProbeWDL
// does not change pos and allocates nothing.
func (tb *Tables) ProbeWDL(pos *board.Position) (WDL, bool) {
	if pos.Occupied().Count() > tb.maxPieces {
		return Draw, false
	}
	p, ok := fromBoard(pos)
	if !ok {
		return Draw, false
	}
	v, st := tb.probeWDL(&p)
	return WDL(v), st != wdlFailed
}

// The outcomes of probeWDL.
type wdlStatus int

const (
	wdlFailed wdlStatus = iota
	wdlFound
	// wdlByZeroing: a capture (en passant included) wins, or holds the
	// position's value and must be taken: the position's DTZ is that of a
	// zeroing move.
	wdlByZeroing
)

// probeWDL returns the WDL value (-2 to 2) of p, captures and en passant
// included. The tables store each position's value as if captures were not
// allowed when they do not change it; a search of captures, in which
// every capture leads to a smaller table, settles the rest.
func (tb *Tables) probeWDL(p *position) (int, wdlStatus) {
	var l moveList
	p.generate(&l, false)
	bestCap, bestEP := -3, -3
	for i := 0; i < l.n; i++ {
		m := &l.moves[i]
		q, legal := p.play(m)
		if !legal {
			continue
		}
		v, ok := tb.probeAB(q, -2, -bestCap)
		if !ok {
			return 0, wdlFailed
		}
		if v = -v; v > bestCap {
			if v == 2 {
				return 2, wdlByZeroing
			}
			if !m.ep {
				bestCap = v
			} else if v > bestEP {
				bestEP = v
			}
		}
	}
	v, st := tb.probeTable(p, wdlKind, 0)
	if st != found {
		return 0, wdlFailed
	}
	return tb.resolve(p, v, bestCap, bestEP)
}

// resolve combines the table's value v, which holds for the position
// without en-passant rights, with the best capture and the best en-passant
// capture.
func (tb *Tables) resolve(p *position, v, bestCap, bestEP int) (int, wdlStatus) {
	if bestEP > bestCap {
		if bestEP > v {
			return bestEP, wdlByZeroing
		}
		bestCap = bestEP
	}
	if bestCap >= v {
		if bestCap > 0 {
			return bestCap, wdlByZeroing
		}
		return bestCap, wdlFound
	}
	// Without its en-passant capture the position may be stalemate, which
	// the table calls a draw: then the capture is forced.
	if bestEP > -3 && v == 0 && !p.inCheck() && !p.hasLegalMove(true) {
		return bestEP, wdlByZeroing
	}
	return v, wdlFound
}

// probeAB returns the value of p, which has no en-passant square, within
// alpha and beta: the best of the table's value and the captures'. It
// takes p by value: the address of a position passed down a recursion
// would make the compiler move it to the heap.
func (tb *Tables) probeAB(p position, alpha, beta int) (int, bool) {
	var l moveList
	p.generate(&l, false)
	for i := 0; i < l.n; i++ {
		q, legal := p.play(&l.moves[i])
		if !legal {
			continue
		}
		v, ok := tb.probeAB(q, -beta, -alpha)
		if !ok {
			return 0, false
		}
		if v = -v; v > alpha {
			if v >= beta {
				return v, true
			}
			alpha = v
		}
	}
	v, st := tb.probeTable(&p, wdlKind, 0)
	if st != found {
		return 0, false
	}
	return max(alpha, v), true
}
