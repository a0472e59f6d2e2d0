package engine

import (
	"math"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/tt"
	"github.com/luftchess/luft/eval"
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
	pv        []board.Move
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
	eval  *eval.Evaluator

	nodes     uint64
	shared    atomic.Uint64 // nodes, published every checkInterval nodes
	nodeLimit uint64
	others    uint64 // nodes of the helpers at the last check (main thread)
	stopped   bool
	yield     bool // search threads >= GOMAXPROCS: yield the P at each check

	rootDepth int
	selDepth  int
	pvIdx     int
	rootMoves []rootMove
	reported  board.Move // best move of the last report
	nmpMinPly int

	hist     history
	cont     contHistory
	capt     captureHistory
	corr     correctionHistory
	counters counterMoves
	stack    [MaxPly + 4]frame
	pvTable  [MaxPly + 1][MaxPly + 1]board.Move
	pvLen    [MaxPly + 1]int
}

// lmrTable holds the base late-move reduction by depth and move number.
var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int8(0.75 + math.Log(float64(d))*math.Log(float64(m))/2.25)
		}
	}
}

func newThread(id int, e *Engine) *thread {
	return &thread{id: id, e: e, eval: eval.New()}
}

func (t *thread) clearHistory() {
	t.hist = history{}
	t.cont = contHistory{}
	t.capt = captureHistory{}
	t.corr = correctionHistory{}
	t.counters = counterMoves{}
}

// prepare readies the thread for the search r of pos.
func (t *thread) prepare(r *run, pos *board.Position, root []rootMove) {
	t.r = r
	t.table = t.e.table
	t.pos = pos.Clone()
	t.rootMoves = slices.Clone(root)
	t.nodes, t.others, t.stopped, t.nmpMinPly = 0, 0, false, 0
	t.reported = board.NoMove
	t.yield = len(r.threads) >= runtime.GOMAXPROCS(0)
	t.shared.Store(0)
	t.nodeLimit = math.MaxUint64
	if r.lim.Nodes > 0 && !r.lim.Infinite && t.id == 0 {
		t.nodeLimit = r.lim.Nodes
	}
	for i := range t.stack {
		t.stack[i].killers = [2]board.Move{}
	}
	t.stack[0].eval = noEval
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
		t.reportLines(depth)
		best := &t.rootMoves[0]
		scale := stab.update(best.move, best.score)
		if r.lim.Infinite || !r.limitsOn.Load() {
			continue
		}
		if r.lim.Depth > 0 && depth >= r.lim.Depth {
			break
		}
		if r.lim.Mate > 0 && best.score >= mate-2*r.lim.Mate+1 {
			break
		}
		if r.timed && !r.budget.fixed {
			if len(t.rootMoves) == 1 || provenMate(best.score, depth) {
				break
			}
			soft := time.Duration(float64(r.budget.soft) * scale)
			if time.Since(r.clockStart) >= min(soft, r.budget.hard) {
				break
			}
		}
	}
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
	delta := 15
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
		if t.id == 0 && time.Since(t.r.start) > 3*time.Second {
			t.r.report(Info{Depth: depth, CurrMove: m, CurrMoveNumber: i + 1})
		}
		t.playing(0, m)
		newDepth := depth - 1
		pos.Make(m)
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
		if t.stopped {
			return best
		}
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
			runtime.Gosched()
		}
	}
	if t.nodes+t.others >= t.nodeLimit && t.rootDepth > 1 && t.r.limitsOn.Load() {
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
	return t.evaluate(), true
}

// evaluate returns the static evaluation, kept clear of the mate scores.
func (t *thread) evaluate() int {
	return min(max(t.eval.Evaluate(t.pos), -mateBound+1), mateBound-1)
}

// staticEval returns the evaluation of a node not in check, before and
// after correction: the table's copy of the uncorrected one when entry is a
// hit, else a fresh one.
func (t *thread) staticEval(entry tt.Entry, hit bool) (raw, corrected int) {
	if hit {
		raw = int(entry.Eval)
	} else {
		raw = t.evaluate()
	}
	corrected = raw
	if t.r.features&CorrectionHistory != 0 {
		corrected = min(max(raw+t.corr.get(t.pos), -mateBound+1), mateBound-1)
	}
	return raw, corrected
}

