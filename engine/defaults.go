package engine

import "github.com/luftchess/luft/eval/nnue/nets"

// Luft's defaults, the one place each is kept: the UCI options declare
// them, the luft subcommands' flags, the browser game and genfens take
// them from here, and `luft defaults` prints them for the Makefile; a test
// holds OpenBench's engine file to them.
const (
	// DefaultHashMB is the transposition table's size in MiB: UCI's Hash,
	// luft bench's table, and each engine of luft datagen, review, serve
	// and genfens.
	DefaultHashMB = 16
	// DefaultThreads is the number of search threads: UCI's Threads.
	DefaultThreads = 1
	// DefaultDataNodes is the node budget of each search that makes
	// training data: a move of luft datagen's games and genfens' search
	// that judges an opening (OpenBench's DATAGEN preset plays at it).
	DefaultDataNodes = 5000
)

// DefaultOptions returns the options Luft plays with unless told
// otherwise: the built-in network (UCI's EvalFile at its default,
// nets.DefaultName, with Use NNUE on), DefaultHashMB of hash and
// DefaultThreads threads. Which evaluation a search plays with is
// Network's rule over the options.
func DefaultOptions() Options {
	return Options{HashMB: DefaultHashMB, Threads: DefaultThreads, MultiPV: 1, Net: nets.Default()}
}
