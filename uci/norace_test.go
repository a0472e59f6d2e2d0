//go:build !race

package uci

// raceEnabled reports whether the tests run under the race detector, so
// that the torture test runs a race-built engine binary too.
const raceEnabled = false
