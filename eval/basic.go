//go:build !evalbasic

package eval

// basic limits the evaluation to material and piece-square tables (and
// tempo) when the package is built with the evalbasic tag, as a baseline
// for strength matches.
const basic = false
