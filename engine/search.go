package engine

import (
	"math"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/tt"
	"github.com/luftchess/luft/eval/nnue"
)

// Score bounds used inside the search, as ints.
const (
	infinity  = int(Infinity)
	mate      = int(MateScore)
	mateBound = mate - MaxPly // scores beyond ±mateBound are mate scores
	noEval    = -infinity     // static eval of a node in check
)

// checkInterval is the number of nodes between two looks at the stop flag.
const checkInterval = 1024

// rootMove is a legal root move with what the last search found for it.
type rootMove struct {
	move      board.Move
	score     int // -infinity when it failed low in the current iteration
	prevScore int // score in the previous iteration
	selDepth  int
	depth     int // the iteration score is from
	pv        []board.Move
	nodes     uint64 // this thread's nodes below the move in the whole search
}

// frame is the per-ply search state of one thread.
type frame struct {
	killers  [2]board.Move
	eval     int
	move     board.Move      // the move played from this ply (NoMove for a null move)
	piece    board.Piece     // the piece that played it
	cont     *pieceToHistory // the continuation history row of that move
	excluded board.Move      // the move a singular-extension search leaves out
	quiets   [64]board.Move  // quiet moves searched at this node, in order
	captures [32]board.Move  // captures and promotions searched at this node
	threats  board.Threats   // what the opponent attacks at this node, set before its moves are searched
	// cutoffs counts the beta cutoffs at this ply since the node two plies
	// up began. The root clears no count, so ply 2's runs on through the
	// search, and past its fourth cutoff every node at ply 1 reduces a ply
	// more; that is the search as measured (NOTES.md).
	cutoffs int
}

// thread is one search thread. Thread 0, the main thread, reports and
// manages time; the others are Lazy SMP helpers that share only the
// transposition table.
type thread struct {
	id    int
	e     *Engine
	r     *run
	table *tt.Table
	pos   *board.Position
	ev    evaluator

	nodes     uint64
	shared    atomic.Uint64 // nodes, published every checkInterval nodes
	tbHits    atomic.Uint64 // tablebase probes that found their position
	nodeLimit uint64
	others    uint64 // nodes of the helpers at the last check (main thread)
	stopped   bool
	yield     bool // search threads >= GOMAXPROCS: yield the P at each check

	rootDepth int
	selDepth  int
	pvIdx     int
	rootMoves []rootMove
	lines     []rootMove // the lines of the last report (main thread)
	nmpMinPly int

	hist     history
	cont     contHistory
	capt     captureHistory
	counters counterMoves
	stack    [MaxPly + 4]frame
	pvTable  [MaxPly + 1][MaxPly + 1]board.Move
	pvLen    [MaxPly + 1]int
}

// lmrTable holds the base late-move reduction by depth and move number.
var lmrTable [64][64]int8

func init() { initLMR() }

func newThread(id int, e *Engine) *thread {
	return &thread{id: id, e: e, ev: newEvaluator()}
}

func (t *thread) clearHistory() {
	t.hist = history{}
	t.cont = contHistory{}
	t.capt = captureHistory{}
	t.counters = counterMoves{}
}

// prepare readies the thread for the search r of pos, evaluated with net
// (nil: the hand-crafted evaluation).
func (t *thread) prepare(r *run, pos *board.Position, root []rootMove, net *nnue.Network) {
	t.r = r
	t.table = t.e.table
	t.pos = pos.Clone()
	t.rootMoves = slices.Clone(root)
	t.nodes, t.others, t.stopped, t.nmpMinPly = 0, 0, false, 0
	t.lines = t.lines[:0]
	t.yield = len(r.threads) >= runtime.GOMAXPROCS(0)
	t.shared.Store(0)
	t.tbHits.Store(0)
	t.nodeLimit = math.MaxUint64
	if r.lim.Nodes > 0 && !r.lim.Infinite && t.id == 0 {
		t.nodeLimit = r.lim.Nodes
	}
	for i := range t.stack {
		t.stack[i].killers = [2]board.Move{}
	}
	t.stack[0].eval = noEval
	t.ev.start(net, t.pos)
}

