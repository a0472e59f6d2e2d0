package openings

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/game/outcome"
)

const (
	e4      = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	shredd  = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -" // Shredder-FEN, read by Chess960's rules only
	mated   = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	badFEN  = "not a fen"
	bareFEN = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
)

// TestParseBook checks the rules each book position is read by.
func TestParseBook(t *testing.T) {
	tests := []struct {
		name     string
		fens     []string
		chess960 bool
		want     []Start
		err      string
	}{
		{"standard", []string{e4, shredd}, false, []Start{{e4, false}, {shredd, true}}, ""},
		{"chess960", []string{e4, shredd}, true, []Start{{e4, true}, {shredd, true}}, ""},
		{"none", nil, false, []Start{}, ""},
		{"bad", []string{e4, badFEN}, false, nil, "book position 2: "},
	}
	for _, tt := range tests {
		got, err := ParseBook(tt.fens, tt.chess960)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: (-want +got):\n%s", tt.name, diff)
		}
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)) {
			t.Errorf("%s: error %v, want one starting %q", tt.name, err, tt.err)
		}
	}
}

// TestReadBook checks that a book file is read by the rules ParseBook
// reads by, and that an error names the file and the line.
func TestReadBook(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, data string
		chess960   bool
		want       []Start
		err        string
	}{
		{"good", "# a book\n" + e4 + " c0 \"e4\";\n\n" + shredd + "\n", false, []Start{{e4, false}, {shredd, true}}, "<nil>"},
		{"good960", e4 + "\n", true, []Start{{e4, true}}, "<nil>"},
		{"empty", "# nothing\n", false, []Start{}, "<nil>"},
		{"bad", e4 + "\n\n" + badFEN + " at all\n", false, nil, `bad.epd: line 3: fen "not a fen at": piece placement has 1 ranks, want 8`},
		{"not epd", e4 + "\n8/8/8 w\n", false, nil, `not epd.epd: line 2: epd "8/8/8 w": want at least 4 FEN fields`},
		{"rook missing", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1 w HFhf -\n", true, nil,
			`rook missing.epd: line 1: fen "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1 w HFhf -": castling right 'H' without a white rook on h1`},
	}
	for _, tt := range tests {
		path := filepath.Join(dir, tt.name+".epd")
		if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadBook(path, tt.chess960)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(tt.err, strings.TrimPrefix(fmt.Sprint(err), dir+string(filepath.Separator))); diff != "" {
			t.Errorf("%s: error (-want +got):\n%s", tt.name, diff)
		}
	}
	if _, err := ReadBook(filepath.Join(dir, "none.epd"), false); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing book: error %v, want one of a missing file", err)
	}
}

// kind is what a test sees of a drawn opening: the rules it is played
// by and the plies played from its start.
type kind struct {
	Chess960 bool
	Plies    int
}

// TestDraw checks, for each kind of start, that the openings Draw draws
// are of the kinds its Drawer says, each kind drawn, with the game going
// on after them; the same openings for the same seed and others for
// another.
func TestDraw(t *testing.T) {
	book := []Start{{e4, false}}
	tests := []struct {
		name string
		d    Drawer
		want []kind
	}{
		{"start", Drawer{Plies: 8}, []kind{{false, 8}}},
		{"more plies", Drawer{Plies: 8, MorePlies: 2}, []kind{{false, 8}, {false, 9}, {false, 10}}},
		{"chess960", Drawer{Plies: 3, Chess960: 1}, []kind{{true, 3}}},
		{"book", Drawer{Book: book, Plies: 8, BookPlies: 2}, []kind{{false, 2}}},
		{"book960", Drawer{Book: []Start{{shredd, true}}, BookPlies: 1, MorePlies: 1}, []kind{{true, 1}, {true, 2}}},
		{"book and chess960", Drawer{Book: book, Chess960: 0.5, Plies: 6, BookPlies: 2}, []kind{{false, 2}, {true, 6}}},
		{"no plies", Drawer{Book: book}, []kind{{false, 0}}},
	}
	for _, tt := range tests {
		fens, kinds := draws(t, tt.d, 1)
		if diff := cmp.Diff(tt.want, kinds); diff != "" {
			t.Errorf("%s: kinds drawn (-want +got):\n%s", tt.name, diff)
		}
		if again, _ := draws(t, tt.d, 1); !cmp.Equal(fens, again) {
			t.Errorf("%s: seed 1 drew other openings the second time", tt.name)
		}
		if other, _ := draws(t, tt.d, 2); cmp.Equal(fens, other) && tt.name != "no plies" {
			t.Errorf("%s: seeds 1 and 2 drew the same openings", tt.name)
		}
	}
}

// draws returns the FENs of 40 openings that d draws from seed, and the
// kinds drawn, in order, failing t on an error or a finished game.
func draws(t *testing.T, d Drawer, seed uint64) ([]string, []kind) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	var fens []string
	seen := map[kind]bool{}
	for range 40 {
		pos, err := d.Draw(rng)
		if err != nil {
			t.Fatal(err)
		}
		if r, _ := outcome.Judge(pos); r != outcome.Unfinished {
			t.Errorf("%s: the game is over", pos.FEN())
		}
		fens = append(fens, pos.FEN())
		seen[kind{pos.Chess960(), pos.Ply()}] = true
	}
	kinds := slices.SortedFunc(maps.Keys(seen), func(a, b kind) int {
		if a.Chess960 != b.Chess960 {
			return map[bool]int{false: -1, true: 1}[a.Chess960]
		}
		return a.Plies - b.Plies
	})
	return fens, kinds
}

// TestDrawErrors checks that Draw draws again while an opening ends the
// game, as many times as it is told, and returns the error of a start
// that does not read.
func TestDrawErrors(t *testing.T) {
	tests := []struct {
		name string
		d    Drawer
		want string // the drawn FEN, or the error
	}{
		{"mated, once", Drawer{Book: []Start{{mated, false}}}, "openings: every opening drawn ended the game (1 tries)"},
		{"mated, 50 times", Drawer{Book: []Start{{mated, false}}, Tries: 50}, "openings: every opening drawn ended the game (50 tries)"},
		{"bare kings after a ply", Drawer{Book: []Start{{bareFEN, false}}, BookPlies: 1}, "openings: every opening drawn ended the game (1 tries)"},
		{"redrawn", Drawer{Book: []Start{{mated, false}, {e4, false}}, Tries: 100}, e4},
		{"unreadable", Drawer{Book: []Start{{badFEN, false}}, Tries: 5}, `fen "not a fen": want 4 to 6 fields, got 3`},
	}
	for _, tt := range tests {
		pos, err := tt.d.Draw(rand.New(rand.NewPCG(1, 0)))
		got := fmt.Sprint(err)
		if err == nil {
			got = pos.FEN()
		}
		if got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
		if finished := strings.Contains(tt.want, "ended"); errors.Is(err, ErrFinished) != finished {
			t.Errorf("%s: error %v: errors.Is ErrFinished is %v, want %v", tt.name, err, !finished, finished)
		}
	}
}
