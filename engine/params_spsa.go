//go:build spsa

package engine

import (
	"fmt"
	"strings"
)

// The search parameters of the spsa build, which SetTunable changes;
// params.go says what each is.
var (
	aspirationDelta  = defAspirationDelta
	rfpDepth         = defRFPDepth
	rfpMargin        = defRFPMargin
	nmpBase          = defNMPBase
	nmpDepthDivisor  = defNMPDepthDivisor
	nmpEvalDivisor   = defNMPEvalDivisor
	seeCaptureMargin = defSEECaptureMargin
	seeQuietMargin   = defSEEQuietMargin
	futilityBase     = defFutilityBase
	futilityMargin   = defFutilityMargin
	lmpBase          = defLMPBase
	lmrBase          = defLMRBase
	lmrDivisor       = defLMRDivisor
	lmrHistory       = defLMRHistory
	singularMargin   = defSingularMargin
)

// tunableVars are the variables of tunableSpecs, by name.
var tunableVars = map[string]*int{
	"AspirationDelta": &aspirationDelta, "RFPDepth": &rfpDepth, "RFPMargin": &rfpMargin,
	"NMPBase": &nmpBase, "NMPDepthDivisor": &nmpDepthDivisor, "NMPEvalDivisor": &nmpEvalDivisor,
	"SEECaptureMargin": &seeCaptureMargin, "SEEQuietMargin": &seeQuietMargin,
	"FutilityBase": &futilityBase, "FutilityMargin": &futilityMargin, "LMPBase": &lmpBase,
	"LMRBase": &lmrBase, "LMRDivisor": &lmrDivisor, "LMRHistory": &lmrHistory, "SingularMargin": &singularMargin,
}

// Tunables returns the parameters that UCI options set, with their
// defaults and ranges.
func Tunables() []Tunable { return tunableSpecs }

// SetTunable sets the tunable parameter name (any case) to value, which
// must be in its range. It must not be called while a search runs.
func SetTunable(name string, value int) error {
	for _, t := range tunableSpecs {
		if !strings.EqualFold(t.Name, name) {
			continue
		}
		if value < t.Min || value > t.Max {
			return fmt.Errorf("engine: %s %d not in [%d, %d]", t.Name, value, t.Min, t.Max)
		}
		*tunableVars[t.Name] = value
		if t.Name == "LMRBase" || t.Name == "LMRDivisor" {
			initLMR()
		}
		return nil
	}
	return fmt.Errorf("engine: no tunable parameter %q", name)
}