// iterate runs iterative deepening until the limits or a stop end it.
func (t *thread) iterate() {
	defer func() { t.shared.Store(t.nodes) }()
	r := t.r
	main := t.id == 0
	multiPV := 1
	if main {
		multiPV = r.multiPV
	}
	var stab stability
	for depth := 1 + t.id%2; depth < MaxPly; depth++ {
		if r.poll() && (depth > 1 || !main) {
			break
		}
		t.rootDepth = depth
		for i := range t.rootMoves {
			t.rootMoves[i].prevScore = t.rootMoves[i].score
		}
		for t.pvIdx = 0; t.pvIdx < multiPV; t.pvIdx++ {
			t.selDepth = 0
			t.aspiration(depth)
			if t.stopped {
				break
			}
			slices.SortStableFunc(t.rootMoves[:t.pvIdx+1], byScore)
		}
		if t.stopped {
			break
		}
		if !main {
			continue
		}
		t.reportLines()
		best := &t.rootMoves[0]
		scale := stab.update(best.move, best.score) * effortScale(best.nodes, t.nodes)
		if r.lim.Infinite && t.settledMates(depth) {
			break // deeper iterations would repeat these lines
		}
		if r.lim.Infinite {
			continue
		}
		// Depth, mate and proven mates end the search whether or not it
		// ponders (a ponder search then waits for ponderhit in Search).
		if r.lim.Depth > 0 && depth >= r.lim.Depth {
			break
		}
		if r.lim.Mate > 0 && best.score >= mate-2*r.lim.Mate+1 {
			break
		}
		if t.settledMates(depth) {
			break
		}
		if !r.limitsOn.Load() {
			continue // the clock starts at ponderhit
		}
		if r.timed && !r.budget.fixed {
			if len(t.rootMoves) == 1 {
				break
			}
			soft := time.Duration(float64(r.budget.soft) * scale)
			if time.Since(r.clockStart) >= min(soft, r.budget.hard) {
				break
			}
		}
	}
}

// settledMates reports whether every line the main thread reports is a
// proven mate for the side to move at depth (provenMate): deeper
// iterations would report the same lines at a made-up depth, up to MaxPly.
func (t *thread) settledMates(depth int) bool {
	for _, rm := range t.rootMoves[:t.r.multiPV] {
		if !provenMate(rm.score, depth) {
			return false
		}
	}
	return true
}

func byScore(a, b rootMove) int { return b.score - a.score }

// provenMate reports whether a search to depth has settled on a mate for
// the side to move: deeper iterations would only spend the clock and fill
// the GUI with identical lines. A mate found in n plies counts as proven
// once the depth exceeds 2n, far enough past it that reductions cannot
// have hidden a shorter one at the root. Being mated is never settled,
// since a deeper search may find a longer defence.
func provenMate(score, depth int) bool {
	return score > mateBound && depth > 2*(mate-score)
}

