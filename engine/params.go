package engine

import "math"

// The search's margins and reductions, by default: the one place their
// values are written. In the default build each is a constant of the same
// name without the def prefix (params_const.go), so the search pays
// nothing for them; a build with the spsa tag makes them variables that
// UCI spin options of the names in tunableSpecs set (params_spsa.go), for
// OpenBench's SPSA to tune. To bake tuned values in, write them here.
const (
	defAspirationDelta  = 15    // half-width of the first aspiration window, centipawns
	defRFPDepth         = 8     // deepest node reverse futility prunes
	defRFPMargin        = 80    // reverse futility margin a ply, centipawns
	defNMPBase          = 3     // null-move reduction, plies
	defNMPDepthDivisor  = 3     // one ply more of null-move reduction each this many plies of depth
	defNMPEvalDivisor   = 200   // one ply more of null-move reduction each this many centipawns above beta
	defSEECaptureMargin = 100   // SEE loss a ply of depth at which a capture is pruned, centipawns
	defSEEQuietMargin   = 25    // SEE loss a square ply at which a quiet move is pruned, centipawns
	defFutilityBase     = 100   // futility margin, centipawns
	defFutilityMargin   = 120   // futility margin a ply, centipawns
	defLMPBase          = 3     // quiet moves searched at depth 0 before late move pruning
	defLMRBase          = 75    // base of the late move reductions table, hundredths of a ply
	defLMRDivisor       = 225   // divisor of the log-log term of the table, hundredths
	defLMRHistory       = 16384 // history score worth a ply less of reduction
	defSingularMargin   = 2     // singular extension's margin below the table score a ply, centipawns
)

// Tunable is a search parameter that a build with the spsa tag declares
// as a UCI spin option: its name, default and range, and the step
// OpenBench's SPSA starts with (c_end in its input lines).
type Tunable struct {
	Name              string
	Default, Min, Max int
	Step              float64
}

// tunableSpecs are the tunable parameters, named as their UCI options.
var tunableSpecs = []Tunable{
	{"AspirationDelta", defAspirationDelta, 5, 50, 3},
	{"RFPDepth", defRFPDepth, 4, 12, 0.5},
	{"RFPMargin", defRFPMargin, 40, 160, 8},
	{"NMPBase", defNMPBase, 2, 5, 0.5},
	{"NMPDepthDivisor", defNMPDepthDivisor, 2, 6, 0.5},
	{"NMPEvalDivisor", defNMPEvalDivisor, 100, 400, 20},
	{"SEECaptureMargin", defSEECaptureMargin, 50, 200, 10},
	{"SEEQuietMargin", defSEEQuietMargin, 10, 60, 3},
	{"FutilityBase", defFutilityBase, 40, 200, 10},
	{"FutilityMargin", defFutilityMargin, 60, 240, 10},
	{"LMPBase", defLMPBase, 1, 8, 0.5},
	{"LMRBase", defLMRBase, 25, 150, 8},
	{"LMRDivisor", defLMRDivisor, 150, 350, 12},
	{"LMRHistory", defLMRHistory, 4096, 32768, 1024},
	{"SingularMargin", defSingularMargin, 1, 5, 0.5},
}

// initLMR fills the late move reductions table from lmrBase and
// lmrDivisor.
func initLMR() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int8(float64(lmrBase)/100 + math.Log(float64(d))*math.Log(float64(m))/(float64(lmrDivisor)/100))
		}
	}
}
