package uci

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/engine/board"
)

func TestParseGenfens(t *testing.T) {
	tests := []struct {
		line    string
		want    genfensRequest
		wantErr bool
	}{
		{"genfens 10 seed 3 book None", genfensRequest{n: 10, seed: 3}, false},
		{"genfens 1 seed 18446744073709551615 book books/UHO.epd", genfensRequest{n: 1, seed: 1<<64 - 1, book: "books/UHO.epd"}, false},
		{"genfens 5 seed 0 book none fischerandom", genfensRequest{n: 5, chess960: true}, false},
		{"genfens 5 book None seed 2 FRC", genfensRequest{n: 5, seed: 2, chess960: true}, false},
		// Every name of Chess960 that a PGN Variant tag gives (pgn.IsChess960).
		{"genfens 5 seed 2 chess960", genfensRequest{n: 5, seed: 2, chess960: true}, false},
		{"genfens 5 seed 2 FischerRandom", genfensRequest{n: 5, seed: 2, chess960: true}, false},
		{"genfens 5", genfensRequest{n: 5}, false},
		{"genfens", genfensRequest{}, true},
		{"genfens 0 seed 1 book None", genfensRequest{}, true},
		{"genfens 99999999999999 seed 1 book None", genfensRequest{}, true},
		{"genfens ten seed 1", genfensRequest{}, true},
		{"genfens 3 seed -1 book None", genfensRequest{}, true},
		{"genfens 3 seed 1 book", genfensRequest{}, true},
		{"genfens 3 seed 1 book None crazyhouse", genfensRequest{}, true},
	}
	for _, tt := range tests {
		got, err := parseGenfens(words(parseLine(tt.line).args))
		if (err != nil) != tt.wantErr {
			t.Errorf("parseGenfens(%q) error %v, want error %v", tt.line, err, tt.wantErr)
			continue
		}
		if !tt.wantErr && got != tt.want {
			t.Errorf("parseGenfens(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

// TestGenfens checks genfens through the loop: N lines of legal FENs, from
// the start position or from an EPD book, the same for the same seed, and
// one info string for a line it cannot answer.
func TestGenfens(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	epd := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 \"e4 e5\";\n" +
		"rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2\n"
	if err := os.WriteFile(book, []byte(epd), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"genfens 4 seed 9 book None", "genfens 4 seed 9 book " + book, "genfens 4 seed 9 book None chess960"} {
		first := genfensLines(t, line)
		if diff := cmp.Diff(first, genfensLines(t, line)); diff != "" {
			t.Errorf("%s: other lines the second time (-first +second):\n%s", line, diff)
		}
		if len(first) != 4 {
			t.Fatalf("%s: %d lines, want 4: %q", line, len(first), first)
		}
		for _, l := range first {
			fen, ok := strings.CutPrefix(l, "info string genfens ")
			if !ok {
				t.Errorf("%s: line %q", line, l)
				continue
			}
			if _, err := board.ParseFEN960(fen); err != nil {
				t.Errorf("%s: %q: %v", line, fen, err)
			}
		}
	}
	want := []string{"info string genfens ignored: open " + filepath.Join(dir, "none.epd") + ": no such file or directory"}
	if diff := cmp.Diff(want, genfensLines(t, "genfens 4 seed 9 book "+filepath.Join(dir, "none.epd"))); diff != "" {
		t.Errorf("missing book (-want +got):\n%s", diff)
	}
	bad := filepath.Join(dir, "bad.epd")
	if err := os.WriteFile(bad, []byte(epd+"# a comment\n8/8/8/8/8/8/8/8 w - -\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want = []string{"info string genfens ignored: " + bad + `: line 4: fen "8/8/8/8/8/8/8/8 w - -": white has 0 kings, want 1`}
	if diff := cmp.Diff(want, genfensLines(t, "genfens 4 seed 9 book "+bad)); diff != "" {
		t.Errorf("book with a bad position (-want +got):\n%s", diff)
	}
}

// genfensLines returns the output of line in a fresh session.
func genfensLines(t *testing.T, line string) []string {
	t.Helper()
	c := startSession(t, &fakeSearcher{})
	c.send(line)
	return c.sync()
}