// aspiration searches the root for the current PV index with a window
// around the previous score, widening it on failure.
func (t *thread) aspiration(depth int) {
	alpha, beta := -infinity, infinity
	delta := aspirationDelta.value()
	prev := t.rootMoves[t.pvIdx].prevScore
	if t.r.features&AspirationWindows != 0 && depth >= 5 && prev > -mateBound && prev < mateBound {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		score := t.searchRoot(alpha, beta, depth)
		slices.SortStableFunc(t.rootMoves[t.pvIdx:], byScore)
		if t.stopped {
			return
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -infinity)
			t.reportBound(depth, Upper)
		case score >= beta:
			beta = min(score+delta, infinity)
			t.reportBound(depth, Lower)
		default:
			return
		}
		delta += delta / 2
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// searchRoot searches the root moves from the current PV index on.
func (t *thread) searchRoot(alpha, beta, depth int) int {
	best := -infinity
	pos := t.pos
	for i := t.pvIdx; i < len(t.rootMoves); i++ {
		rm := &t.rootMoves[i]
		m := rm.move
		if t.id == 0 && time.Since(t.r.start) > quietTime {
			t.r.report(Info{Depth: depth, CurrMove: m, CurrMoveNumber: i + 1})
		}
		before := t.nodes
		t.makeMove(0, m)
		newDepth := depth - 1
		if pos.InCheck() && t.r.features&CheckExtension != 0 {
			newDepth++
		}
		var score int
		if i == t.pvIdx {
			score = -t.search(-beta, -alpha, newDepth, 1, false)
		} else {
			score = -t.search(-alpha-1, -alpha, newDepth, 1, true)
			if score > alpha && score < beta {
				score = -t.search(-beta, -alpha, newDepth, 1, false)
			}
		}
		pos.Unmake()
		rm.nodes += t.nodes - before
		if t.stopped {
			return best
		}
		rm.depth = depth
		if i == t.pvIdx || score > alpha {
			rm.score, rm.selDepth = score, t.selDepth
			rm.pv = append(append(rm.pv[:0], m), t.pvTable[1][:t.pvLen[1]]...)
		} else {
			rm.score = -infinity
		}
		best = max(best, score)
		if score > alpha {
			alpha = score
			if score >= beta {
				break
			}
		}
	}
	return best
}

// enterNode counts a node and reports whether the search must stop. The
// main thread never stops during depth 1, so that it always has a move.
func (t *thread) enterNode() bool {
	if t.stopped {
		return true
	}
	t.nodes++
	if t.nodes%checkInterval == 0 {
		t.shared.Store(t.nodes)
		if t.id == 0 && len(t.r.threads) > 1 && t.nodeLimit != math.MaxUint64 {
			t.others = t.r.nodes() - t.nodes
		}
		t.r.poll()
		if t.yield {
			// Let the goroutine that reads "stop" from the GUI run even
			// when the search threads hold every P.
			yieldThread()
		}
	}
	if t.nodes+t.others >= t.nodeLimit && t.rootDepth > 1 {
		t.r.stop.Store(true)
	}
	// The flag is read at every node (a plain load on amd64) so that
	// helpers stop as soon as the main thread is done.
	if t.r.stop.Load() && (t.id != 0 || t.rootDepth > 1) {
		t.stopped = true
	}
	return t.stopped
}

// settled counts a node at ply and reports whether its score is known
// without looking at its moves, and that score: the search must stop, the
// position is a draw, or the ply limit is reached.
func (t *thread) settled(ply int) (score int, ok bool) {
	t.pvLen[ply] = 0
	if t.enterNode() {
		return 0, true
	}
	t.selDepth = max(t.selDepth, ply)
	switch {
	case t.pos.IsDraw(ply):
		return 0, true
	case ply < MaxPly-1:
		return 0, false
	case t.pos.InCheck():
		return 0, true
	}
	return t.ev.evaluate(ply, t.pos), true
}

// staticEval returns the static evaluation of the position at ply, not
// in check: the table's copy when entry is a hit, else a fresh one.
func (t *thread) staticEval(ply int, entry tt.Entry, hit bool) int {
	if hit {
		return int(entry.Eval)
	}
	return t.ev.evaluate(ply, t.pos)
}

// node is what the steps of search share about the node being searched.
// alpha and beta are the window after mate distance pruning; pvNode says
// whether the window the node was given was open.
type node struct {
	alpha, beta int
	depth, ply  int
	pvNode      bool
	cutNode     bool // expected to fail high
	inCheck     bool
	improving   bool       // the static evaluation is above that of two plies before
	excluded    board.Move // the move a singular extension search leaves out
	counter     board.Move // the quiet move that last refuted the previous move; set by searchMoves

	key     uint64
	entry   tt.Entry // valid when hit
	hit     bool
	ttMove  board.Move
	ttScore int // entry's score at this ply

	staticEval int // noEval when in check
	eval       int // staticEval, sharpened by the table's score

	tbScore int   // a tablebase probe's score that bounds a PV node's
	tbBound Bound // how it bounds it; 0 for no probe
}

// search is the fail-soft principal variation search below the root: it
// answers from the table or prunes the node when it can, else searches
// its moves and stores the result.
func (t *thread) search(alpha, beta, depth, ply int, cutNode bool) int {
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply)
	}
	if score, ok := t.settled(ply); ok {
		return score
	}
	n := node{depth: depth, ply: ply, pvNode: beta-alpha > 1, cutNode: cutNode}
	if t.r.features&MateDistancePruning != 0 {
		alpha = max(alpha, -mate+ply)
		beta = min(beta, mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	n.alpha, n.beta = alpha, beta
	n.inCheck = t.pos.InCheck()
	n.excluded = t.stack[ply].excluded
	if score, ok := t.probe(&n); ok {
		if t.r.features&TTCutoffHistory != 0 {
			t.rewardTTCutoff(&n)
		}
		return score
	}
	t.stack[ply+2].killers = [2]board.Move{} // those of another subtree are stale
	t.stack[ply+2].cutoffs = 0
	t.evaluateNode(&n)
	if t.r.tb.pieces > 0 {
		if score, ok := t.probeTablebase(&n); ok {
			return score
		}
	}
	if score, ok := t.pruneNode(&n); ok {
		return score
	}
	t.internalReduction(&n)
	best, bestMove, final := t.searchMoves(&n)
	if !final {
		if n.tbBound != 0 {
			best = finishTablebase(&n, best)
		}
		t.store(&n, best, bestMove)
	}
	return best
}

// probe looks the node n up in the transposition table and fills in its
// table fields. It returns the stored score when that settles the node,
// except at a PV node, which searches on for its line, and in a search
// that excludes a move (for a singular extension), which is not the
// search the entry describes.
func (t *thread) probe(n *node) (score int, ok bool) {
	n.key = t.pos.Key()
	n.entry, n.hit = t.table.Probe(n.key)
	if !n.hit {
		return 0, false
	}
	n.ttMove = board.Move(n.entry.Move)
	n.ttScore = scoreFromTT(int(n.entry.Score), n.ply, t.pos.Rule50())
	ok = !n.pvNode && n.excluded == board.NoMove && int(n.entry.Depth) >= n.depth &&
		cutoff(n.entry.Bound, n.ttScore, n.alpha, n.beta)
	return n.ttScore, ok
}

// rewardTTCutoff teaches the move ordering from a table cutoff at the node
// n (TTCutoffHistory): a quiet hash move whose score failed high is
// rewarded as a search cutoff rewards it (killers, counter-move, history
// and continuation history), and one whose score failed low has its
// histories penalised. Of the refinements engines make to table cutoffs
// this is the one Luft lacked: it already refuses them at PV nodes and
// from entries shallower than the node (probe).
func (t *thread) rewardTTCutoff(n *node) {
	m, pos := n.ttMove, t.pos
	if m == board.NoMove || !pos.IsLegal(m) || m.IsPromotion() || pos.IsCapture(m) {
		return
	}
	t.stack[n.ply].threats = pos.Threats()
	if n.ttScore >= n.beta {
		t.rewardCutoff(n.ply, m, true, n.depth, 0, 0)
	} else {
		t.rewardQuiet(n.ply, m, -historyBonus(n.depth))
	}
}

// evaluateNode sets the static evaluation of the node n, records it in the
// stack, sharpens it by the table's score where the entry's bound allows,
// and tells whether the side to move is improving.
func (t *thread) evaluateNode(n *node) {
	n.staticEval, n.eval = noEval, noEval
	if !n.inCheck {
		n.staticEval = t.staticEval(n.ply, n.entry, n.hit)
		n.eval = n.staticEval
		if n.hit && sharpens(n.entry.Bound, n.ttScore, n.eval) {
			n.eval = n.ttScore
		}
	}
	t.stack[n.ply].eval = n.staticEval
	n.improving = !n.inCheck && n.ply >= 2 && n.staticEval > t.stack[n.ply-2].eval
}

// sharpens reports whether a stored score with bound b is a better guess
// at the true score than the static evaluation eval: exact, or a bound on
// the far side of eval.
func sharpens(b Bound, score, eval int) bool {
	return b == Exact || b == Lower && score > eval || b == Upper && score < eval
}

// pruneNode returns a score that settles the non-PV node n before its
// moves are searched, when reverse futility, a null move or ProbCut finds
// one.
func (t *thread) pruneNode(n *node) (score int, ok bool) {
	if n.pvNode || n.inCheck || n.excluded != board.NoMove {
		return 0, false
	}
	// Reverse futility: far enough above beta that a quiet move cannot
	// bring the score back under it.
	if t.r.features&ReverseFutility != 0 && n.depth <= rfpDepth.value() && n.eval < mateBound && n.beta > -mateBound &&
		n.eval-rfpMargin.value()*(n.depth-b2i(n.improving)) >= n.beta {
		return n.eval, true
	}
	if t.r.features&NullMove != 0 {
		if score, ok = t.nullMove(n); ok {
			return score, true
		}
	}
	if t.r.features&ProbCut != 0 {
		return t.probCut(n)
	}
	return 0, false
}

// nullMove passes the move at the node n: if the side to move still
// fails high after giving the opponent a free move, a real move will too,
// and it returns the score. Where zugzwang is likely (deep nodes, or
// endgames with at most one piece besides pawns and king), a reduced
// search without null moves must confirm the cutoff. A stopped search
// returns 0.
func (t *thread) nullMove(n *node) (score int, ok bool) {
	pos, depth, beta, ply := t.pos, n.depth, n.beta, n.ply
	us := pos.SideToMove()
	if depth < 3 || n.eval < beta || n.staticEval < beta || beta <= -tbBound ||
		ply < t.nmpMinPly || t.stack[ply-1].move == board.NoMove || !pos.NonPawnMaterial(us) {
		return 0, false
	}
	r := nmpBase.value() + depth/nmpDepthDivisor.value() + min((n.eval-beta)/nmpEvalDivisor.value(), 3)
	t.table.Prefetch(pos.KeyAfterNull()) // as makeMove does
	t.playing(ply, board.NoMove)
	t.ev.push(ply, pos, board.NoMove)
	pos.MakeNull()
	score = -t.search(-beta, -beta+1, depth-r, ply+1, !n.cutNode)
	pos.UnmakeNull()
	switch {
	case t.stopped:
		return 0, true
	case score < beta:
		return 0, false
	case score >= tbBound:
		score = beta // a mate or tablebase win found by passing is no proof
	}
	endgame := (pos.ByColor(us) &^ (pos.ByType(board.Pawn) | pos.ByType(board.King))).Count() <= 1
	if t.nmpMinPly != 0 || (depth < 12 && !endgame) {
		return score, true
	}
	t.nmpMinPly = ply + 3*(depth-r)/4
	v := t.search(beta-1, beta, depth-r, ply, false)
	t.nmpMinPly = 0
	return score, v >= beta
}

// probCut tries, at the non-PV node n not in check (ProbCut), the captures
// and promotions that win at least pcBeta minus the static evaluation by
// SEE, pcBeta being probCutMargin above beta: one that holds pcBeta in a
// quiescence search and then in a search 4 plies shallower would almost
// surely beat beta in a full search, and the node returns its score,
// stored as a lower bound 3 plies shallower. It needs probCutDepth, beta
// and pcBeta clear of the mate and tablebase scores, and no table entry
// nearly as deep whose score says pcBeta will not be reached. A stopped
// search returns 0.
func (t *thread) probCut(n *node) (score int, ok bool) {
	pcBeta := n.beta + probCutMargin
	if n.depth < probCutDepth || n.beta <= -tbBound || pcBeta >= tbBound ||
		n.hit && int(n.entry.Depth) >= n.depth-3 && n.ttScore < pcBeta {
		return 0, false
	}
	var mp picker
	mp.initQuiescence(t.pos, &t.hist, n.ttMove)
	mp.capt = &t.capt
	for m := mp.next(); m != board.NoMove; m = mp.next() {
		if !t.pos.SEEGE(m, pcBeta-n.staticEval) {
			continue
		}
		score = t.probCutMove(n, m, pcBeta)
		if t.stopped {
			return 0, true
		}
		if score >= pcBeta {
			t.table.Store(n.key, tt.Entry{
				Move:  uint16(m),
				Score: int16(scoreToTT(score, n.ply)),
				Eval:  int16(max(n.staticEval, -mateBound)),
				Depth: int8(n.depth - 3),
				Bound: Lower,
			})
			return score, true
		}
	}
	return 0, false
}

// probCutMove makes the capture m of the node n and returns its score
// against the zero window at pcBeta: a quiescence search's, and if that
// holds pcBeta, a search's 4 plies shallower than the node.
func (t *thread) probCutMove(n *node, m board.Move, pcBeta int) int {
	t.makeMove(n.ply, m)
	score := -t.qsearch(-pcBeta, -pcBeta+1, n.ply+1)
	if score >= pcBeta && !t.stopped {
		score = -t.search(-pcBeta, -pcBeta+1, n.depth-4, n.ply+1, !n.cutNode)
	}
	t.pos.Unmake()
	return score
}

// internalReduction takes a ply off the depth of the PV or cut node n
// when the table gave it no move, from iirDepth on
// (InternalIterativeReduction): the node is probably new, and a shallower
// search finds a hash move for the next, deeper visit cheaply.
func (t *thread) internalReduction(n *node) {
	if t.r.features&InternalIterativeReduction != 0 && n.depth >= iirDepth && n.ttMove == board.NoMove &&
		(n.pvNode || n.cutNode) && n.excluded == board.NoMove {
		n.depth--
	}
}

// searchMoves searches the moves of the node n, best first, and returns
// the best score and the move that raised alpha to it, if any. final is
// set when best is the node's score as it stands rather than a result
// for the table: the search stopped (best is 0), a multi-cut settled the
// node, it has no legal move, or it excludes a move (a singular extension
// search).
func (t *thread) searchMoves(n *node) (best int, bestMove board.Move, final bool) {
	pos, sf := t.pos, &t.stack[n.ply]
	if prev := &t.stack[n.ply-1]; prev.move != board.NoMove {
		n.counter = t.counters[prev.piece][prev.move.To()]
	}
	sf.threats = pos.Threats()
	var mp picker
	mp.init(pos, &t.hist, n.ttMove, sf.killers, n.counter)
	mp.cont = [2]*pieceToHistory{t.contOf(n.ply - 1), t.contOf(n.ply - 2)}
	mp.capt = &t.capt
	mp.attacked = sf.threats.Attacked

	best, bestMove = -infinity, board.NoMove
	alpha := n.alpha
	// Shallow-depth pruning waits until a move has saved the side to move
	// from being mated, and stays off while it has only king and pawns,
	// where zugzwang is common.
	mayPrune := pos.NonPawnMaterial(pos.SideToMove())
	checks := pos.CheckInfo()
	moveCount, quietCount, captureCount := 0, 0, 0
	for m := mp.next(); m != board.NoMove; m = mp.next() {
		if m == n.excluded {
			continue
		}
		moveCount++
		quiet := !m.IsPromotion() && !pos.IsCapture(m)
		givesCheck := pos.GivesCheckWith(&checks, m)
		quietHist := 0
		if quiet {
			quietHist = mp.historyOf(m)
		}
		if mayPrune && best > -tbBound && t.pruneMove(n, m, alpha, moveCount, quietHist, quiet, givesCheck) {
			continue
		}
		newDepth, reduced := n.depth-1, 0
		if m == n.ttMove || givesCheck { // the only moves extended
			ext, score, cut := t.extension(n, m, givesCheck)
			if cut {
				return score, board.NoMove, true
			}
			newDepth += ext
		}
		if t.r.features&LateMoveReduction != 0 && n.depth >= 3 && moveCount > 1+b2i(n.pvNode) && (quiet || !mp.good(m)) {
			reduced = t.reducedDepth(n, m, newDepth, moveCount, quietHist, quiet, givesCheck)
		}
		score := t.searchMove(n, m, alpha, newDepth, reduced, moveCount)
		if t.stopped {
			return 0, board.NoMove, true
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				if n.pvNode {
					t.updatePV(n.ply, m)
				}
				if score >= n.beta {
					sf.cutoffs++
					t.rewardCutoff(n.ply, m, quiet, n.depth, quietCount, captureCount)
					break
				}
				alpha = score
			}
		}
		if quiet && quietCount < len(sf.quiets) {
			sf.quiets[quietCount] = m
			quietCount++
		} else if !quiet && captureCount < len(sf.captures) {
			sf.captures[captureCount] = m
			captureCount++
		}
	}
	return t.finalScore(n, best, bestMove, moveCount)
}

