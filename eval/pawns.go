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
			return pe
		}
	}
	*pe = pawnEntry{key: key, kingSq: [2]board.Square{board.NoSquare, board.NoSquare}}
	pe.score = st.pawnStructure(board.White, pe) - st.pawnStructure(board.Black, pe)
	return pe
}

// pawnStructure scores colour c's pawns (material and square included)
// and records its passed pawns and attack span in pe.
func (st *state) pawnStructure(c board.Color, pe *pawnEntry) score {
	var s score
	them := c.Other()
	own, their := st.p.Pieces(c, board.Pawn), st.p.Pieces(them, board.Pawn)
	theirAttacks := pawnAttacks(them, their)
	for b := own; b != 0; {
		sq := b.PopLSB()
		s += st.piece(c, board.Pawn, sq)
		pe.span[c] |= attackSpan[c][sq]
		if Basic {
			continue
		}
		r := int(relRank[c][sq])
		neighbours := own & adjacentFiles[sq.File()]
		switch {
		case neighbours == 0:
			s += st.term(c, iIsolated, 1)
		case neighbours&supportSpan[c][sq] == 0 && theirAttacks.Has(push(c, sq)):
			s += st.term(c, iBackward, 1)
		}
		if own&forward[c][sq] != 0 {
			s += st.term(c, iDoubled, 1)
		}
		if own&board.PawnAttacks(them, sq) != 0 {
			s += st.term(c, iSupported+r, 1)
		}
		if neighbours&board.RankMask(sq.Rank()) != 0 {
			s += st.term(c, iPhalanx+r, 1)
		}
		if their&passedSpan[c][sq] == 0 && own&forward[c][sq] == 0 {
			pe.passed |= sq.Bitboard()
			s += st.term(c, iPassed+r, 1)
		}
	}
	return s
}
