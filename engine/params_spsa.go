//go:build spsa

package engine

import (
	"fmt"
	"strings"
)

// paramValues are the values of the params in the spsa build, by index,
// which SetTunable changes.
var paramValues = func() (v [paramCount]int) {
	for _, t := range tunableSpecs {
		v[t.p.index()] = t.Default
	}
	return v
}()

// value is p's value: in the spsa build the one SetTunable last set, or
// its default.
func (p param) value() int { return paramValues[p.index()] }

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
		paramValues[t.p.index()] = value
		if t.p == lmrBase || t.p == lmrDivisor {
			initLMR()
		}
		return nil
	}
	return fmt.Errorf("engine: no tunable parameter %q", name)
}