// finalScore completes searchMoves for the node n once its moveCount
// moves are searched, best being the best of their scores: a node without
// a legal move is mated or stalemated, unless it excluded its only move.
func (t *thread) finalScore(n *node, best int, bestMove board.Move, moveCount int) (int, board.Move, bool) {
	switch {
	case moveCount > 0:
		return best, bestMove, n.excluded != board.NoMove
	case n.excluded != board.NoMove:
		return n.alpha, board.NoMove, true // the excluded move was the only one
	case n.inCheck:
		return -mate + n.ply, board.NoMove, true
	}
	return 0, board.NoMove, true // stalemate
}

// pruneMove reports whether m, the moveCount-th move of the node n, can be
// skipped at shallow depth: a quiet move that comes late, that could not
// lift the static evaluation to alpha even with a margin for what it may
// gain, whose history score quietHist says it fails (historyPrunes), or
// that loses material by SEE; or a capture that loses more than the depth
// allows. lmrDepth, the depth that late move reductions would leave,
// scales the margins. Checks, evasions, and quiet moves that take a
// threatened piece to safety are never pruned for coming late, for the
// margin or for their history: the static evaluation does not see the
// piece that is lost without them, and at the frontier they came too
// late to be tried (NOTES.md, "Threats").
func (t *thread) pruneMove(n *node, m board.Move, alpha, moveCount, quietHist int, quiet, givesCheck bool) bool {
	f, depth := t.r.features, n.depth
	if !quiet {
		return f&SEEPruning != 0 && depth <= 6 && !t.pos.SEEGE(m, -seeCaptureMargin.value()*depth)
	}
	lmrDepth := depth - 1
	if depth < 64 && moveCount < 64 {
		lmrDepth -= int(lmrTable[depth][moveCount])
	}
	prunable := !n.inCheck && !givesCheck && !t.stack[n.ply].threats.Saves(m)
	switch {
	case f&LateMovePruning != 0 && prunable && moveCount >= lmpLimit(depth, n.improving):
		return true
	case f&Futility != 0 && prunable && lmrDepth <= 8 && n.staticEval+futilityBase.value()+futilityMargin.value()*max(lmrDepth, 0) <= alpha:
		return true
	case f&HistoryPruning != 0 && prunable && t.historyPrunes(n, m, lmrDepth, quietHist):
		return true
	}
	d := max(lmrDepth, 0)
	return f&SEEPruning != 0 && lmrDepth <= 8 && !t.pos.SEEGE(m, -seeQuietMargin.value()*d*d)
}

