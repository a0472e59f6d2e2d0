package match

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
)

// TestPGNOpenings checks the openings of PGN files: castling with zeros
// is read, and a bad game, which a match cannot play, fails the book by
// its number, the reader having found the game after it.
func TestPGNOpenings(t *testing.T) {
	tests := []struct {
		file string
		want []Opening
		err  string
	}{
		{"good", []Opening{
			{FEN: board.StartFEN, Moves: []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1g1", "g8f6"}},
			{FEN: board.StartFEN, Moves: []string{"d2d4", "d7d5"}},
			{FEN: "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", Moves: []string{"e1c1", "e8e7"}},
		}, "<nil>"},
		{"unreadable", nil, `openings testdata/openings/unreadable.pgn: game 2: pgn: line 8: missing '}'`},
		{"illegal", nil, `openings testdata/openings/illegal.pgn: game 2: ply 3: illegal move "Ke3": not legal in rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2`},
	}
	for _, tt := range tests {
		ops, err := LoadOpenings(Book{File: "testdata/openings/" + tt.file + ".pgn"}, false)
		if diff := cmp.Diff(tt.want, ops); diff != "" {
			t.Errorf("%s: openings (-want +got):\n%s", tt.file, diff)
		}
		if diff := cmp.Diff(tt.err, fmt.Sprint(err)); diff != "" {
			t.Errorf("%s: error (-want +got):\n%s", tt.file, diff)
		}
	}
}
