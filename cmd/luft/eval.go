package main

import (
	"fmt"
	"io"
	"os"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/eval"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
)

const evalUsage = `usage: luft eval [-weights FILE] [-evalfile FILE] [FEN]

Prints the position's evaluations (the start position's by default): the
hand-crafted one term by term, then the network's.

options:
`

// runEval prints both evaluations of the position given as FEN (its
// fields may come as separate arguments): the hand-crafted one by term,
// with the default weights or those of a weights file such as luft tune
// fit writes, then the network's, the built-in one or that of -evalfile.
func runEval(args []string) int {
	fs := newFlagSet("eval", evalUsage)
	file := fs.String("weights", "", "evaluate with the weights of this `file` (or hand: the hand-made ones) instead of the built-in ones")
	netFile := fs.String("evalfile", nets.DefaultName, "the network `file`; "+nets.DefaultName+" is the built-in network")
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return flagStatus(err)
	}
	weights := eval.Default()
	if *file != "" {
		var err error
		if weights, err = startWeights(*file); err != nil {
			fmt.Fprintf(os.Stderr, "luft eval: %v\n", err)
			return 1
		}
	}
	p, err := parsePosition(fs.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft eval: %v\n", err)
		return 2
	}
	net, err := engine.ReadNetwork(*netFile)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft eval: %v\n", err)
		return 1
	}
	printBreakdown(os.Stdout, p, weights)
	printNetwork(os.Stdout, p, net, *netFile)
	return 0
}

// printNetwork writes the evaluation of p by net, read from the file name,
// for the side to move and from White's side.
func printNetwork(w io.Writer, p *board.Position, net *nnue.Network, name string) {
	acc := net.NewAccumulator()
	net.Refresh(acc, p)
	v := net.Evaluate(acc, p)
	white := v
	if p.SideToMove() == board.Black {
		white = -v
	}
	fmt.Fprintf(w, "\nnetwork %s (%d neurons): %+d from White's side\ntotal %d\n", name, net.Hidden, white, v)
}

// printBreakdown writes a table of the evaluation of p by term: each
// colour's middlegame and endgame values, and the tapered difference from
// White's point of view; its last line is the score for the side to move.
func printBreakdown(w io.Writer, p *board.Position, weights *eval.Weights) {
	var t eval.Trace
	v := eval.NewWith(weights).Trace(p, &t)
	rows := t.Breakdown(weights)
	fmt.Fprintf(w, "%-10s %7s %7s %7s %7s %7s\n", "term", "W mg", "W eg", "B mg", "B eg", "total")
	var mg, eg int
	for term, r := range rows {
		wh, bl := r[board.White], r[board.Black]
		dmg, deg := wh.MG-bl.MG, wh.EG-bl.EG
		mg, eg = mg+dmg, eg+deg
		fmt.Fprintf(w, "%-10v %7d %7d %7d %7d %7d\n", eval.Term(term), wh.MG, wh.EG, bl.MG, bl.EG,
			eval.Taper(dmg, deg, t.Phase, t.Scale))
	}
	fmt.Fprintf(w, "%-10s %7d %7d %7s %7s %7d\n", "W-B", mg, eg, "", "", eval.Taper(mg, eg, t.Phase, t.Scale))
	fmt.Fprintf(w, "phase %d of %d (the middlegame's share: %d with all pieces on, 0 with kings and pawns only), endgame scale %d of %d; totals from White's side\n",
		t.Phase, eval.MaxPhase, eval.MaxPhase, t.Scale, eval.NormalScale)
	if eval.Basic {
		fmt.Fprintln(w, "evalbasic build: material, piece-square tables and tempo only")
	}
	side := "White"
	if p.SideToMove() == board.Black {
		side = "Black"
	}
	fmt.Fprintf(w, "%s to move\ntotal %d\n", side, v)
}
