package referee

// Adjudicator ends games whose outcome the engines agree on, like
// cutechess's -resign and -draw options. A zero rule is disabled.
type Adjudicator struct {
	// Resign: a side loses once both engines have agreed for MoveCount
	// moves each that it is behind by at least Score centipawns.
	ResignMoveCount, ResignScore int
	// Draw: from full move DrawMoveNumber on, the game is drawn once both
	// engines' scores have stayed within DrawScore centipawns of zero for
	// DrawMoveCount moves each.
	DrawMoveNumber, DrawMoveCount, DrawScore int

	whiteAhead, blackAhead, level int // consecutive plies
}

// mateCP is the centipawn value given to mate scores.
const mateCP = 100000

// Update records the score reported for a move just played by mover in a
// game now at full move fullMove (the number of the move just played).
// valid is false when the engine reported no score, which breaks every
// streak. It returns the adjudicated result, or Unfinished.
func (a *Adjudicator) Update(mover Color, fullMove int, valid bool, cp, mate int) Result {
	if !valid {
		a.whiteAhead, a.blackAhead, a.level = 0, 0, 0
		return Unfinished
	}
	s := cp
	switch {
	case mate > 0:
		s = mateCP
	case mate < 0:
		s = -mateCP
	}
	if mover == Black {
		s = -s // white's point of view
	}
	if a.ResignMoveCount > 0 {
		a.whiteAhead, a.blackAhead = streak(a.whiteAhead, s >= a.ResignScore), streak(a.blackAhead, s <= -a.ResignScore)
		switch {
		case a.whiteAhead >= 2*a.ResignMoveCount:
			return WhiteWins
		case a.blackAhead >= 2*a.ResignMoveCount:
			return BlackWins
		}
	}
	if a.DrawMoveCount > 0 {
		a.level = streak(a.level, fullMove >= a.DrawMoveNumber && s <= a.DrawScore && s >= -a.DrawScore)
		if a.level >= 2*a.DrawMoveCount {
			return Draw
		}
	}
	return Unfinished
}

func streak(n int, ok bool) int {
	if ok {
		return n + 1
	}
	return 0
}
