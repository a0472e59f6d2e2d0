package serve

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/score"
)

func TestStreamOfThinking(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Color: "white", MoveTimeMs: 300})
	s := openStream(t, ts, st.ID)
	if name, data := s.next(); name != "state" || !json.Valid(data) {
		t.Fatalf("first event %q %s, want the state", name, data)
	}
	call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "e2e4"}, nil)
	var infos []Line
	var last State
	for last.Result == "" || len(last.Moves) < 2 {
		name, data := s.next()
		switch name {
		case "info":
			var l Line
			if err := json.Unmarshal(data, &l); err != nil {
				t.Fatal(err)
			}
			infos = append(infos, l)
		case "state":
			if err := json.Unmarshal(data, &last); err != nil {
				t.Fatal(err)
			}
		case "":
			t.Fatalf("the stream ended; infos %+v, last state %+v", infos, last)
		}
	}
	if len(infos) == 0 {
		t.Fatal("no info event while Luft thought")
	}
	l := infos[len(infos)-1]
	if l.Ply != 1 || l.MultiPV != 1 || l.Depth < 1 || l.NPS == 0 || l.Nodes == 0 || len(l.PV) == 0 || len(l.SAN) == 0 {
		t.Errorf("last line of thinking is incomplete: %+v", l)
	}
	if l.PV[0] != last.Moves[1].UCI || l.SAN[0] != last.Moves[1].SAN {
		t.Errorf("Luft played %+v but its last line began %s (%s)", last.Moves[1], l.PV[0], l.SAN[0])
	}
	if last.Thinking || last.Version <= st.Version {
		t.Errorf("final state: thinking %v, version %d after %d", last.Thinking, last.Version, st.Version)
	}
}

func TestAnalysisShowsThreeLines(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Analysis: true})
	s := openStream(t, ts, st.ID)
	seen := map[int]bool{}
	for len(seen) < 3 {
		name, data := s.next()
		if name == "" {
			t.Fatalf("the stream ended with lines %v", seen)
		}
		if name == "info" {
			var l Line
			if err := json.Unmarshal(data, &l); err != nil {
				t.Fatal(err)
			}
			seen[l.MultiPV] = true
		}
	}
	// The person moves both sides; each move restarts the analysis.
	for _, m := range []string{"e2e4", "e7e5"} {
		if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": m}, &st); code != 200 {
			t.Fatalf("%s in analysis: status %d", m, code)
		}
	}
	if len(st.Moves) != 2 || !st.Thinking || st.Result != "*" {
		t.Errorf("after two moves in analysis: %+v", st)
	}
	st = waitState(t, ts, st.ID, func(st State) bool { return len(st.Lines) == 3 })
	for i, l := range st.Lines {
		if l.Ply != 2 || l.MultiPV != i+1 || len(l.SAN) == 0 {
			t.Errorf("line %d of the analysis of 1. e4 e5: %+v", i+1, l)
		}
	}
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/resign", nil, nil); code != 409 {
		t.Errorf("resigning in analysis: status %d, want 409", code)
	}
}

// TestAnalysisLinesAfterStop lets analyses end after different times and
// checks the three lines the page is left with: different moves, best
// first for the side to move.
func TestAnalysisLinesAfterStop(t *testing.T) {
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
	}
	for _, ms := range []int{15, 40, 90, 200} {
		cfg := testConfig()
		cfg.AnalysisTime = time.Duration(ms) * time.Millisecond
		_, ts := newTestServer(t, cfg)
		for _, fen := range fens {
			st := create(t, ts, Settings{Analysis: true, FEN: fen})
			st = waitState(t, ts, st.ID, idle)
			if err := checkAnalysis(st.Lines, strings.Fields(fen)[1] == "w"); err != nil {
				t.Errorf("%d ms, %s: %v", ms, fen, err)
			}
			call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
		}
	}
}

// checkAnalysis reports how lines, scored from White's point of view,
// fall short of three lines naming different moves, best first for the
// side to move.
func checkAnalysis(lines []Line, white bool) error {
	if len(lines) != 3 {
		return fmt.Errorf("%d lines, want 3: %s", len(lines), linesJSON(lines))
	}
	side := board.White
	if !white {
		side = board.Black
	}
	seen := map[string]bool{}
	for i, l := range lines {
		if len(l.PV) == 0 || seen[l.PV[0]] {
			return fmt.Errorf("line %d is empty or repeats a move: %s", i+1, linesJSON(lines))
		}
		seen[l.PV[0]] = true
		if i > 0 && score.Compare(l.View(board.White, side), lines[i-1].View(board.White, side)) > 0 {
			return fmt.Errorf("line %d scores above line %d: %s", i+1, i, linesJSON(lines))
		}
	}
	return nil
}
