//go:build stockfish

// The comparison with Stockfish runs only with the stockfish build tag
// (make perft-bench), so that the normal suite neither needs Stockfish nor
// reports the test as skipped:
//
//	go test -tags stockfish -run TestPerftVersusStockfish -v ./cmd/luft [-stockfish path]

package main

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
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
	sf, err := client.Start(client.Config{Cmd: *stockfish})
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close(2 * time.Second)
	if err := sf.Handshake(ctx, nil, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, fen string
		depth     int
	}{
		{"start", board.StartFEN, 6},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
	}
	fmt.Printf("%-9s %5s %12s %14s %14s %7s\n", "position", "depth", "nodes", "luft nodes/s", "sf nodes/s", "ratio")
	for _, c := range cases {
		p, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
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
