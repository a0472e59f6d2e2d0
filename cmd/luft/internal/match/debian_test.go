package match

import (
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/client/clienttest"
)

// debianMatch returns a match of one pair of games, colours swapped,
// between installed engines that are not ours, Stockfish on one thread
// and Glaurung, both at tc, lost or drawn games adjudicated early. It
// skips the test with -short, or without both engines.
func debianMatch(t *testing.T, tc referee.TimeControl) Config {
	t.Helper()
	if testing.Short() {
		t.Skip("plays real engines")
	}
	stockfish, glaurung := clienttest.NeedProgram(t, "stockfish"), clienttest.NeedProgram(t, "glaurung")
	return Config{
		Players: []Player{
			{Name: "Stockfish", Engine: client.Config{Cmd: stockfish, Options: []client.Option{{Name: "Threads", Value: "1"}}}, TC: tc},
			{Name: "Glaurung", Engine: client.Config{Cmd: glaurung}, TC: tc},
		},
		Repeat:       true,
		Concurrency:  2,
		Adjudication: outcome.Adjudicator{ResignMoveCount: 3, ResignScore: 800, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10},
	}
}

// TestDebianEngines plays two short games between installed engines that
// are not ours, checking the runner against real engines, one of them
// restarted for every game.
func TestDebianEngines(t *testing.T) {
	cfg := debianMatch(t, referee.TimeControl{MoveTime: 50 * time.Millisecond, Margin: 100 * time.Millisecond})
	cfg.Players[1].Restart = true // Glaurung, a new process for every game
	res, log, _ := playMatch(t, cfg)
	if res.Played != 2 || res.Encounters[0].Pentanomial.Pairs() != 1 {
		t.Errorf("played %d games; want one full pair\n%s", res.Played, log)
	}
}

// TestDebianChess960 plays Chess960 between installed engines that are
// not ours, from random start positions: their castling, written king
// takes rook, must pass the referee's Chess960 rules.
func TestDebianChess960(t *testing.T) {
	cfg := debianMatch(t, referee.TimeControl{Depth: 5}) // no clock: the machine may be loaded
	cfg.Variant, cfg.Seed = FischeRandom, 960
	res, log, games := playMatch(t, cfg)
	if res.Played != 2 {
		t.Errorf("played %d games; want 2\n%s", res.Played, log)
	}
	castles := 0
	for _, g := range games {
		if term, _ := g.Tag("Termination"); term != "normal" && term != "adjudication" {
			t.Errorf("game ended by %s: %s", term, g.ResultComment)
		}
		for _, m := range g.Moves {
			if strings.HasPrefix(m.SAN, "O-O") {
				castles++
			}
		}
	}
	t.Logf("%d castlings in %d games", castles, len(games))
}
