package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/match/pgn"
	"github.com/luftchess/luft/uci/match/referee"
)

// stockfish is where Debian's stockfish package installs the engine.
const stockfish = "/usr/games/stockfish"

// need skips t when err reports a missing program; under CI (CI=true),
// which installs them all, it fails t instead.
func need(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (CI=true requires it)", err)
		}
		t.Skipf("skipping: %v", err)
	}
}

// TestDebianEngines plays two short games between installed engines that
// are not ours, checking the runner against real engines.
func TestDebianEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real engines")
	}
	const glaurung = "/usr/games/glaurung"
	for _, p := range []string{stockfish, glaurung} {
		_, err := os.Stat(p)
		need(t, err)
	}
	tc := referee.TimeControl{MoveTime: 50 * time.Millisecond, Margin: 100 * time.Millisecond}
	out := filepath.Join(t.TempDir(), "games.pgn")
	cfg := Config{
		Players: []Player{
			{Name: "Stockfish", Engine: client.Config{Cmd: stockfish, Options: []client.Option{{Name: "Threads", Value: "1"}}}, TC: tc},
			{Name: "Glaurung", Engine: client.Config{Cmd: glaurung}, TC: tc, Restart: true},
		},
		Repeat:       true,
		Concurrency:  2,
		PGNOut:       out,
		Adjudication: referee.Adjudicator{ResignMoveCount: 3, ResignScore: 800, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10},
	}
	var log bytes.Buffer
	res, err := Run(context.Background(), cfg, &log)
	if err != nil {
		t.Fatal(err)
	}
	if res.Played != 2 || res.Encounters[0].Pentanomial.Pairs() != 1 {
		t.Errorf("played %d games; want one full pair\n%s", res.Played, log.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if n, err := pgn.CheckAll(f); err != nil || n != 2 {
		t.Errorf("PGN check: %d games, %v", n, err)
	}
}
