//go:build tactics

package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/board/epd"
	"github.com/luftchess/luft/engine/board/suites"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
	"github.com/notnil/chess"
)

// The WAC floor runs only with the tactics build tag, as it takes about a
// minute of one core:
//
//	go test -tags tactics -run TestTactics -v ./engine
const (
	// wacNodes is the node limit per position. A node limit, unlike a
	// time limit, makes the count the same on every machine and run.
	wacNodes = 200_000
)

// TestTactics searches each position of Win At Chess with corrected
// solutions (suites.WAC), one thread from an empty table, to a fixed node
// count, with each evaluation, and fails if fewer than the evaluation's
// floor are solved: the move played is one of the bm moves and none of
// the am moves. A floor is 4 below the count when it
// was set, so that a change that loses tactics fails.
func TestTactics(t *testing.T) {
	recs := suites.Records(t, suites.WAC)
	tests := []struct {
		name  string
		net   *nnue.Network
		floor int
	}{
		{"hand-crafted", nil, 274},       // 278 when set
		{"network", nets.Default(), 274}, // 278 when set (luft-r5); luft-r8s 281, luft-r8 275, luft-r7 280, luft-r6 275, luft-r4 276, luft-r3 282
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wac(t, recs, New(Options{HashMB: 16, Threads: 1, Net: tt.net}), tt.floor)
		})
	}
}

// wac searches recs with e and fails if fewer than floor are solved.
func wac(t *testing.T, recs []epd.Record, e *Engine, floor int) {
	start := time.Now()
	var missed []string
	for _, rec := range recs {
		pos := boardtest.Position(t, rec.FEN)
		best, avoid := sanMoves(t, rec, "bm"), sanMoves(t, rec, "am")
		if len(best)+len(avoid) == 0 {
			t.Fatalf("line %d: neither bm nor am", rec.Line)
		}
		e.NewGame()
		res := e.Search(context.Background(), pos, Limits{Nodes: wacNodes}, nil)
		if len(best) > 0 && !slices.Contains(best, res.Best) || slices.Contains(avoid, res.Best) {
			miss := fmt.Sprintf("%s: %v", rec.Ops["id"], res.Best)
			for _, op := range []string{"bm", "am"} {
				if rec.Ops[op] != "" {
					miss += fmt.Sprintf(", %s %s", op, rec.Ops[op])
				}
			}
			missed = append(missed, miss)
		}
	}
	solved := len(recs) - len(missed)
	t.Logf("WAC: solved %d of %d at %d nodes per position, in %v",
		solved, len(recs), wacNodes, time.Since(start).Round(time.Millisecond))
	if solved < floor {
		t.Errorf("solved %d, below the floor of %d; missed:\n%s", solved, floor, strings.Join(missed, "\n"))
	} else {
		t.Logf("missed: %s", strings.Join(missed, "; "))
	}
}

// sanMoves returns the moves of rec's operation op, written in SAN.
func sanMoves(t *testing.T, rec epd.Record, op string) []board.Move {
	t.Helper()
	fen := rec.FEN
	if len(strings.Fields(fen)) == 4 {
		fen += " 0 1"
	}
	ref, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("line %d: %v", rec.Line, err)
	}
	cpos := chess.NewGame(ref).Position()
	pos := boardtest.Position(t, rec.FEN)
	var moves []board.Move
	for _, san := range strings.Fields(rec.Ops[op]) {
		m, err := chess.AlgebraicNotation{}.Decode(cpos, san)
		if err != nil {
			t.Fatalf("line %d: %s %s: %v", rec.Line, op, san, err)
		}
		moves = append(moves, mustMove(t, pos, chess.UCINotation{}.Encode(cpos, m)))
	}
	return moves
}