// historyPrunes reports whether history pruning (HistoryPruning) skips the
// quiet move m of the node n, neither in check nor giving it, whose
// late-move-reduced depth is lmrDepth: at a non-PV node, below
// historyPruneDepth, when its history score quietHist (butterfly plus the
// two continuation histories) is under -historyPruneMargin a ply of the
// node's depth, and it is neither a killer nor the counter-move. Like
// every move pruning, it waits until a move has been searched.
func (t *thread) historyPrunes(n *node, m board.Move, lmrDepth, quietHist int) bool {
	sf := &t.stack[n.ply]
	return !n.pvNode && lmrDepth < historyPruneDepth && quietHist < -historyPruneMargin*n.depth &&
		m != sf.killers[0] && m != sf.killers[1] && m != n.counter
}

// extension returns the plies by which the move m of the node n is
// searched deeper: one for a singular hash move or a check, at most one
// in all, and none beyond twice the root's depth. cut is set when the
// singular extension search settled the node instead, with the score to
// return.
func (t *thread) extension(n *node, m board.Move, givesCheck bool) (ext, score int, cut bool) {
	if n.ply >= 2*t.rootDepth {
		return 0, 0, false
	}
	if m == n.ttMove {
		if ext, score, cut = t.singular(n, m); ext > 0 || cut {
			return ext, score, cut
		}
	}
	if givesCheck && t.r.features&CheckExtension != 0 {
		return 1, 0, false
	}
	return 0, 0, false
}

