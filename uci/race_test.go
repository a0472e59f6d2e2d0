//go:build race

package uci

// raceEnabled tells tests to build the engine binary with the race detector too.
const raceEnabled = true
