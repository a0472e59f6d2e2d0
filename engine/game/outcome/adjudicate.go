package outcome

import (
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/score"
)

// An Adjudicator ends games on the scores the engines report for their
// moves, like cutechess's -resign and -draw options: luft match's
// adjudication, and datagen's of its self-play games. A rule whose count
// is zero is disabled. Each game needs its own Adjudicator, since it
// counts the game's plies; copy a configured one, whose counts are zero.
type Adjudicator struct {
	// Resign: a side loses once its score has been at least ResignScore
	// centipawns behind, as both sides report it, for ResignMoveCount
	// moves of each side in a row (2 × ResignMoveCount plies). A mate
	// score counts as further ahead or behind than any.
	ResignMoveCount, ResignScore int
	// MateWins ends the game at the first mate score: the side that
	// mates by the score wins.
	MateWins bool
	// Draw: from full move DrawMoveNumber on, the game is drawn once the
	// scores have stayed within DrawScore centipawns of zero (|score| <=
	// DrawScore) for DrawMoveCount moves of each side in a row.
	DrawMoveNumber, DrawMoveCount, DrawScore int

	whiteAhead, blackAhead, level int // plies in a row
}

// Update records the score s reported for a move just played by mover
// in a game now at full move fullMove (the number of the move just
// played), from the mover's point of view, as UCI reports it. valid is
// false when the engine reported no score, which breaks every streak. It
// returns the adjudicated result, or Unfinished.
func (a *Adjudicator) Update(mover board.Color, fullMove int, valid bool, s score.Score) Result {
	if !valid {
		a.whiteAhead, a.blackAhead, a.level = 0, 0, 0
		return Unfinished
	}
	if a.MateWins && s.IsMate() {
		if s.Mate < 0 {
			return Win(mover.Other())
		}
		return Win(mover)
	}
	w := s.View(mover, board.White)
	// against compares White's score with cp centipawns: a mate is beyond any.
	against := func(cp int) int { return score.Compare(w, score.Score{CP: cp}) }
	if a.ResignMoveCount > 0 {
		a.whiteAhead, a.blackAhead = streak(a.whiteAhead, against(a.ResignScore) >= 0), streak(a.blackAhead, against(-a.ResignScore) <= 0)
		switch {
		case a.whiteAhead >= 2*a.ResignMoveCount:
			return WhiteWins
		case a.blackAhead >= 2*a.ResignMoveCount:
			return BlackWins
		}
	}
	if a.DrawMoveCount > 0 {
		a.level = streak(a.level, fullMove >= a.DrawMoveNumber && against(a.DrawScore) <= 0 && against(-a.DrawScore) >= 0)
		if a.level >= 2*a.DrawMoveCount {
			return Draw
		}
	}
	return Unfinished
}

// streak returns n+1 when ok holds, else 0.
func streak(n int, ok bool) int {
	if ok {
		return n + 1
	}
	return 0
}
