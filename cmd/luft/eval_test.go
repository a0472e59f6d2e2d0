package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/eval"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// evalFENs are the positions of the luft eval tests: the start, a
// middlegame with Black to move and an endgame.
var evalFENs = []string{
	board.StartFEN,
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R b KQ - 0 9",
	"8/8/4k3/3n4/8/3BK3/8/8 w - - 0 60",
}

func TestPrintBreakdown(t *testing.T) {
	for _, fen := range evalFENs {
		p := boardtest.Position(t, fen)
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

// TestPhaseLine checks the breakdown's phase line at both ends of the
// game phase and between them: 24 with all pieces on, 0 with kings and
// pawns only.
func TestPhaseLine(t *testing.T) {
	const legend = " (the middlegame's share: 24 with all pieces on, 0 with kings and pawns only)"
	tests := []struct{ fen, want string }{
		{board.StartFEN, "phase 24 of 24" + legend + ", endgame scale 128 of 128; totals from White's side"},
		{"8/8/4k3/8/8/3QK3/8/8 w - - 0 1", "phase 4 of 24" + legend + ", endgame scale 128 of 128; totals from White's side"},
		{"8/8/4k3/8/4P3/4K3/8/8 w - - 0 1", "phase 0 of 24" + legend + ", endgame scale 128 of 128; totals from White's side"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		printBreakdown(&buf, boardtest.Position(t, tt.fen), eval.Default())
		var got string
		for _, l := range strings.Split(buf.String(), "\n") {
			if strings.HasPrefix(l, "phase ") {
				got = l
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.fen, diff)
		}
	}
}

// TestPrintNetwork checks the network's lines against the symmetry of
// the evaluation: a position and its mirror (colours swapped) evaluate the
// same for the side to move and oppositely from White's side.
func TestPrintNetwork(t *testing.T) {
	// scan returns the values of printNetwork's output for fen.
	scan := func(fen string) (white, total int) {
		var buf bytes.Buffer
		printNetwork(&buf, boardtest.Position(t, fen), nets.Default(), nets.DefaultName)
		var name string
		var hidden int
		if _, err := fmt.Sscanf(buf.String(), "\nnetwork %s (%d neurons): %d from White's side\ntotal %d\n",
			&name, &hidden, &white, &total); err != nil || name != nets.DefaultName || hidden != nets.Default().Hidden {
			t.Fatalf("%s: output %q: %v", fen, buf.String(), err)
		}
		return white, total
	}
	for _, fen := range evalFENs {
		white, total := scan(fen)
		mWhite, mTotal := scan(boardtest.Mirror(fen))
		if white != -mWhite || total != mTotal {
			t.Errorf("%s: (White's side %d, total %d), mirrored (%d, %d)", fen, white, total, mWhite, mTotal)
		}
		if toMove := boardtest.Position(t, fen).SideToMove(); toMove == board.White && total != white || toMove == board.Black && total != -white {
			t.Errorf("%s: total %d for the side to move, %d from White's side", fen, total, white)
		}
	}
}
