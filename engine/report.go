package engine

import (
	"slices"
	"time"

	"github.com/luftchess/luft/engine/board"
)

// quietTime is how long a search runs before it reports the root move it
// is searching and aspiration failures: a GUI would otherwise wait long
// without news. (A variable, so that tests can see those reports.)
var quietTime = 3 * time.Second

// reportLines reports the principal variations of a completed iteration
// and keeps them as the lines a stop would stand on.
func (t *thread) reportLines() {
	t.lines = t.lines[:0]
	for _, rm := range t.rootMoves[:t.r.multiPV] {
		rm.pv = slices.Clone(rm.pv)
		t.lines = append(t.lines, rm)
	}
	t.report()
}

// reportFinal reports the lines once more at the end of a search, with
// the nodes and time of the whole search, as the GUI's last word on it:
// the last report's lines may be old, and a bound or a root move line
// may have come after them. When an unfinished iteration replaced the
// best move, the lines it scored come first, and the last report's other
// lines after them, so that every line names a different move and line 1
// is the move played. Where the two sets' scores would be out of order,
// the lines scored last are dropped: the previous report stands for
// them.
func (t *thread) reportFinal() {
	if len(t.lines) == 0 {
		return
	}
	for fresh := t.freshLines(); len(fresh) > 0; fresh = fresh[:len(fresh)-1] {
		lines := slices.Clone(fresh)
		for _, l := range t.lines {
			if len(lines) < len(t.lines) && !slices.ContainsFunc(fresh, sameMove(l.move)) {
				lines = append(lines, l)
			}
		}
		n := len(fresh)
		if n == len(lines) || lines[n-1].score >= lines[n].score {
			if lines[0].move != t.lines[0].move {
				t.lines = lines
			}
			break
		}
	}
	t.report()
}

// freshLines returns, best first, the lines the unfinished iteration at
// t.rootDepth has scored: those of the PV indices it completed, and the
// best move found so far for the one it was searching.
func (t *thread) freshLines() []rootMove {
	fresh := slices.Clone(t.rootMoves[:min(t.pvIdx, len(t.lines))])
	if t.pvIdx < len(t.lines) {
		if cur := t.rootMoves[t.pvIdx]; cur.depth == t.rootDepth && cur.score != -infinity {
			fresh = append(fresh, cur)
		}
	}
	slices.SortStableFunc(fresh, byScore)
	return fresh
}

func sameMove(m board.Move) func(rootMove) bool {
	return func(rm rootMove) bool { return rm.move == m }
}

// report reports t.lines, each at the depth it was searched to.
func (t *thread) report() {
	r := t.r
	nodes, elapsed, full := r.nodes(), time.Since(r.start), t.table.HashFull()
	for i, rm := range t.lines {
		r.report(Info{
			Depth:    rm.depth,
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
// line, once the search has run for quietTime.
func (t *thread) reportBound(depth int, b Bound) {
	r := t.r
	if t.id != 0 || time.Since(r.start) < quietTime {
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

// result returns the main thread's best move, that of its last report,
// and the reply it expects, from the principal variation or, failing
// that, the table.
func (t *thread) result() Result {
	best := t.rootMoves[0]
	if len(t.lines) > 0 {
		best = t.lines[0]
	}
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