// singular tests whether m, the hash move of the node n, is singular: when
// every other move falls well short of the table's score for it, it is
// forced and deserves a ply more (ext 1). When the other moves reach beta
// even so, several moves refute the node (multi-cut) and cut is set, with
// the score to return (0 if the search stopped). The test needs a deep
// enough lower bound in the table, away from the mate scores.
func (t *thread) singular(n *node, m board.Move) (ext, score int, cut bool) {
	if t.r.features&SingularExtension == 0 || n.depth < 8 || n.excluded != board.NoMove ||
		n.entry.Bound&Lower == 0 || int(n.entry.Depth) < n.depth-3 ||
		n.ttScore <= -tbBound || n.ttScore >= tbBound {
		return 0, 0, false
	}
	sBeta := n.ttScore - singularMargin.value()*n.depth
	sf := &t.stack[n.ply]
	sf.excluded = m
	v := t.search(sBeta-1, sBeta, (n.depth-1)/2, n.ply, n.cutNode)
	sf.excluded = board.NoMove
	switch {
	case t.stopped:
		return 0, 0, true
	case v < sBeta:
		return 1, 0, false
	case sBeta >= n.beta:
		return 0, sBeta, true
	}
	return 0, 0, false
}

// reducedDepth returns the depth, between 1 and newDepth, to which late
// move reductions first search m, the moveCount-th move of the node n.
// The reduction grows with depth and move number, more at expected cut
// nodes and when not improving, less at PV nodes, for checks, killers and
// the counter-move, quiet moves that take a threatened piece to safety,
// and quiet moves with a good history.
func (t *thread) reducedDepth(n *node, m board.Move, newDepth, moveCount, quietHist int, quiet, givesCheck bool) int {
	r := int(lmrTable[min(n.depth, 63)][min(moveCount, 63)])
	r += b2i(n.cutNode) - b2i(n.pvNode) - b2i(givesCheck) + b2i(!n.improving) + b2i(t.stack[n.ply+1].cutoffs > 3)
	if quiet {
		sf := &t.stack[n.ply]
		r -= b2i(sf.threats.Saves(m))
		if m == sf.killers[0] || m == sf.killers[1] || m == n.counter {
			r--
		} else {
			r -= quietHist / lmrHistory.value()
		}
	}
	return min(max(newDepth-r, 1), newDepth)
}

