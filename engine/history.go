package engine

import "github.com/luftchess/luft/engine/board"

// maxHistory bounds history scores; the gravity update keeps every entry
// within ±maxHistory.
const maxHistory = 16384

// gravity moves the history entry e towards ±maxHistory by bonus, in
// proportion to how far it still is from there.
func gravity[T int16 | int32](e *T, bonus int) {
	v := int(*e)
	*e = T(v + bonus - v*abs(bonus)/maxHistory)
}

// history scores quiet moves by how often they caused beta cutoffs, indexed
// by side to move, origin and target square ("butterfly" history), and by
// whether the opponent attacks each of the two squares, as Ethereal's and
// Stockfish's are: a retreat from an attacked square to a safe one is
// judged apart from the same move made in peace.
type history [2][2][2][64][64]int16

// entry returns the entry of the quiet move m by side c, attacked being
// the squares the opponent attacks. c&1 is c (White 0, Black 1) in a
// form the compiler sees is in range, so the index needs no bounds check.
func (h *history) entry(c board.Color, attacked board.Bitboard, m board.Move) *int16 {
	from, to := m.From(), m.To()
	return &h[c&1][b2i(attacked.Has(from))][b2i(attacked.Has(to))][from][to]
}

func (h *history) update(c board.Color, attacked board.Bitboard, m board.Move, bonus int) {
	gravity(h.entry(c, attacked, m), bonus)
}

func (h *history) get(c board.Color, attacked board.Bitboard, m board.Move) int {
	return int(*h.entry(c, attacked, m))
}

// pieceToHistory scores quiet moves by moving piece and target square.
type pieceToHistory [board.NoPiece][64]int16

// contHistory is continuation history: for the piece and target square of
// a move, how well each quiet reply (by piece and target) did one or two
// plies later. The row of NoPiece stands for a null move.
type contHistory [board.NoPiece + 1][64]pieceToHistory

// captureHistory scores captures and promotions by moving piece, target
// square and captured piece type (NoPieceType for a quiet promotion).
type captureHistory [board.NoPiece][64][board.NoPieceType + 1]int16

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
