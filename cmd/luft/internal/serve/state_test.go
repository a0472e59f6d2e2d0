package serve

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/score"
	"github.com/luftchess/luft/uci/client"
)

// TestNewLine checks the JSON of a line of the engine's thinking as the
// page reads it: the score from White's point of view (a bound turned
// with it), and the PV in SAN as far as it is legal, in standard chess
// and in Chess960.
func TestNewLine(t *testing.T) {
	std, c960 := &Settings{Variant: standard}, &Settings{Variant: chess960}
	const fen960 = "1k6/8/8/8/8/8/8/RK2R3 w AE - 0 1"
	tests := []struct {
		name string
		set  *Settings
		s    search
		in   client.Info
		want string
	}{
		{"White to move", std, search{ply: 0, fen: board.StartFEN, white: true},
			client.Info{Depth: 12, SelDepth: 18, MultiPV: 1, Score: score.Score{CP: 35}, Nodes: 1000, NPS: 5000, Time: 200 * time.Millisecond,
				PV: []string{"e2e4", "e7e5", "g1f3"}},
			`{"ply":0,"multipv":1,"depth":12,"seldepth":18,"cp":35,"nodes":1000,"nps":5000,"timeMs":200,"pv":["e2e4","e7e5","g1f3"],"san":["e4","e5","Nf3"]}`},
		{"Black to move, illegal midway", std, search{ply: 1, fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
			client.Info{Depth: 3, MultiPV: 2, Score: score.Score{Mate: 3}, Bound: "lowerbound", PV: []string{"e7e5", "g1f3", "b8c6", "a1a8"}},
			`{"ply":1,"multipv":2,"depth":3,"cp":0,"mate":-3,"bound":"upperbound","nodes":0,"nps":0,"timeMs":0,"pv":["e7e5","g1f3","b8c6","a1a8"],"san":["e5","Nf3","Nc6"]}`},
		{"Chess960 castle", c960, search{ply: 16, fen: fen960, white: true},
			client.Info{Depth: 5, MultiPV: 1, Score: score.Score{CP: -20}, PV: []string{"b1e1", "b8c7"}},
			`{"ply":16,"multipv":1,"depth":5,"cp":-20,"nodes":0,"nps":0,"timeMs":0,"pv":["b1e1","b8c7"],"san":["O-O","Kc7"]}`},
		{"no PV", std, search{fen: board.StartFEN, white: true}, client.Info{MultiPV: 1},
			`{"ply":0,"multipv":1,"depth":0,"cp":0,"nodes":0,"nps":0,"timeMs":0,"pv":[],"san":[]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(newLine(tt.set, &tt.s, tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// linesJSON returns lines as the page reads them, for a test's message:
// a Line's %v would print only its Score.
func linesJSON(lines []Line) string {
	b, err := json.Marshal(lines)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
