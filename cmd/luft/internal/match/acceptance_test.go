//go:build matchtest

// The match against Stockfish builds Luft and plays for minutes, so it is
// compiled only with the matchtest build tag (make match-test):
//
//	go test -tags matchtest -run TestLuftVsStockfish -v -timeout 20m ./cmd/luft/internal/match

package match

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/client/clienttest"
)

// TestLuftVsStockfish plays Luft against Stockfish limited to 1350 Elo and
// fails on any illegal move, time forfeit, crash or stall by Luft.
// LUFT_MATCH_GAMES sets the number of games (default 4).
func TestLuftVsStockfish(t *testing.T) {
	stockfish, err := clienttest.Program("stockfish")
	if err != nil {
		t.Fatal(err)
	}
	luft := clienttest.Build(t, clienttest.Luft)
	games := 4
	if n := os.Getenv("LUFT_MATCH_GAMES"); n != "" {
		if _, err := fmt.Sscan(n, &games); err != nil {
			t.Fatalf("LUFT_MATCH_GAMES=%q: %v", n, err)
		}
	}
	tc := referee.TimeControl{Base: 5 * time.Second, Inc: 50 * time.Millisecond}
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
	}
	res, log, _ := playMatch(t, cfg)
	t.Log("\n" + log)
	for _, term := range []outcome.Termination{outcome.IllegalMove, outcome.TimeForfeit, outcome.Crash, outcome.Stall} {
		if n := res.Losses[0][term]; n > 0 {
			t.Errorf("Luft lost %d games by %s", n, term.Tag())
		}
	}
}
