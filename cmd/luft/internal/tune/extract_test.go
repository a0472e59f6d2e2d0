package tune

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/eval"
)

// TestQuietPositions checks which positions of a game become samples.
func TestQuietPositions(t *testing.T) {
	const games = `[Event "t"]
[Result "0-1"]

1. f3 {book} e5 {book} 2. g4 {+0.10/5 0.01s} Qh4# {+M1/1 0.01s} 0-1

[Event "t"]
[Result "1/2-1/2"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 {+1.00/5} Kd7 {-1.00/5} 2. Kd2 {+1.00/5} Kd6 {-1.00/5} 1/2-1/2

[Event "t"]
[Result "1-0"]
[FEN "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"]

1. O-O Kd7 2. Rf1f7+ Kd6 1-0
`
	r := pgn.NewReader(strings.NewReader(games))
	var got [][]Sample
	for {
		g, err := r.Read()
		if err != nil {
			break
		}
		ss, err := QuietPositions(g, 1)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ss)
	}
	want := [][]Sample{
		// Book moves, the first ply and the position before the mate are left out.
		{{FEN: "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2", Result: 0}},
		{
			{FEN: "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", Result: 0.5},
			{FEN: "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2", Result: 0.5},
			{FEN: "8/3k4/8/8/4P3/8/3K4/8 b - - 2 2", Result: 0.5},
		},
		// A move in long algebraic notation.
		{
			{FEN: "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1", Result: 1},
			{FEN: "8/3k4/8/8/8/8/8/R4RK1 w - - 2 2", Result: 1},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("quiet positions (-want +got):\n%s", diff)
	}
	g, err := pgn.NewReader(strings.NewReader("[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n")).Read()
	if err != nil {
		t.Fatal(err)
	}
	const want3 = `move 2. Ke3: not legal in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2`
	if _, err := QuietPositions(g, 0); fmt.Sprint(err) != want3 {
		t.Errorf("an illegal move: %v, want %s", err, want3)
	}
}

// TestExtractBrokenGame checks that Extract reports a game it cannot
// read by its number and extracts the games after it.
func TestExtractBrokenGame(t *testing.T) {
	tests := []struct {
		file, alone string // the games, and the good ones alone
		log         string
	}{
		{"testdata/broken.pgn", "testdata/broken-good.pgn",
			"game 2 skipped: pgn: line 10: missing '}'\n"},
	}
	extract := func(name string) (string, string) {
		var out, log strings.Builder
		x := Extractor{Skipped: func(game int, err error) { fmt.Fprintf(&log, "game %d skipped: %v\n", game, err) }}
		if err := x.ExtractFile(&out, name); err != nil {
			t.Fatal(err)
		}
		return out.String(), log.String()
	}
	for _, tt := range tests {
		want, _ := extract(tt.alone)
		got, log := extract(tt.file)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: positions (-alone +among broken games):\n%s", tt.file, diff)
		}
		if diff := cmp.Diff(tt.log, log); diff != "" {
			t.Errorf("%s: report (-want +got):\n%s", tt.file, diff)
		}
	}
	var x Extractor
	if err := x.ExtractFile(io.Discard, "testdata/missing.pgn"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ExtractFile of a missing file: %v", err)
	}
}

// TestQuietPositionsVariants checks that a game is replayed by the rules
// its Variant tag names, as luft review replays it (pgn.Game.Play):
// Chess960 by Chess960's, its samples read back by NewDataset, and a
// variant that is neither standard chess nor Chess960 is refused by name,
// not read as standard chess.
func TestQuietPositionsVariants(t *testing.T) {
	const (
		start960 = "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"
		moves960 = "1. Ng3 Ng6 2. Nf3 Nf6 3. O-O O-O"
	)
	tests := []struct {
		variant, fen, moves string
		want                []string // the samples' FENs
		err                 string
	}{
		{"Standard", "", "1. e4 e5", []string{board.StartFEN, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, ""},
		{"Chess960", start960, moves960, []string{
			start960,
			"bbqrnnkr/pppppppp/8/8/8/6N1/PPPPPPPP/BBQRN1KR b KQkq - 1 1",
			"bbqrn1kr/pppppppp/6n1/8/8/6N1/PPPPPPPP/BBQRN1KR w KQkq - 2 2",
			"bbqrn1kr/pppppppp/6n1/8/8/5NN1/PPPPPPPP/BBQR2KR b KQkq - 3 2",
			"bbqr2kr/pppppppp/5nn1/8/8/5NN1/PPPPPPPP/BBQR2KR w KQkq - 4 3",
			"bbqr2kr/pppppppp/5nn1/8/8/5NN1/PPPPPPPP/BBQR1RK1 b kq - 5 3",
		}, ""},
		{"Atomic", "", "1. e4 e5", nil, `variant "Atomic" is neither standard chess nor Chess960`},
		{"Crazyhouse", "", "1. e4 e5", nil, `variant "Crazyhouse" is neither standard chess nor Chess960`},
	}
	for _, tt := range tests {
		text := fmt.Sprintf("[Variant %q]\n", tt.variant)
		if tt.fen != "" {
			text += fmt.Sprintf("[SetUp \"1\"]\n[FEN %q]\n", tt.fen)
		}
		g, err := pgn.NewReader(strings.NewReader(text + "\n" + tt.moves + " 1/2-1/2\n")).Read()
		if err != nil {
			t.Fatal(err)
		}
		ss, err := QuietPositions(g, 0)
		if (err != nil || tt.err != "") && fmt.Sprint(err) != tt.err {
			t.Errorf("variant %q: error %v, want %s", tt.variant, err, tt.err)
		}
		var got []string
		for _, s := range ss {
			got = append(got, s.FEN)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("variant %q: samples (-want +got):\n%s", tt.variant, diff)
		}
		if _, err := NewDataset(ss, eval.New()); err != nil {
			t.Errorf("variant %q: the samples do not read back: %v", tt.variant, err)
		}
	}
}
