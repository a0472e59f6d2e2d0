package match

import (
	"fmt"
	"strings"
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
		{"illegal", nil, `openings testdata/openings/illegal.pgn: game 2: move 2. Ke3: not legal in rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2`},
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

// TestEPDOpenings checks the openings of EPD files, read by package epd:
// comments, blank lines, operations and counters as EPD writes them, and
// a line that a match cannot play failing the book by its number, as the
// reader match had of its own refused or accepted them.
func TestEPDOpenings(t *testing.T) {
	const e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
	tests := []struct {
		name, book string
		want       []Opening
		err        string
	}{
		{"good", "# a book\n\n" + e4 + " id \"e4\";\n  " + e4 + "  3 7;c0 \"counters\"\n" + e4 + " 0 2\n",
			[]Opening{{FEN: e4 + " 0 1"}, {FEN: e4 + " 3 7"}, {FEN: e4 + " 0 2"}}, "<nil>"},
		{"short", e4 + "\n8/8/8 w\n", nil, `line 2: epd "8/8/8 w": want at least 4 FEN fields`},
		{"negative counter", e4 + " -3 5\n", nil, `line 1: fen "` + e4 + ` -3 5": halfmove clock: "-3" is not a number >= 0`},
		{"counter with letters", e4 + " 0 1abc\n", nil, `line 1: epd "` + e4 + ` 0 1abc": operation "0" does not start with a letter`},
		{"bad position", "\n\nnot a fen at all\n", nil, `line 3: fen "not a fen at 0 1": piece placement has 1 ranks, want 8`},
		{"mated", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n", nil, "line 1: the game is already over"},
	}
	for _, tt := range tests {
		ops, err := readEPD(strings.NewReader(tt.book), false)
		if diff := cmp.Diff(tt.want, ops); diff != "" {
			t.Errorf("%s: openings (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(tt.err, fmt.Sprint(err)); diff != "" {
			t.Errorf("%s: error (-want +got):\n%s", tt.name, diff)
		}
	}
}
