package engine

import "github.com/luftchess/luft/engine/board"

// maxHistory bounds history scores; the gravity update keeps every entry
// within ±maxHistory.
const maxHistory = 16384

// history scores quiet moves by how often they caused beta cutoffs, indexed
// by side to move, origin and target square ("butterfly" history).
type history [2][64][64]int32

// update moves the score of m towards ±maxHistory by bonus, in proportion
// to how far it still is from there.
func (h *history) update(c board.Color, m board.Move, bonus int) {
	e := &h[c][m.From()][m.To()]
	*e += int32(bonus) - *e*int32(abs(bonus))/maxHistory
}

func (h *history) get(c board.Color, m board.Move) int { return int(h[c][m.From()][m.To()]) }

// historyBonus is the history change for a cutoff at depth.
func historyBonus(depth int) int { return min(depth*depth*16+32*depth, 1600) }

// counterMoves records, for the piece that made the previous move and its
// target square, the quiet reply that last refuted it.
type counterMoves [board.NoPiece + 1][64]board.Move

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
