package eval

import "github.com/luftchess/luft/engine/board"

// Breakdown sums the traced weights by term: for each Term and colour
// the middlegame and endgame value, before tapering.
func (t *Trace) Breakdown(w *Weights) (rows [NumTerms][2]Weight) {
	for i, n := range t.Count {
		for c := board.White; c <= board.Black; c++ {
			r := &rows[paramOf[i].Term][c]
			r.MG += int(n[c]) * w[i].MG
			r.EG += int(n[c]) * w[i].EG
		}
	}
	return rows
}
