package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/eval"
)

func TestPrintBreakdown(t *testing.T) {
	for _, fen := range []string{
		board.StartFEN,
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R b KQ - 0 9",
		"8/8/4k3/3n4/8/3BK3/8/8 w - - 0 60",
	} {
		p, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		printBreakdown(&buf, p, eval.Default())
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if got, want := lines[len(lines)-1], fmt.Sprintf("total %d", eval.New().Evaluate(p)); got != want {
			t.Errorf("%s: last line %q, want %q", fen, got, want)
		}
		for _, term := range []string{"material", "psqt", "mobility", "pawns", "passed", "king", "pieces", "threats", "tempo"} {
			if !strings.Contains(buf.String(), "\n"+term+" ") {
				t.Errorf("%s: no %s row in\n%s", fen, term, buf.String())
			}
		}
	}
}
