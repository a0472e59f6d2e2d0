//go:build !spsa

package engine

import "errors"

// The search parameters of the default build; params.go says what each is.
const (
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

// Tunables returns the parameters that UCI options set: none in the
// default build, whose parameters are constants.
func Tunables() []Tunable { return nil }

// SetTunable sets the tunable parameter name; the default build has none.
func SetTunable(name string, value int) error {
	return errors.New("engine: no tunable parameters in this build (build with -tags spsa)")
}
