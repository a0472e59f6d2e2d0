package syzygy

import (
	"math"

	"github.com/luftchess/luft/engine/board"
)

// ProbeDTZ returns the distance to zeroing of the position, in plies,
// from the side to move's point of view, with the fifty-move counter at
// zero, and whether the tables could tell (as for ProbeWDL; the DTZ table
// must be there too). The value is
//
//	0            for a draw;
//	1 to 100     for a win in that many plies to the next capture or pawn
//	             move (1 when a capture or pawn move wins now);
//	above 100    for a cursed win, which the fifty-move rule turns into a
//	             draw (101 when a zeroing move reaches one now);
//	negative     the same for the losses: -1 for checkmated or a loss
//	             whose best defence is a zeroing move, below -100 for a
//	             blessed loss.
//
// As the tables store some distances in moves rather than plies, a value
// can be one more than the true distance, never where the fifty-move rule
// is at stake: a win whose distance plus the fifty-move counter is at most
// 99 is won; at exactly 100 it may not be. ProbeDTZ does not change pos
// and allocates nothing.
func (tb *Tables) ProbeDTZ(pos *board.Position) (int, bool) {
	if pos.Occupied().Count() > tb.maxPieces {
		return 0, false
	}
	p, ok := fromBoard(pos)
	if !ok {
		return 0, false
	}
	return tb.probeDTZ(p, true)
}

// wdlToDTZ is the DTZ of a position of each WDL value (+2) whose best move
// zeroes the counter.
var wdlToDTZ = [5]int{-1, -101, 0, 101, 1}

// probeDTZ returns the DTZ of p. When the DTZ file holds only the other
// side to move, and search is set, it searches one ply. Like probeAB, it
// takes p by value.
func (tb *Tables) probeDTZ(p position, search bool) (int, bool) {
	wdl, st := tb.probeWDL(&p)
	switch {
	case st == wdlFailed:
		return 0, false
	case wdl == 0:
		return 0, true
	case st == wdlByZeroing:
		return wdlToDTZ[wdl+2], true
	}
	var l moveList
	if wdl > 0 {
		p.generate(&l, true)
		if v, ok := tb.winningPawnMove(&p, &l, wdl); !ok || v {
			return wdlToDTZ[wdl+2], ok
		}
	}
	// The best move zeroes only if it is a pawn move or capture, which
	// the WDL probes above found: the table's value is the position's.
	dtz, tst := tb.probeTable(&p, dtzKind, wdl)
	switch {
	case tst == found && wdl > 0:
		return wdlToDTZ[wdl+2] + dtz, true
	case tst == found:
		return wdlToDTZ[wdl+2] - dtz, true
	case tst == failed || !search:
		return 0, false
	}
	if wdl < 0 {
		p.generate(&l, true)
	}
	return tb.searchDTZ(&p, &l, wdl)
}

// winningPawnMove reports whether a pawn move that captures nothing keeps
// the win wdl.
func (tb *Tables) winningPawnMove(p *position, l *moveList, wdl int) (win, ok bool) {
	for i := 0; i < l.n; i++ {
		m := &l.moves[i]
		if m.piece != board.Pawn || m.captured != board.NoPieceType {
			continue
		}
		q, legal := p.play(m)
		if !legal {
			continue
		}
		v, st := tb.probeWDL(&q)
		if st == wdlFailed {
			return false, false
		}
		if -v == wdl {
			return true, true
		}
	}
	return false, true
}

// searchDTZ finds the DTZ of p from its moves l, for a table whose DTZ
// file holds only the other side to move: the best DTZ after a move that
// does not zero, one ply further; zeroing moves count as wdlToDTZ, which
// probeDTZ has already ruled out for a win.
func (tb *Tables) searchDTZ(p *position, l *moveList, wdl int) (int, bool) {
	best := math.MaxInt
	if wdl < 0 {
		best = wdlToDTZ[wdl+2]
	}
	for i := 0; i < l.n; i++ {
		m := &l.moves[i]
		if m.zeroing() {
			continue
		}
		q, legal := p.play(m)
		if !legal {
			continue
		}
		v, ok := tb.probeDTZ(q, false)
		if !ok {
			return 0, false
		}
		switch v = -v; {
		case v == 1 && q.inCheck() && !q.hasLegalMove(false):
			best = 1 // mate
		case wdl > 0 && v > 0 && v+1 < best:
			best = v + 1
		case wdl < 0 && v-1 < best:
			best = v - 1
		}
	}
	return best, true
}