// search is the fail-soft principal variation search below the root.
func (t *thread) search(alpha, beta, depth, ply int, cutNode bool) int {
	if depth <= 0 {
		return t.qsearch(alpha, beta, ply)
	}
	if score, ok := t.settled(ply); ok {
		return score
	}
	pos := t.pos
	inCheck := pos.InCheck()
	f := t.r.features
	pvNode := beta-alpha > 1

	if f&MateDistancePruning != 0 {
		alpha = max(alpha, -mate+ply)
		beta = min(beta, mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	// Transposition table. A search that excludes a move (for a singular
	// extension) is not the search the table's entry describes.
	sf := &t.stack[ply]
	excluded := sf.excluded
	key := pos.Key()
	entry, hit := t.table.Probe(key)
	ttMove, ttScore := board.NoMove, 0
	if hit {
		ttMove, ttScore = board.Move(entry.Move), scoreFromTT(int(entry.Score), ply, pos.Rule50())
		if !pvNode && excluded == board.NoMove && int(entry.Depth) >= depth && cutoff(entry.Bound, ttScore, alpha, beta) {
			return ttScore
		}
	}

	// Static evaluation, sharpened by the table's score when its bound
	// allows.
	t.stack[ply+2].killers = [2]board.Move{}
	rawEval, staticEval, eval := noEval, noEval, noEval
	if !inCheck {
		rawEval, staticEval = t.staticEval(entry, hit)
		eval = staticEval
		if hit && (entry.Bound == tt.Exact ||
			entry.Bound == tt.Lower && ttScore > eval ||
			entry.Bound == tt.Upper && ttScore < eval) {
			eval = ttScore
		}
	}
	sf.eval = staticEval
	improving := !inCheck && ply >= 2 && staticEval > t.stack[ply-2].eval
	us := pos.SideToMove()

	if !pvNode && !inCheck && excluded == board.NoMove {
		// Reverse futility: far enough above beta that a quiet move
		// cannot bring the score back under it.
		if f&ReverseFutility != 0 && depth <= 8 && eval < mateBound && beta > -mateBound &&
			eval-80*(depth-b2i(improving)) >= beta {
			return eval
		}
		// Null move: if passing still fails high, a real move will too.
		if f&NullMove != 0 && depth >= 3 && eval >= beta && staticEval >= beta && beta > -mateBound &&
			ply >= t.nmpMinPly && t.stack[ply-1].move != board.NoMove && pos.NonPawnMaterial(us) {
			r := 3 + depth/3 + min((eval-beta)/200, 3)
			t.playing(ply, board.NoMove)
			pos.MakeNull()
			score := -t.search(-beta, -beta+1, depth-r, ply+1, !cutNode)
			pos.UnmakeNull()
			if t.stopped {
				return 0
			}
			if score >= beta {
				if score >= mateBound {
					score = beta
				}
				endgame := (pos.ByColor(us) &^ (pos.ByType(board.Pawn) | pos.ByType(board.King))).Count() <= 1
				if t.nmpMinPly != 0 || (depth < 12 && !endgame) {
					return score
				}
				// Verify with a reduced search without null moves, as
				// zugzwang is likely.
				t.nmpMinPly = ply + 3*(depth-r)/4
				v := t.search(beta-1, beta, depth-r, ply, false)
				t.nmpMinPly = 0
				if v >= beta {
					return score
				}
			}
		}
		// ProbCut: a good capture that beats beta by a margin in a
		// shallow search would almost surely beat beta in a full one.
		pcBeta := beta + 200
		if f&ProbCut != 0 && depth >= 5 && beta > -mateBound && pcBeta < mateBound &&
			!(hit && int(entry.Depth) >= depth-3 && ttScore < pcBeta) {
			if score, m := t.probCut(pcBeta, staticEval, depth, ply, ttMove, cutNode); m != board.NoMove {
				t.table.Store(key, tt.Entry{
					Move:  uint16(m),
					Score: int16(scoreToTT(score, ply)),
					Eval:  int16(rawEval),
					Depth: int8(depth - 3),
					Bound: tt.Lower,
				})
				return score
			} else if t.stopped {
				return 0
			}
		}
	}

	// Internal iterative reduction: without a hash move this node is
	// probably new, so search it shallower first.
	if f&InternalIterativeReduction != 0 && depth >= 4 && ttMove == board.NoMove && (pvNode || cutNode) && excluded == board.NoMove {
		depth--
	}

	counter := board.NoMove
	if prev := &t.stack[ply-1]; prev.move != board.NoMove {
		counter = t.counters[prev.piece][prev.move.To()]
	}
	var mp picker
	mp.init(pos, &t.hist, ttMove, sf.killers, counter)
	mp.cont = [2]*pieceToHistory{t.contOf(ply - 1), t.contOf(ply - 2)}
	mp.capt = &t.capt

	best, bestMove := -infinity, board.NoMove
	moveCount, quietCount, captureCount := 0, 0, 0
	origAlpha := alpha
	for m := mp.next(); m != board.NoMove; m = mp.next() {
		if m == excluded {
			continue
		}
		moveCount++
		quiet := !m.IsPromotion() && !pos.IsCapture(m)
		givesCheck := pos.GivesCheck(m)
		quietHist := 0
		if quiet {
			quietHist = mp.quietHistory(m)
		}

		// Shallow-depth pruning, once a move has saved us from being mated.
		if best > -mateBound && pos.NonPawnMaterial(us) {
			lmrDepth := depth - 1
			if depth < 64 && moveCount < 64 {
				lmrDepth -= int(lmrTable[depth][moveCount])
			}
			if quiet {
				if f&HistoryPruning != 0 && lmrDepth < 4 && quietHist < -3000*depth &&
					m != sf.killers[0] && m != sf.killers[1] && m != counter {
					continue
				}
				if f&LateMovePruning != 0 && !inCheck && !givesCheck && moveCount >= lmpLimit(depth, improving) {
					continue
				}
				if f&Futility != 0 && !inCheck && !givesCheck && lmrDepth <= 8 &&
					staticEval+100+120*max(lmrDepth, 0) <= alpha {
					continue
				}
				if f&SEEPruning != 0 && lmrDepth <= 8 && !pos.SEEGE(m, -25*max(lmrDepth, 0)*max(lmrDepth, 0)) {
					continue
				}
			} else if f&SEEPruning != 0 && depth <= 6 && !pos.SEEGE(m, -100*depth) {
				continue
			}
		}

		newDepth := depth - 1
		canExtend := ply < 2*t.rootDepth
		// Singular extension: when every other move falls well short of
		// the table's score for the hash move, the hash move is forced
		// and deserves a deeper look. When even the others reach beta,
		// several moves refute the node (multi-cut) and it can return.
		if m == ttMove && f&SingularExtension != 0 && canExtend && depth >= 8 && excluded == board.NoMove &&
			entry.Bound&tt.Lower != 0 && int(entry.Depth) >= depth-3 && ttScore > -mateBound && ttScore < mateBound {
			sBeta := ttScore - 2*depth
			sf.excluded = m
			v := t.search(sBeta-1, sBeta, (depth-1)/2, ply, cutNode)
			sf.excluded = board.NoMove
			if t.stopped {
				return 0
			}
			if v < sBeta {
				newDepth++
				canExtend = false // one extension per move
			} else if sBeta >= beta {
				return sBeta
			}
		}
		if givesCheck && f&CheckExtension != 0 && canExtend {
			newDepth++
		}
		reduce := f&LateMoveReduction != 0 && depth >= 3 && moveCount > 1+b2i(pvNode) && (quiet || !mp.good(m))
		t.playing(ply, m)
		pos.Make(m)
		var score int
		if reduce {
			r := int(lmrTable[min(depth, 63)][min(moveCount, 63)])
			r += b2i(cutNode) - b2i(pvNode) - b2i(givesCheck) + b2i(!improving)
			if quiet {
				if m == sf.killers[0] || m == sf.killers[1] || m == counter {
					r--
				} else {
					r -= quietHist / 16384
				}
			}
			d := min(max(newDepth-r, 1), newDepth)
			score = -t.search(-alpha-1, -alpha, d, ply+1, true)
			if score > alpha && d < newDepth {
				score = -t.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			score = -t.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
		}
		if pvNode && (moveCount == 1 || score > alpha && score < beta) {
			score = -t.search(-beta, -alpha, newDepth, ply+1, false)
		}
		pos.Unmake()
		if t.stopped {
			return 0
		}

		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				if pvNode {
					t.updatePV(ply, m)
				}
				if score >= beta {
					t.rewardCutoff(ply, m, quiet, depth, quietCount, captureCount)
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

	if moveCount == 0 {
		switch {
		case excluded != board.NoMove:
			return alpha
		case inCheck:
			return -mate + ply
		}
		return 0
	}
	if excluded != board.NoMove {
		return best
	}
	bound := tt.Upper
	switch {
	case best >= beta:
		bound = tt.Lower
	case pvNode && best > origAlpha:
		bound = tt.Exact
	}
	t.table.Store(key, tt.Entry{
		Move:  uint16(bestMove),
		Score: int16(scoreToTT(best, ply)),
		Eval:  int16(max(rawEval, -mateBound)),
		Depth: int8(depth),
		Bound: bound,
	})
	// Teach the correction history what the search found, unless a capture
	// or promotion explains the difference or the bound says nothing
	// about the direction of the error.
	if f&CorrectionHistory != 0 && !inCheck && (bestMove == board.NoMove || !pos.IsCapture(bestMove) && !bestMove.IsPromotion()) &&
		best > -mateBound && best < mateBound &&
		!(bound == tt.Lower && best <= staticEval) && !(bound == tt.Upper && best >= staticEval) {
		t.corr.update(pos, depth, best-staticEval)
	}
	return best
}

// probCut tries the captures that win at least pcBeta-staticEval by SEE,
// each first by quiescence and then by a search 4 plies shallower, and
// returns the first one whose score reaches pcBeta, with that score; or
// NoMove.
func (t *thread) probCut(pcBeta, staticEval, depth, ply int, ttMove board.Move, cutNode bool) (int, board.Move) {
	pos := t.pos
	var mp picker
	mp.initQuiescence(pos, &t.hist, ttMove)
	mp.capt = &t.capt
	for m := mp.next(); m != board.NoMove; m = mp.next() {
		if !pos.SEEGE(m, pcBeta-staticEval) {
			continue
		}
		t.playing(ply, m)
		pos.Make(m)
		score := -t.qsearch(-pcBeta, -pcBeta+1, ply+1)
		if score >= pcBeta {
			score = -t.search(-pcBeta, -pcBeta+1, depth-4, ply+1, !cutNode)
		}
		pos.Unmake()
		if t.stopped {
			return 0, board.NoMove
		}
		if score >= pcBeta {
			return score, m
		}
	}
	return 0, board.NoMove
}

// lmpLimit is the number of quiet moves searched at depth before the rest
// are pruned.
func lmpLimit(depth int, improving bool) int {
	if improving {
		return 3 + depth*depth
	}
	return (3 + depth*depth) / 2
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
	t.hist.update(t.pos.SideToMove(), m, bonus)
	gravity(&t.contOf(ply - 1)[pc][to], bonus)
	gravity(&t.contOf(ply - 2)[pc][to], bonus)
}

// captureEntry returns the capture history entry of the capture or
// promotion m.
func (t *thread) captureEntry(m board.Move) *int16 {
	return &t.capt[t.pos.PieceAt(m.From())][m.To()][capturedType(t.pos, m)]
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
	ttMove := board.NoMove
	if hit {
		ttMove = board.Move(entry.Move)
		if s := scoreFromTT(int(entry.Score), ply, pos.Rule50()); !pvNode && cutoff(entry.Bound, s, alpha, beta) {
			return s
		}
	}

	best, rawEval, staticEval := -mate+ply, noEval, noEval
	if !inCheck {
		rawEval, staticEval = t.staticEval(entry, hit)
		best = staticEval
		if best >= beta {
			if !hit {
				t.table.Store(key, tt.Entry{Score: int16(scoreToTT(best, ply)), Eval: int16(rawEval), Bound: tt.Lower})
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
		t.playing(ply, m)
		pos.Make(m)
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
	bound := tt.Upper
	if best >= beta {
		bound = tt.Lower
	}
	t.table.Store(key, tt.Entry{
		Move:  uint16(bestMove),
		Score: int16(scoreToTT(best, ply)),
		Eval:  int16(max(rawEval, -mateBound)),
		Bound: bound,
	})
	return best
}

// cutoff reports whether a stored score with bound b settles the window.
func cutoff(b tt.Bound, score, alpha, beta int) bool {
	return b == tt.Exact || b == tt.Lower && score >= beta || b == tt.Upper && score <= alpha
}

// scoreToTT converts a mate score from distance-to-root, as the search
// uses it, to distance-to-this-node, as the table stores it.
func scoreToTT(s, ply int) int {
	switch {
	case s >= mateBound:
		return s + ply
	case s <= -mateBound:
		return s - ply
	}
	return s
}

// scoreFromTT undoes scoreToTT at ply, for a node whose fifty-move
// counter is rule50. The table does not know the counter: a mate stored
// from a node with fewer reversible moves behind it may lie beyond the
// fifty-move rule here, where it is no proven mate. Such a mate comes back
// as a score just short of the mate range instead, as in Stockfish's
// value_from_tt: still a win (or loss) for the search to aim at (or
// avoid), but not a mate. A mate on the hundredth ply stands, as
// checkmate ends the game before the rule draws it.
func scoreFromTT(s, ply, rule50 int) int {
	switch {
	case s >= mateBound:
		if mate-s > 100-rule50 {
			return mateBound - 1
		}
		return s - ply
	case s <= -mateBound:
		if mate+s > 100-rule50 {
			return -mateBound + 1
		}
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
