package eval

import "github.com/luftchess/luft/engine/board"

// pawnEntry returns the pawn-hash entry of the position, computing and
// scoring the pawn structure on a miss. While tracing it always
// computes, into a scratch entry, so that the trace sees every term.
func (st *state) pawnEntry() *pawnEntry {
	key := st.p.PawnKey()
	pe := &st.e.scratch
	if st.t == nil {
		pe = &st.e.pawns[key&(pawnTableSize-1)]
		if pe.key == key {
			st.sum[board.White] += pe.score
			return pe
		}
	}
	*pe = pawnEntry{key: key, kingSq: [2]board.Square{board.NoSquare, board.NoSquare}}
	before := st.sum
	for c := board.White; c <= board.Black; c++ {
		st.pawnStructure(c, pe)
	}
	// A hit adds the whole difference to White's sum; the totals agree.
	pe.score = (st.sum[board.White] - before[board.White]) - (st.sum[board.Black] - before[board.Black])
	return pe
}

// pawnStructure scores colour c's pawns (material and square included)
// and records its passed pawns and attack span in pe.
func (st *state) pawnStructure(c board.Color, pe *pawnEntry) {
	them := c.Other()
	own, their := st.p.Pieces(c, board.Pawn), st.p.Pieces(them, board.Pawn)
	theirAttacks := pawnAttacks(them, their)
	for b := own; b != 0; {
		sq := b.PopLSB()
		st.piece(c, board.Pawn, sq)
		pe.span[c] |= attackSpan[c][sq]
		if basic {
			continue
		}
		r := int(relRank[c][sq])
		neighbours := own & adjacentFiles[sq.File()]
		switch {
		case neighbours == 0:
			st.add(c, iIsolated, 1)
		case neighbours&supportSpan[c][sq] == 0 && theirAttacks.Has(push(c, sq)):
			st.add(c, iBackward, 1)
		}
		if own&forward[c][sq] != 0 {
			st.add(c, iDoubled, 1)
		}
		if own&board.PawnAttacks(them, sq) != 0 {
			st.add(c, iSupported+r, 1)
		}
		if neighbours&board.RankMask(sq.Rank()) != 0 {
			st.add(c, iPhalanx+r, 1)
		}
		if their&passedSpan[c][sq] == 0 && own&forward[c][sq] == 0 {
			pe.passed |= sq.Bitboard()
			st.add(c, iPassed+r, 1)
		}
	}
}
