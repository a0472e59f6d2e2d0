package tune

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/game/pgn"
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
	const want3 = `ply 3: move "Ke3" is not legal in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2`
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
