//go:build !evalbasic

package eval

// Basic reports whether the package was built with the evalbasic tag,
// which limits the evaluation to material and piece-square tables (and
// tempo): the baseline for strength matches against the full evaluation.
const Basic = false
