// Package boardtest helps the tests of the packages above the board: it
// is imported by tests only.
package boardtest

import (
	"testing"

	"github.com/luftchess/luft/engine/board"
)

// Position returns the position fen describes, or fails t.
func Position(t testing.TB, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}
