//go:build matchtest

// The match against Stockfish builds Luft and plays for minutes, so it is
// compiled only with the matchtest build tag (make match-test):
//
//	go test -tags matchtest -run TestLuftVsStockfish -v -timeout 20m ./uci/match

package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/match/pgn"
	"github.com/luftchess/luft/uci/match/referee"
)

// TestLuftVsStockfish plays Luft against Stockfish limited to 1350 Elo and
// fails on any illegal move, time forfeit, crash or stall by Luft.
// LUFT_MATCH_GAMES sets the number of games (default 4).
func TestLuftVsStockfish(t *testing.T) {
	if _, err := os.Stat(stockfish); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	luft := filepath.Join(dir, "luft")
	if out, err := exec.Command("go", "build", "-o", luft, "../../cmd/luft").CombinedOutput(); err != nil {
		t.Fatalf("building luft: %v\n%s", err, out)
	}
	games := 4
	if n := os.Getenv("LUFT_MATCH_GAMES"); n != "" {
		if _, err := fmt.Sscan(n, &games); err != nil {
			t.Fatalf("LUFT_MATCH_GAMES=%q: %v", n, err)
		}
	}
	tc := referee.TimeControl{Base: 5 * time.Second, Inc: 50 * time.Millisecond}
	out := filepath.Join(dir, "luft-stockfish.pgn")
	cfg := Config{
		Players: []Player{
			{Name: "Luft", Engine: client.Config{Cmd: luft}, TC: tc},
			{Name: "Stockfish-1350", TC: tc, Engine: client.Config{Cmd: stockfish, Options: []client.Option{
				{Name: "UCI_LimitStrength", Value: "true"}, {Name: "UCI_Elo", Value: "1350"}, {Name: "Threads", Value: "1"}, {Name: "Hash", Value: "16"},
			}}},
		},
		Rounds:      (games + 1) / 2,
		Repeat:      true,
		Concurrency: 2,
		PGNOut:      out,
	}
	var log bytes.Buffer
	res, err := Run(context.Background(), cfg, &log)
	t.Log("\n" + log.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range []referee.Termination{referee.IllegalMove, referee.TimeForfeit, referee.Crash, referee.Stall} {
		if n := res.Losses[0][term]; n > 0 {
			t.Errorf("Luft lost %d games by %s", n, term.Tag())
		}
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if n, err := pgn.CheckAll(f); err != nil || n != res.Played {
		t.Errorf("PGN check: %d games, %v; want %d good games", n, err, res.Played)
	}
}
