//go:build stockfish

// The comparisons with Stockfish run only with the stockfish build tag
// (make perft-bench), so that the normal suite neither needs Stockfish nor
// reports the tests as skipped:
//
//	go test -tags stockfish -run TestPerftVersusStockfish -v ./cmd/luft [-stockfish path]
//	go test -tags stockfish -run TestPerft960VersusStockfish -v ./cmd/luft

package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/board/suites"
	"github.com/luftchess/luft/perft"
	"github.com/luftchess/luft/uci/client"
)

var stockfish = flag.String("stockfish", "/usr/games/stockfish", "path of the Stockfish binary to compare perft speed with")

// TestPerftVersusStockfish times Luft's perft and Stockfish's "go perft"
// on the same positions in the same run, each the best of three, and
// prints the speeds and their ratio. Stockfish is timed from "go perft" to
// its node count, so its start-up is not counted; Luft runs in process.
func TestPerftVersusStockfish(t *testing.T) {
	ctx := context.Background()
	sf := startStockfish(ctx, t, nil)
	cases := []struct {
		name, fen string
		depth     int
	}{
		{"start", board.StartFEN, 6},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
	}
	fmt.Printf("%-9s %5s %12s %14s %14s %7s\n", "position", "depth", "nodes", "luft nodes/s", "sf nodes/s", "ratio")
	for _, c := range cases {
		p := boardtest.Position(t, c.fen)
		var ours, theirs time.Duration
		var nodes uint64
		for range 3 {
			start := time.Now()
			nodes = perft.Count(p, c.depth)
			ours = fastest(ours, time.Since(start))
			sfNodes, d, err := stockfishPerft(ctx, sf, c.fen, c.depth)
			if err != nil {
				t.Fatal(err)
			}
			if sfNodes != nodes {
				t.Fatalf("%s depth %d: luft counts %d, stockfish %d", c.name, c.depth, nodes, sfNodes)
			}
			theirs = fastest(theirs, d)
		}
		ourNPS, theirNPS := float64(nodes)/ours.Seconds(), float64(nodes)/theirs.Seconds()
		fmt.Printf("%-9s %5d %12d %14.0f %14.0f %7.2f\n", c.name, c.depth, nodes, ourNPS, theirNPS, ourNPS/theirNPS)
	}
}

// startStockfish starts Stockfish (-stockfish), greets it with the
// options and stops it when t ends; it fails t when it cannot.
func startStockfish(ctx context.Context, t *testing.T, opts []client.Option) *client.Engine {
	t.Helper()
	sf, err := client.Start(client.Config{Cmd: *stockfish})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sf.Close(2 * time.Second) })
	if err := sf.Handshake(ctx, opts, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	return sf
}

// fastest returns the shorter of best and d, or d when best is zero.
func fastest(best, d time.Duration) time.Duration {
	if best == 0 || d < best {
		return d
	}
	return best
}

// stockfishPerft runs "go perft" and returns the node count and the time
// from the command to the answer.
func stockfishPerft(ctx context.Context, sf *client.Engine, fen string, depth int) (uint64, time.Duration, error) {
	if err := sf.Send("position fen " + fen); err != nil {
		return 0, 0, err
	}
	if err := sf.IsReady(ctx, 10*time.Second); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := sf.Send(fmt.Sprintf("go perft %d", depth)); err != nil {
		return 0, 0, err
	}
	line, err := sf.Await(ctx, "Nodes", 5*time.Minute)
	elapsed := time.Since(start)
	if err != nil {
		return 0, 0, err
	}
	var n uint64
	_, err = fmt.Sscanf(line, "Nodes searched: %d", &n)
	return n, elapsed, err
}

// TestPerft960VersusStockfish compares Luft's perft counts with those of
// Stockfish in Chess960 mode: on every 48th starting position to depth 4,
// on the board's castling cases (castling legal and not, the suite
// suites.Chess960Castling) to depth 4, and on positions of random games
// from random starting positions to depth 3. On a difference it names the
// first root move whose count differs.
func TestPerft960VersusStockfish(t *testing.T) {
	ctx := context.Background()
	sf := startStockfish(ctx, t, []client.Option{{Name: "UCI_Chess960", Value: "true"}})
	type position struct {
		fen   string
		depth int
	}
	var cases []position
	for n := 0; n < board.Chess960Positions; n += 48 {
		cases = append(cases, position{board.Chess960StartFEN(n), 4})
	}
	for _, fen := range suites.FENs(t, suites.Chess960Castling) {
		cases = append(cases, position{fen, 4})
	}
	rng := rand.New(rand.NewPCG(960, 1))
	for range 40 {
		cases = append(cases, position{randomGame960(t, rng), 3})
	}
	for _, c := range cases {
		p := boardtest.Position960(t, c.fen)
		if msg := compare960(ctx, sf, p, c.fen, c.depth); msg != "" {
			t.Errorf("%s depth %d: %s", c.fen, c.depth, msg)
		}
	}
	t.Logf("%d positions agree", len(cases))
}

// compare960 compares the perft counts of p (whose FEN is fen) and
// describes the first difference, or returns "".
func compare960(ctx context.Context, sf *client.Engine, p *board.Position, fen string, depth int) string {
	sfNodes, _, err := stockfishPerft(ctx, sf, fen, depth)
	if err != nil {
		return err.Error()
	}
	nodes := perft.Count(p, depth)
	if nodes == sfNodes {
		return ""
	}
	for _, e := range perft.Divide(p, depth) {
		move := e.Move.UCI(true)
		n, _, err := stockfishPerft(ctx, sf, fen+" moves "+move, depth-1)
		if err != nil || n != e.Nodes {
			return fmt.Sprintf("luft counts %d, stockfish %d; after %s luft %d, stockfish %d (%v)", nodes, sfNodes, move, e.Nodes, n, err)
		}
	}
	return fmt.Sprintf("luft counts %d, stockfish %d; a move luft does not generate", nodes, sfNodes)
}

// randomGame960 returns the FEN after a random game of up to 30 plies from
// a random Chess960 starting position.
func randomGame960(t *testing.T, rng *rand.Rand) string {
	p := boardtest.Position960(t, board.Chess960StartFEN(rng.IntN(board.Chess960Positions)))
	var l board.MoveList
	for range rng.IntN(31) {
		p.GenerateLegal(&l)
		if l.Len() == 0 {
			break
		}
		p.Make(l.Moves()[rng.IntN(l.Len())])
	}
	return p.FEN()
}
