package syzygy

import (
	"slices"

	"github.com/luftchess/luft/engine/board"
)

// MaxRank is the rank of a move that wins (or, negated, loses) for sure
// whatever the fifty-move counter: see RootMove. It is far above any
// distance a table holds, so that even the longest cursed win ranks above
// a draw.
const MaxRank = 1 << 18

// RootMove is a legal move of a position as the tables see it.
type RootMove struct {
	Move board.Move
	// WDL is the result after the move for the side that made it, with
	// the fifty-move counter at zero.
	WDL WDL
	// DTZ is the distance to zeroing counted from before the move, in
	// plies, for the side that makes it (as ProbeDTZ gives it): the
	// position's DTZ when the move is a best one. A capture or pawn move
	// counts 1 (101 for a cursed win, and negated for losses); a mate
	// counts 1. It is 0 when the moves were ranked by WDL alone.
	DTZ int
	// Rank orders the moves, higher better. With DTZ, as Stockfish's
	// root_probe ranks them: MaxRank for a win that the fifty-move counter
	// cnt50 cannot spoil (DTZ + cnt50 <= 99, and no repetition since the
	// last zeroing move, which calls for the fastest progress), otherwise
	// MaxRank - (DTZ + cnt50); -MaxRank for a loss that the counter cannot
	// save, otherwise the longer resistance ranking higher; 0 for a draw.
	// With WDL alone: ±MaxRank for a win or loss, ±(MaxRank-101) for a
	// cursed win or blessed loss, 0 for a draw.
	Rank int
}

// rankByWDL is the rank of each WDL value (+2) when there is no DTZ.
var rankByWDL = [5]int{-MaxRank, -MaxRank + 101, 0, MaxRank - 101, MaxRank}

// ProbeRoot ranks the legal moves of pos, or those of moves when it is not
// empty, best first (a stable sort): by DTZ when the DTZ tables of every
// move are there (byDTZ set), else by WDL. The fifty-move counter of pos
// and its history (repetitions since the last zeroing move) shape the
// ranks; see RootMove. ok is false when pos or a move cannot be probed.
// It does not change pos; unlike the other probes it allocates.
func (tb *Tables) ProbeRoot(pos *board.Position, moves []board.Move) (ranked []RootMove, byDTZ, ok bool) {
	if pos.Occupied().Count() > tb.maxPieces {
		return nil, false, false
	}
	if _, ok := fromBoard(pos); !ok {
		return nil, false, false
	}
	if len(moves) == 0 {
		var l board.MoveList
		pos.GenerateLegal(&l)
		moves = l.Moves()
	}
	p := pos.Clone()
	ranked = make([]RootMove, 0, len(moves))
	for _, m := range moves {
		p.Make(m)
		w, ok := tb.ProbeWDL(p)
		p.Unmake()
		if !ok {
			return nil, false, false
		}
		ranked = append(ranked, RootMove{Move: m, WDL: -w})
	}
	if tb.rankByDTZ(p, ranked) {
		byDTZ = true
	} else {
		for i := range ranked {
			ranked[i].DTZ, ranked[i].Rank = 0, rankByWDL[ranked[i].WDL+2]
		}
	}
	slices.SortStableFunc(ranked, func(a, b RootMove) int { return b.Rank - a.Rank })
	return ranked, byDTZ, true
}

// rankByDTZ sets the DTZ and the rank of each move from p, and reports
// whether every DTZ probe succeeded.
func (tb *Tables) rankByDTZ(p *board.Position, ranked []RootMove) bool {
	cnt50, rep := p.Rule50(), repeatedSinceZeroing(p)
	for i := range ranked {
		rm := &ranked[i]
		p.Make(rm.Move)
		dtz := wdlToDTZ[rm.WDL+2]
		if p.Rule50() != 0 {
			d, ok := tb.ProbeDTZ(p)
			if !ok {
				p.Unmake()
				return false
			}
			dtz = -d
			switch {
			case dtz > 0:
				dtz++
			case dtz < 0:
				dtz--
			}
		}
		if dtz == 2 && p.InCheck() && !p.HasLegalMove() {
			dtz = 1 // mate
		}
		p.Unmake()
		rm.DTZ, rm.Rank = dtz, rankDTZ(dtz, cnt50, rep)
	}
	return true
}

// rankDTZ ranks a move of distance dtz (see RootMove) from a position
// whose fifty-move counter is cnt50; rep tells that a position repeated
// since the last zeroing move.
func rankDTZ(dtz, cnt50 int, rep bool) int {
	switch {
	case dtz > 0 && dtz+cnt50 <= 99 && !rep:
		return MaxRank
	case dtz > 0:
		return MaxRank - (dtz + cnt50)
	case dtz < 0 && -dtz*2+cnt50 < 100:
		return -MaxRank
	case dtz < 0:
		return -MaxRank + (-dtz + cnt50)
	}
	return 0
}

// repeatedSinceZeroing reports whether a position of pos's history since
// the last capture or pawn move, pos included, occurred twice.
func repeatedSinceZeroing(pos *board.Position) bool {
	p := pos.Clone()
	for i := 0; ; i++ {
		if p.RepetitionCount() > 0 {
			return true
		}
		if i >= pos.Rule50() || p.Ply() == 0 {
			return false
		}
		p.Unmake()
	}
}