// searchMove makes m, the moveCount-th move of the node n, searches it to
// newDepth and returns its score. A move that late move reductions reduce
// (reduced > 0) is first searched to that depth with the zero window at
// alpha, and to newDepth only if it beats alpha. At a PV node, the moves
// after the first get the zero window first and the full window only if
// they land inside it.
func (t *thread) searchMove(n *node, m board.Move, alpha, newDepth, reduced, moveCount int) int {
	ply := n.ply
	t.makeMove(ply, m)
	score := 0
	if reduced > 0 {
		score = -t.search(-alpha-1, -alpha, reduced, ply+1, true)
		if score > alpha && reduced < newDepth {
			score = -t.search(-alpha-1, -alpha, newDepth, ply+1, !n.cutNode)
		}
	} else if !n.pvNode || moveCount > 1 {
		score = -t.search(-alpha-1, -alpha, newDepth, ply+1, !n.cutNode)
	}
	if n.pvNode && (moveCount == 1 || score > alpha && score < n.beta) {
		score = -t.search(-n.beta, -alpha, newDepth, ply+1, false)
	}
	t.pos.Unmake()
	return score
}

// store records the result of the node n in the table: the score best with
// its bound, the move bestMove that reached it, and the static evaluation
// for later visits.
func (t *thread) store(n *node, best int, bestMove board.Move) {
	bound := Upper
	switch {
	case best >= n.beta:
		bound = Lower
	case n.pvNode && best > n.alpha:
		bound = Exact
	}
	t.table.Store(n.key, tt.Entry{
		Move:  uint16(bestMove),
		Score: int16(scoreToTT(best, n.ply)),
		Eval:  int16(max(n.staticEval, -mateBound)),
		Depth: int8(n.depth),
		Bound: bound,
	})
}

// lmpLimit is the number of quiet moves searched at depth before the rest
// are pruned.
func lmpLimit(depth int, improving bool) int {
	if improving {
		return lmpBase.value() + depth*depth
	}
	return (lmpBase.value() + depth*depth) / 2
}

// rewardCutoff updates the move-ordering statistics after m caused a
// cutoff: killers, counter-move, history and continuation history reward a
// quiet m and penalise the quiet moves tried before it; capture history
// rewards a capture m; the captures tried before m are penalised either way.
func (t *thread) rewardCutoff(ply int, m board.Move, quiet bool, depth, quietCount, captureCount int) {
	sf := &t.stack[ply]
	bonus := historyBonus(depth)
	if quiet {
		if sf.killers[0] != m {
			sf.killers[1], sf.killers[0] = sf.killers[0], m
		}
		if prev := &t.stack[ply-1]; prev.move != board.NoMove {
			t.counters[prev.piece][prev.move.To()] = m
		}
		t.rewardQuiet(ply, m, bonus)
		for _, q := range sf.quiets[:quietCount] {
			t.rewardQuiet(ply, q, -bonus)
		}
	} else {
		gravity(t.captureEntry(m), bonus)
	}
	for _, c := range sf.captures[:captureCount] {
		gravity(t.captureEntry(c), -bonus)
	}
}

// rewardQuiet adds bonus to the history and continuation histories of the
// quiet move m at ply.
func (t *thread) rewardQuiet(ply int, m board.Move, bonus int) {
	pc, to := t.pos.PieceAt(m.From()), m.To()
	t.hist.update(t.pos.SideToMove(), t.stack[ply].threats.Attacked, m, bonus)
	gravity(&t.contOf(ply - 1)[pc][to], bonus)
	gravity(&t.contOf(ply - 2)[pc][to], bonus)
}

// captureEntry returns the capture history entry of the capture or
// promotion m.
func (t *thread) captureEntry(m board.Move) *int16 {
	return &t.capt[t.pos.PieceAt(m.From())][m.To()][capturedType(t.pos, m)]
}

// makeMove makes m, the move from ply, with what the thread keeps beside
// the board: the move's stack frame and the evaluator's accumulator. It
// first starts loading the table entry of the position after m, which
// the search of it probes first, so that memory works while the
// accumulator is updated.
func (t *thread) makeMove(ply int, m board.Move) {
	t.table.Prefetch(t.pos.KeyAfter(m))
	t.playing(ply, m)
	t.ev.push(ply, t.pos, m)
	t.pos.Make(m)
}

