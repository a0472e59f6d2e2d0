package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/luftchess/luft/perft"
)

func runPerft(args []string) int {
	if len(args) < 1 {
		fmt.Fprintln(os.Stderr, "usage: luft perft DEPTH [FEN]")
		return 2
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > 12 {
		fmt.Fprintf(os.Stderr, "luft perft: depth %q is not a number from 1 to 12\n", args[0])
		return 2
	}
	p, err := parsePosition(args[1:])
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft perft: %v\n", err)
		return 2
	}
	start := time.Now()
	var total uint64
	for _, e := range perft.Divide(p, depth) {
		fmt.Printf("%v: %d\n", e.Move, e.Nodes)
		total += e.Nodes
	}
	elapsed := time.Since(start)
	fmt.Printf("\nnodes %d\ntime %d ms\nnps %.0f\n", total, elapsed.Milliseconds(), float64(total)/max(elapsed.Seconds(), 1e-9))
	return 0
}
