package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/eval/tune"
	"github.com/luftchess/luft/uci/match/pgn"
)

func TestQuietPositions(t *testing.T) {
	const games = `[Event "t"]
[Result "0-1"]

1. f3 {book} e5 {book} 2. g4 {+0.10/5 0.01s} Qh4# {+M1/1 0.01s} 0-1

[Event "t"]
[Result "1/2-1/2"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 {+1.00/5} Kd7 {-1.00/5} 2. Kd2 {+1.00/5} Kd6 {-1.00/5} 1/2-1/2
`
	r := pgn.NewReader(strings.NewReader(games))
	var got [][]tune.Sample
	for {
		g, err := r.Read()
		if err != nil {
			break
		}
		ss, err := quietPositions(g, 1)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ss)
	}
	want := [][]tune.Sample{
		// Book moves, the first ply and the position before the mate are left out.
		{{FEN: "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2", Result: 0}},
		{
			{FEN: "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", Result: 0.5},
			{FEN: "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2", Result: 0.5},
			{FEN: "8/3k4/8/8/4P3/8/3K4/8 b - - 2 2", Result: 0.5},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("quiet positions (-want +got):\n%s", diff)
	}
}
