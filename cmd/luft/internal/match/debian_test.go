package match

import (
	"testing"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/match/referee"
	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/client/clienttest"
)

// TestDebianEngines plays two short games between installed engines that
// are not ours, checking the runner against real engines.
func TestDebianEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real engines")
	}
	stockfish, glaurung := clienttest.NeedProgram(t, "stockfish"), clienttest.NeedProgram(t, "glaurung")
	tc := referee.TimeControl{MoveTime: 50 * time.Millisecond, Margin: 100 * time.Millisecond}
	cfg := Config{
		Players: []Player{
			{Name: "Stockfish", Engine: client.Config{Cmd: stockfish, Options: []client.Option{{Name: "Threads", Value: "1"}}}, TC: tc},
			{Name: "Glaurung", Engine: client.Config{Cmd: glaurung}, TC: tc, Restart: true},
		},
		Repeat:       true,
		Concurrency:  2,
		Adjudication: referee.Adjudicator{ResignMoveCount: 3, ResignScore: 800, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10},
	}
	res, log, _ := playMatch(t, cfg)
	if res.Played != 2 || res.Encounters[0].Pentanomial.Pairs() != 1 {
		t.Errorf("played %d games; want one full pair\n%s", res.Played, log)
	}
}
