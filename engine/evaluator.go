package engine

import (
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/eval"
	"github.com/luftchess/luft/eval/nnue"
)

// evaluator is a search thread's static evaluation: the network's when
// net is set, and otherwise the hand-crafted one. The search asks it
// through this concrete type, never an interface, so that its calls are
// direct and push is inlined: the hand-crafted evaluation pays one branch
// on net for the network's being there, at each move made and at each
// evaluation.
type evaluator struct {
	hand *eval.Evaluator // the hand-crafted evaluation, with its pawn table

	// net, when not nil, evaluates instead of hand, from accs[ply], the
	// accumulator of the position at ply: accs[0] is refreshed at the
	// root, and accs[ply+1] is derived from accs[ply] before every move
	// made from ply (push), so Unmake needs nothing. net is the current
	// search's, set at its start from the engine's options and its
	// limits (start), never kept as a choice of the evaluator's own.
	net  *nnue.Network
	accs []nnue.Accumulator // sized for the network of the engine's options (reserve)
}

func newEvaluator() evaluator { return evaluator{hand: eval.New()} }

// reserve allocates the accumulator stack of a network of net's size,
// unless it has one; nil frees it.
func (ev *evaluator) reserve(net *nnue.Network) {
	if net == nil {
		ev.accs = nil
		return
	}
	if len(ev.accs) > 0 && len(ev.accs[0].Values[board.White]) == net.Hidden {
		return
	}
	// One accumulator per ply a node can be evaluated at (below MaxPly),
	// with room to spare, in one allocation.
	const plies = MaxPly + 1
	buf := make([]int16, 2*plies*net.Hidden)
	ev.accs = make([]nnue.Accumulator, plies)
	for i := range ev.accs {
		b := buf[2*i*net.Hidden : 2*(i+1)*net.Hidden]
		ev.accs[i].Values[board.White] = b[:net.Hidden:net.Hidden]
		ev.accs[i].Values[board.Black] = b[net.Hidden:]
	}
}

// start readies the evaluator for a search from the root pos, evaluated
// with net (nil: the hand-crafted evaluation), whose size reserve has
// allocated for.
func (ev *evaluator) start(net *nnue.Network, pos *board.Position) {
	ev.net = net
	if ev.net != nil {
		ev.net.Refresh(&ev.accs[0], pos)
	}
}

// push readies the evaluation of the position after m (NoMove for a null
// move), the move made from ply, which pos has not made yet. Every Make
// and MakeNull of the search follows a push.
func (ev *evaluator) push(ply int, pos *board.Position, m board.Move) {
	if ev.net != nil {
		ev.update(ply, pos, m)
	}
}

// update sets the network's accumulator of ply+1 to that of ply after m.
func (ev *evaluator) update(ply int, pos *board.Position, m board.Move) {
	if m == board.NoMove {
		ev.accs[ply+1].CopyFrom(&ev.accs[ply])
		return
	}
	ev.net.Update(&ev.accs[ply+1], &ev.accs[ply], pos, m)
}

// evaluate returns the static evaluation of pos, the position at ply,
// kept clear of the mate and tablebase scores.
func (ev *evaluator) evaluate(ply int, pos *board.Position) int {
	if ev.net != nil {
		return ev.netEvaluate(ply, pos)
	}
	return min(max(ev.hand.Evaluate(pos), -tbBound+1), tbBound-1)
}

// netCheck, when not nil, is called at every network evaluation, with the
// accumulator the search kept up to date incrementally and the position
// it should hold. Tests set it to compare with a fresh Refresh.
var netCheck func(net *nnue.Network, acc *nnue.Accumulator, pos *board.Position)

// netEvaluate returns the network's evaluation of pos, the position at
// ply, kept clear of the mate and tablebase scores.
func (ev *evaluator) netEvaluate(ply int, pos *board.Position) int {
	acc := &ev.accs[ply]
	if netCheck != nil {
		netCheck(ev.net, acc, pos)
	}
	return min(max(ev.net.Evaluate(acc, pos), -tbBound+1), tbBound-1)
}
