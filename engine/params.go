package engine

import "math"

// A param is one of the search's margins and reductions: its default
// value, and above valueBits its place in the list below. The search
// reads it as p.value(), which in the default build is the default, a
// constant, so the search pays nothing for it (params_const.go); a build
// with the spsa tag reads the value that a UCI spin option set instead,
// for OpenBench's SPSA to tune (params_spsa.go).
type param int

// valueBits is the width of a param's default: a default is in
// [0, 1<<valueBits).
const valueBits = 20

// def is p's default value.
func (p param) def() int { return int(p & (1<<valueBits - 1)) }

// index is p's place in the list of params, from 0 to paramCount-1.
func (p param) index() int { return int(p >> valueBits) }

// The search's margins and reductions with their defaults: the one place
// they are listed. To bake tuned values in, write them here.
const (
	aspirationDelta  param = iota<<valueBits | 15    // half-width of the first aspiration window, centipawns
	rfpDepth         param = iota<<valueBits | 8     // deepest node reverse futility prunes
	rfpMargin        param = iota<<valueBits | 80    // reverse futility margin a ply, centipawns
	nmpBase          param = iota<<valueBits | 3     // null-move reduction, plies
	nmpDepthDivisor  param = iota<<valueBits | 3     // one ply more of null-move reduction each this many plies of depth
	nmpEvalDivisor   param = iota<<valueBits | 200   // one ply more of null-move reduction each this many centipawns above beta
	seeCaptureMargin param = iota<<valueBits | 100   // SEE loss a ply of depth at which a capture is pruned, centipawns
	seeQuietMargin   param = iota<<valueBits | 25    // SEE loss a square ply at which a quiet move is pruned, centipawns
	futilityBase     param = iota<<valueBits | 100   // futility margin, centipawns
	futilityMargin   param = iota<<valueBits | 120   // futility margin a ply, centipawns
	lmpBase          param = iota<<valueBits | 3     // quiet moves searched at depth 0 before late move pruning
	lmrBase          param = iota<<valueBits | 75    // base of the late move reductions table, hundredths of a ply
	lmrDivisor       param = iota<<valueBits | 225   // divisor of the log-log term of the table, hundredths
	lmrHistory       param = iota<<valueBits | 16384 // history score worth a ply less of reduction
	singularMargin   param = iota<<valueBits | 2     // singular extension's margin below the table score a ply, centipawns

	// paramCount is the number of params.
	paramCount = iota
)

// The margins and depths of the optional techniques (OptionalFeatures).
// They are plain constants rather than params, so that the spsa build does
// not offer to tune techniques that are off; one that is kept becomes a
// param.
const (
	iirDepth           = 4    // shallowest node internal iterative reduction reduces
	historyPruneDepth  = 4    // history pruning acts below this late-move-reduced depth
	historyPruneMargin = 1000 // history pruning threshold a ply of depth, below 0
	probCutDepth       = 5    // shallowest node ProbCut tries
	probCutMargin      = 200  // ProbCut's beta above the node's, centipawns
)

// Tunable is a search parameter that a build with the spsa tag declares
// as a UCI spin option: its name, default and range, and the step
// OpenBench's SPSA starts with (c_end in its input lines).
type Tunable struct {
	Name              string
	Default, Min, Max int
	Step              float64

	p param // the parameter the option sets
}

// tunable is p as the UCI option name over [lo, hi], with SPSA step step.
func tunable(p param, name string, lo, hi int, step float64) Tunable {
	return Tunable{Name: name, Default: p.def(), Min: lo, Max: hi, Step: step, p: p}
}

// tunableSpecs are the params as UCI options, one each.
var tunableSpecs = []Tunable{
	tunable(aspirationDelta, "AspirationDelta", 5, 50, 3),
	tunable(rfpDepth, "RFPDepth", 4, 12, 0.5),
	tunable(rfpMargin, "RFPMargin", 40, 160, 8),
	tunable(nmpBase, "NMPBase", 2, 5, 0.5),
	tunable(nmpDepthDivisor, "NMPDepthDivisor", 2, 6, 0.5),
	tunable(nmpEvalDivisor, "NMPEvalDivisor", 100, 400, 20),
	tunable(seeCaptureMargin, "SEECaptureMargin", 50, 200, 10),
	tunable(seeQuietMargin, "SEEQuietMargin", 10, 60, 3),
	tunable(futilityBase, "FutilityBase", 40, 200, 10),
	tunable(futilityMargin, "FutilityMargin", 60, 240, 10),
	tunable(lmpBase, "LMPBase", 1, 8, 0.5),
	tunable(lmrBase, "LMRBase", 25, 150, 8),
	tunable(lmrDivisor, "LMRDivisor", 150, 350, 12),
	tunable(lmrHistory, "LMRHistory", 4096, 32768, 1024),
	tunable(singularMargin, "SingularMargin", 1, 5, 0.5),
}

// initLMR fills the late move reductions table from lmrBase and
// lmrDivisor.
func initLMR() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int8(float64(lmrBase.value())/100 + math.Log(float64(d))*math.Log(float64(m))/(float64(lmrDivisor.value())/100))
		}
	}
}
