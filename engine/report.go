package engine

import (
	"time"

	"github.com/luftchess/luft/engine/board"
)

// reportLines reports the principal variations of a completed iteration.
func (t *thread) reportLines(depth int) { t.report(depth, t.r.multiPV) }

// reportChangedBest reports the best line once more if an unfinished
// iteration replaced the best move, so that the GUI's last line agrees
// with the move played.
func (t *thread) reportChangedBest() {
	if best := &t.rootMoves[0]; best.move != t.reported && best.score != -infinity {
		t.report(t.rootDepth, 1)
	}
}

// report reports the first n principal variations.
func (t *thread) report(depth, n int) {
	r := t.r
	t.reported = t.rootMoves[0].move
	nodes, elapsed, full := r.nodes(), time.Since(r.start), t.table.HashFull()
	for i := range n {
		rm := &t.rootMoves[i]
		r.report(Info{
			Depth:    depth,
			SelDepth: max(rm.selDepth, 1),
			MultiPV:  i + 1,
			Score:    r.shownScore(rm.score),
			Bound:    Exact,
			Nodes:    nodes,
			Time:     elapsed,
			HashFull: full,
			TBHits:   r.tbHits(),
			PV:       rm.pv,
		})
	}
}

// reportBound reports an aspiration failure of the main thread's current
// line, but only in long searches, where the GUI would otherwise wait
// long without news.
func (t *thread) reportBound(depth int, b Bound) {
	r := t.r
	if t.id != 0 || time.Since(r.start) < 3*time.Second {
		return
	}
	rm := &t.rootMoves[t.pvIdx]
	r.report(Info{
		Depth:    depth,
		SelDepth: max(rm.selDepth, 1),
		MultiPV:  t.pvIdx + 1,
		Score:    r.shownScore(rm.score),
		Bound:    b,
		Nodes:    r.nodes(),
		Time:     time.Since(r.start),
		HashFull: t.table.HashFull(),
		TBHits:   r.tbHits(),
		PV:       rm.pv,
	})
}

// result returns the main thread's best move and the reply it expects,
// from the principal variation or, failing that, the table.
func (t *thread) result() Result {
	best := t.rootMoves[0]
	res := Result{Best: best.move}
	if len(best.pv) > 1 {
		res.Ponder = best.pv[1]
		return res
	}
	t.pos.Make(best.move)
	if e, ok := t.table.Probe(t.pos.Key()); ok && t.pos.IsLegal(board.Move(e.Move)) {
		res.Ponder = board.Move(e.Move)
	}
	t.pos.Unmake()
	return res
}
