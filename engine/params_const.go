//go:build !spsa

package engine

import "errors"

// value is p's value: in the default build its default, a constant
// wherever p is.
func (p param) value() int { return p.def() }

// Tunables returns the parameters that UCI options set: none in the
// default build, whose parameters are constants.
func Tunables() []Tunable { return nil }

// SetTunable sets the tunable parameter name; the default build has none.
func SetTunable(name string, value int) error {
	return errors.New("engine: no tunable parameters in this build (build with -tags spsa)")
}
