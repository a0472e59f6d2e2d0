package engine

import (
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/syzygy"
	"github.com/luftchess/luft/engine/tt"
)

// Tablebase scores. A win the tables prove at ply scores tbWin-ply: below
// every mate and above every evaluation (which stays under tbBound).
const (
	tbWin   = mateBound - 1
	tbBound = mateBound - MaxPly // scores from here to tbWin are tablebase wins
)

// tablebases is what a search knows of the tables: the settings, and
// what the root's probe found.
type tablebases struct {
	tables *syzygy.Tables
	// pieces is the most pieces a position below the root may have to be
	// probed (0: none is), depth the least depth at which one of exactly
	// pieces is.
	pieces, depth int
	// draw is how far a cursed win may be from a draw: 1 with the
	// fifty-move rule (a cursed win scores 2), 0 without (it is a win).
	draw int

	rootInTB  bool
	rootScore int // the score the root's best rank stands for
	rootHits  int // probes of the root's moves
}

// newTablebases returns the tablebase settings of a search from the
// options, as Stockfish derives them: a limit above the largest table
// applies the depth to no piece count.
func newTablebases(o Syzygy) tablebases {
	tb := tablebases{tables: o.Tables, draw: 1}
	if o.Ignore50MoveRule {
		tb.draw = 0
	}
	if o.Tables == nil {
		return tb
	}
	most := o.Tables.MaxPieces()
	tb.pieces, tb.depth = o.ProbeLimit, max(o.ProbeDepth, 1)
	if tb.pieces <= 0 || tb.pieces > most {
		tb.pieces, tb.depth = most, 0
	}
	return tb
}

// rankRoot narrows the root moves of pos to those that keep the best
// result by the tables, when the root is in them, and returns them. With
// DTZ, or without DTZ when the root is not won, the search below the root
// then probes nothing: the moves kept already hold the result, and the
// search chooses among them by its own lights.
func (tb *tablebases) rankRoot(pos *board.Position, root []rootMove) []rootMove {
	if tb.tables == nil || len(root) == 0 || tb.pieces < pos.Occupied().Count() {
		return root
	}
	moves := make([]board.Move, len(root))
	for i := range root {
		moves[i] = root[i].move
	}
	ranked, byDTZ, ok := tb.tables.ProbeRoot(pos, moves)
	if !ok || len(ranked) == 0 {
		return root
	}
	tb.rootInTB, tb.rootHits = true, len(ranked)
	best := ranked[0]
	tb.rootScore = tb.rankScore(best, byDTZ)
	if byDTZ || tb.rootScore <= 0 {
		tb.pieces = 0
	}
	var kept []rootMove
	for _, rm := range ranked {
		if rm.Rank == best.Rank {
			kept = append(kept, rootMove{move: rm.Move, score: -infinity, prevScore: -infinity})
		}
	}
	return kept
}

// rankScore returns the score that a root move's rank stands for: a
// tablebase win or loss when the fifty-move rule cannot spoil it, and
// otherwise, as in Stockfish, a draw nudged by up to half a pawn towards
// the side the fifty-move rule will save or rob.
func (tb *tablebases) rankScore(rm syzygy.RootMove, byDTZ bool) int {
	if !byDTZ {
		w := int(rm.WDL)
		switch {
		case w > tb.draw:
			return tbWin
		case w < -tb.draw:
			return -tbWin
		}
		return 2 * w
	}
	bound := syzygy.MaxRank - 100
	if tb.draw == 0 {
		bound = 1
	}
	r := rm.Rank
	switch {
	case r >= bound:
		return tbWin
	case r > 0:
		return max(3, r-(syzygy.MaxRank-200)) * 100 / 200
	case r == 0:
		return 0
	case r > -bound:
		return min(-3, r+(syzygy.MaxRank-200)) * 100 / 200
	}
	return -tbWin
}

// shownScore returns the score to report for a root move the search
// scored s: when the root is in the tables, what its rank stands for,
// unless the search found a mate.
func (r *run) shownScore(s int) Score {
	if r.tb.rootInTB && s > -mateBound && s < mateBound {
		return Score(r.tb.rootScore)
	}
	return Score(s)
}

// probeTablebase probes the node n, which the table did not settle, when
// a capture or pawn move has just zeroed the fifty-move counter and it
// has few enough pieces. A result that settles the window is stored and
// returned; at a PV node, one that does not bounds the node's score
// (finishTablebase) instead.
func (t *thread) probeTablebase(n *node) (int, bool) {
	tb, pos := &t.r.tb, t.pos
	if n.excluded != board.NoMove || pos.Rule50() != 0 {
		return 0, false
	}
	pieces := pos.Occupied().Count()
	if pieces > tb.pieces || pieces == tb.pieces && n.depth < tb.depth {
		return 0, false
	}
	wdl, ok := tb.tables.ProbeWDL(pos)
	if !ok {
		return 0, false
	}
	t.tbHits.Add(1)
	score, bound := tablebaseScore(int(wdl), tb.draw, n.ply)
	if cutoff(bound, score, n.alpha, n.beta) {
		t.table.Store(n.key, tt.Entry{
			Score: int16(scoreToTT(score, n.ply)),
			Eval:  int16(max(n.staticEval, -mateBound)),
			Depth: int8(min(n.depth+6, MaxPly-1)),
			Bound: bound,
		})
		return score, true
	}
	if n.pvNode {
		n.boundByTablebase(score, bound)
	}
	return 0, false
}

// boundByTablebase records at the PV node n a probe's result that does
// not settle the window: a win raises alpha to it, and finishTablebase
// bounds the score the moves find.
func (n *node) boundByTablebase(score int, bound Bound) {
	n.tbScore, n.tbBound = score, bound
	if bound == Lower {
		n.alpha = max(n.alpha, score)
	}
}

// tablebaseScore returns the score of a node at ply whose WDL value is
// wdl and how it bounds the node's true score: a win is a lower bound
// (the search may find a mate), a loss an upper one, a draw exact. draw
// is tablebases.draw.
func tablebaseScore(wdl, draw, ply int) (int, Bound) {
	switch {
	case wdl > draw:
		return tbWin - ply, Lower
	case wdl < -draw:
		return -tbWin + ply, Upper
	}
	return 2 * wdl * draw, Exact
}

// finishTablebase bounds the score best of a PV node by what its probe
// found: at least a win, or at most a loss.
func finishTablebase(n *node, best int) int {
	if n.tbBound == Lower {
		return max(best, n.tbScore)
	}
	return min(best, n.tbScore)
}
