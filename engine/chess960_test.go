package engine

import (
	"context"
	"testing"

	"github.com/luftchess/luft/engine/board/boardtest"
)

// chess960Positions are Chess960 middlegames in which the side to move
// can castle (from the suite suites.Chess960Middlegames): castling
// that moves only the king, only the rook, the king onto the rook's
// square, and both.
var chess960Positions = []string{
	"1rkqnr1b/ppp1p1pp/1n3p2/3Q4/2P4P/1N6/PP2PPP1/1RK1NRBB w KQkq - 0 1",
	"qr1k2r1/1p3p2/Pp1np3/7p/3pNP2/5P2/1P6/QR1KnR2 w Qkq - 0 1",
	"brkn2rq/2np1pp1/4B2p/1pp1P3/p5P1/b2PN3/PPP2P1P/BRK1N1RQ w KQkq - 0 1",
	"3r2kr/2b2qp1/2pp1p2/1p3B1p/4PpP1/2P1N2P/1n1PP3/N1BR2KR w KQkq - 0 1",
	"r3kr1q/1pp5/2np2pp/3npPP1/p1b1p3/P1PP2Q1/1PBBP3/R3KR2 b KQkq - 0 1",
}

// TestChess960Search finds mates that only castling gives, the king
// crossing the board or staying on its square, with the hand-crafted
// evaluation and with a network (whose accumulator follows the castling).
func TestChess960Search(t *testing.T) {
	tests := []struct{ name, fen, best string }{
		{"the king crosses the board", "4rkr1/4p1p1/8/8/8/8/8/1K5R w K - 0 1", "b1h1"},
		{"the king stays", "4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1", "g1h1"},
		{"black", "1k5r/8/8/8/8/8/4P1P1/4RKR1 b k - 0 1", "b8h8"},
	}
	for _, tt := range tests {
		for _, o := range []Options{{HashMB: 1}, {HashMB: 1, Net: randomNet(t, 32, 3)}} {
			pos := boardtest.Position960(t, tt.fen)
			res := New(o).Search(context.Background(), pos, Limits{Depth: 4}, nil)
			if got := res.Best.UCI(true); got != tt.best || !res.Best.IsCastling() {
				t.Errorf("%s (network %v): best %s, want the castling %s", tt.name, o.Net != nil, got, tt.best)
			}
		}
	}
}

// TestChess960Net searches Chess960 positions with castling at hand with
// a network and checks every incremental accumulator against a fresh one,
// then plays a short game from each by the search's moves, each legal.
func TestChess960Net(t *testing.T) {
	net := randomNet(t, 32, 3)
	e := New(Options{HashMB: 4, Net: net})
	for _, fen := range chess960Positions {
		n := checkNetEvaluations(t, func() {
			e.NewGame()
			e.Search(context.Background(), boardtest.Position960(t, fen), Limits{Depth: 6, Nodes: 50_000}, nil)
		})
		if n < 50 {
			t.Errorf("%s: only %d network evaluations checked", fen, n)
		}
		pos := boardtest.Position960(t, fen)
		for ply := 0; ply < 12 && pos.HasLegalMove(); ply++ {
			res := e.Search(context.Background(), pos.Clone(), Limits{Nodes: 2000}, nil)
			if !pos.IsLegal(res.Best) {
				t.Fatalf("%s after %d plies: illegal best move %s", fen, ply, res.Best.UCI(true))
			}
			pos.Make(res.Best)
		}
	}
}
