//go:build race

package engine

// raceEnabled is set when the race detector is on: the slowest tests
// then search less.
const raceEnabled = true
