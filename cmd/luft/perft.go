package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/perft"
)

const perftUsage = `usage: luft perft [-960] DEPTH [FEN]

Counts the legal move tree of the position (the start position unless a
FEN is given, in one argument or as its fields) to DEPTH plies: each
move's count (divide), the total, the time and nodes per second.

flags:
`

func runPerft(args []string) int { return perftTo(os.Stdout, os.Stderr, args) }

// perftTo is runPerft writing the counts to out and errors to errOut.
// With -960 the FEN is read by the rules of Chess960 (X-FEN or
// Shredder-FEN castling rights) and castling is written king takes rook.
func perftTo(out, errOut io.Writer, args []string) int {
	fs := newFlagSet("perft", perftUsage)
	fs.SetOutput(errOut)
	c960 := fs.Bool("960", false, "a Chess960 position: read the FEN as X-FEN or Shredder-FEN, write castling as the king taking its rook")
	if err := parseFlags(fs, args, out); err != nil {
		return flagStatus(err)
	}
	chess960, args := *c960, fs.Args()
	if len(args) < 1 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > 12 {
		fmt.Fprintf(errOut, "luft perft: depth %q is not a number from 1 to 12 (see luft perft -h)\n", args[0])
		return 2
	}
	p, err := perftPosition(args[1:], chess960)
	if err != nil {
		fmt.Fprintf(errOut, "luft perft: %v\n", err)
		return 2
	}
	start := time.Now()
	var total uint64
	for _, e := range perft.Divide(p, depth) {
		fmt.Fprintf(out, "%s: %d\n", e.Move.UCI(chess960), e.Nodes)
		total += e.Nodes
	}
	elapsed := time.Since(start)
	fmt.Fprintf(out, "\nnodes %d\ntime %d ms\nnps %.0f\n", total, elapsed.Milliseconds(), float64(total)/max(elapsed.Seconds(), 1e-9))
	return 0
}

// perftPosition returns the position of the FEN in args (the start
// position when there is none), by the rules of Chess960 when chess960 is
// set. A FEN that only Chess960 reads gets a hint to say -960.
func perftPosition(args []string, chess960 bool) (*board.Position, error) {
	if chess960 {
		fen := strings.Join(args, " ")
		if fen == "" {
			fen = board.StartFEN
		}
		return board.ParseFEN960(fen)
	}
	p, err := parsePosition(args)
	if err != nil {
		if _, err960 := board.ParseFEN960(strings.Join(args, " ")); err960 == nil {
			return nil, fmt.Errorf("%v (a Chess960 position: give -960)", err)
		}
	}
	return p, err
}