// playing records m (NoMove for a null move) as the move made from ply.
// The position must not have made it yet.
func (t *thread) playing(ply int, m board.Move) {
	sf := &t.stack[ply]
	sf.move = m
	if m == board.NoMove {
		sf.piece, sf.cont = board.NoPiece, &t.cont[board.NoPiece][0]
		return
	}
	sf.piece = t.pos.PieceAt(m.From())
	sf.cont = &t.cont[sf.piece][m.To()]
}

// contOf returns the continuation history row of the move made from ply;
// before the root, that of a null move.
func (t *thread) contOf(ply int) *pieceToHistory {
	if ply < 0 {
		return &t.cont[board.NoPiece][0]
	}
	return t.stack[ply].cont
}

func (t *thread) updatePV(ply int, m board.Move) {
	t.pvTable[ply][0] = m
	n := copy(t.pvTable[ply][1:], t.pvTable[ply+1][:t.pvLen[ply+1]])
	t.pvLen[ply] = n + 1
}

// qsearch searches captures and promotions (all evasions when in check)
// until the position is quiet, so that the static evaluation is only
// trusted where nothing hangs.
func (t *thread) qsearch(alpha, beta, ply int) int {
	if score, ok := t.settled(ply); ok {
		return score
	}
	pos := t.pos
	inCheck := pos.InCheck()
	pvNode := beta-alpha > 1

	key := pos.Key()
	entry, hit := t.table.Probe(key)
	ttMove, ttScore := board.NoMove, 0
	if hit {
		ttMove = board.Move(entry.Move)
		ttScore = scoreFromTT(int(entry.Score), ply, pos.Rule50())
		if !pvNode && cutoff(entry.Bound, ttScore, alpha, beta) {
			return ttScore
		}
	}

	best, staticEval := -mate+ply, noEval
	if !inCheck {
		staticEval = t.staticEval(ply, entry, hit)
		best = staticEval
		if hit && ttScore > -tbBound && ttScore < tbBound && sharpens(entry.Bound, ttScore, best) {
			best = ttScore
		}
		if best >= beta {
			if !hit {
				t.table.Store(key, tt.Entry{Score: int16(scoreToTT(best, ply)), Eval: int16(staticEval), Bound: Lower})
			}
			return best
		}
		alpha = max(alpha, best)
	}

	var mp picker
	mp.initQuiescence(pos, &t.hist, ttMove)
	mp.capt = &t.capt
	bestMove := board.NoMove
	for m := mp.next(); m != board.NoMove; m = mp.next() {
		if !inCheck && !m.IsPromotion() {
			// Delta pruning: even winning the piece cannot reach alpha.
			if staticEval+pieceValue[capturedType(pos, m)]+200 <= alpha {
				continue
			}
		}
		t.makeMove(ply, m)
		score := -t.qsearch(-beta, -alpha, ply+1)
		pos.Unmake()
		if t.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				if score >= beta {
					break
				}
				alpha = score
			}
		}
	}
	bound := Upper
	if best >= beta {
		bound = Lower
	}
	t.table.Store(key, tt.Entry{
		Move:  uint16(bestMove),
		Score: int16(scoreToTT(best, ply)),
		Eval:  int16(max(staticEval, -mateBound)),
		Bound: bound,
	})
	return best
}

// cutoff reports whether a stored score with bound b settles the window.
func cutoff(b Bound, score, alpha, beta int) bool {
	return b == Exact || b == Lower && score >= beta || b == Upper && score <= alpha
}

// scoreToTT converts a mate or tablebase score from distance-to-root, as
// the search uses it, to distance-to-this-node, as the table stores it.
func scoreToTT(s, ply int) int {
	switch {
	case s >= tbBound:
		return s + ply
	case s <= -tbBound:
		return s - ply
	}
	return s
}

// scoreFromTT undoes scoreToTT at ply, for a node whose fifty-move
// counter is rule50. The table does not know the counter: a mate stored
// from a node with fewer reversible moves behind it may lie beyond the
// fifty-move rule here, where it is no proven mate, and so may a
// tablebase win whose probe lies too many plies away. Such a score comes
// back as one just short of the tablebase range instead, as in
// Stockfish's value_from_tt: still a win (or loss) for the search to aim
// at (or avoid), but no proof. A mate on the hundredth ply stands, as
// checkmate ends the game before the rule draws it.
func scoreFromTT(s, ply, rule50 int) int {
	switch {
	case s >= mateBound && mate-s > 100-rule50, s >= tbBound && s < mateBound && tbWin-s > 100-rule50:
		return tbBound - 1
	case s <= -mateBound && mate+s > 100-rule50, s <= -tbBound && s > -mateBound && tbWin+s > 100-rule50:
		return -tbBound + 1
	case s >= tbBound:
		return s - ply
	case s <= -tbBound:
		return s + ply
	}
	return s
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
