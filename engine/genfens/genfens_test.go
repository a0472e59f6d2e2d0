package genfens

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/openings"
	"github.com/luftchess/luft/engine/game/outcome"
)

// book is a small book of standard openings, one with counters and one
// without, as EPD files give them.
var book = []string{
	"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq -",
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
}

// book960 is a book of Chess960 start positions in Shredder-FEN.
var book960 = []string{
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -",
	"bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf -",
	"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe -",
}

// starts are the kinds of start Generate draws from, each with the file
// of testdata/draws that holds its first draws; a book of Chess960
// positions draws the same whether or not it is read by Chess960's rules.
var starts = []struct {
	name, file string
	cfg        Config
}{
	{"start", "start", Config{}},
	{"chess960", "chess960", Config{Chess960: true}},
	{"book", "book", Config{Book: mustParseBook(book, false)}},
	{"book960", "book960", Config{Book: mustParseBook(book960, false)}},
	{"book960 by rule", "book960", Config{Book: mustParseBook(book960, true), Chess960: true}},
}

// mustParseBook returns openings.ParseBook's starts of fens, or panics.
func mustParseBook(fens []string, chess960 bool) []openings.Start {
	b, err := openings.ParseBook(fens, chess960)
	if err != nil {
		panic(err)
	}
	return b
}

// TestGenerate checks, for each kind of start, that Generate returns
// exactly the positions asked for, different ones, each legal, with the
// game going on and a short search's score within the bound; the same
// ones for the same seed, and others for another seed.
func TestGenerate(t *testing.T) {
	const n = 20
	for _, tt := range starts {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Seed = 7
			fens := generate(t, n, cfg)
			if again := generate(t, n, cfg); !cmp.Equal(fens, again) {
				t.Errorf("seed 7 drew other positions the second time:\n%s", cmp.Diff(fens, again))
			}
			cfg.Seed = 8
			if other := generate(t, n, cfg); cmp.Equal(fens, other) {
				t.Errorf("seeds 7 and 8 drew the same positions")
			}
			chess960 := cfg.Chess960 || len(cfg.Book) > 0 && cfg.Book[0].Chess960
			for _, fen := range fens {
				checkPosition(t, fen, chess960)
			}
		})
	}
}

// generate returns Generate's positions, failing t on an error or a count
// other than n.
func generate(t *testing.T, n int, cfg Config) []string {
	t.Helper()
	fens, err := Generate(context.Background(), n, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(fens) != n {
		t.Fatalf("Generate returned %d positions, want %d", len(fens), n)
	}
	seen := map[string]bool{}
	for _, fen := range fens {
		if seen[fen] {
			t.Errorf("position %s drawn twice", fen)
		}
		seen[fen] = true
	}
	return fens
}

// checkPosition checks that fen reads by the rules of its kind, that the
// game goes on in it and that a search scores it within the bound.
func checkPosition(t *testing.T, fen string, chess960 bool) {
	t.Helper()
	pos, err := board.ParseFENVariant(fen, chess960)
	if err != nil {
		t.Errorf("position %s: %v", fen, err)
		return
	}
	if r, _ := outcome.Judge(pos); r != outcome.Unfinished {
		t.Errorf("position %s: the game is over", fen)
	}
	e := engine.New(engine.Options{HashMB: 16, Threads: 1})
	if s := score(context.Background(), e, pos, engine.Limits{Nodes: DefaultNodes}); s < -DefaultMaxScore || s > DefaultMaxScore {
		t.Errorf("position %s: score %d beyond ±%d", fen, s, DefaultMaxScore)
	}
}

// TestGenerateErrors checks that a book with an unreadable position, or
// with only finished ones, is an error.
func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name string
		book []openings.Start
	}{
		{"bad FEN", []openings.Start{{FEN: "not a fen"}}},
		{"mated", mustParseBook([]string{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}, false)},
		// Each rule by which outcome.Judge ends a game ends a drawn one.
		{"stalemate", mustParseBook([]string{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, false)},
		{"bare kings", mustParseBook([]string{"8/8/8/4k3/8/8/8/4K3 w - - 0 1"}, false)},
		{"fifty moves", mustParseBook([]string{"4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80"}, false)},
	}
	for _, tt := range tests {
		if _, err := Generate(context.Background(), 2, Config{Book: tt.book}); err == nil {
			t.Errorf("%s: Generate returned no error", tt.name)
		}
	}
}

// TestDraws checks that genfens draws its candidate positions through
// openings.Drawer as it drew them before the draw moved there: the first
// candidates of seed 7 for each kind of start, before the search judges
// them, are those the old draw of genfens returned, kept in
// testdata/draws.
func TestDraws(t *testing.T) {
	for _, tt := range starts {
		data, err := os.ReadFile(filepath.Join("testdata", "draws", tt.file+".fens"))
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Split(strings.TrimSpace(string(data)), "\n")
		d, rng := drawer(tt.cfg), newRand(7)
		var got []string
		for range want {
			pos, err := d.Draw(rng)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			got = append(got, pos.FEN())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: draws (-want +got):\n%s", tt.name, diff)
		}
	}
}
