package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/skill"
)

func TestNewGameRefusesBadSettings(t *testing.T) {
	_, ts := newTestServer(t, testConfig())
	tests := []struct {
		name string
		body any
		code int
		want string // in the error message
	}{
		{"bad FEN", Settings{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"}, 422, "bad FEN"},
		{"FEN without a king", Settings{FEN: "8/8/8/8/8/8/8/K7 w - - 0 1"}, 422, "bad FEN"},
		{"FEN of garbage", Settings{FEN: "hello"}, 422, "bad FEN"},
		{"colour", Settings{Color: "green"}, 422, "color must be white or black"},
		{"level below the ladder", Settings{Elo: skill.MinCalibratedElo - 1}, 422, fmt.Sprintf("elo must be 0 (full strength) or %d-%d", skill.MinCalibratedElo, skill.MaxCalibratedElo)},
		{"level above the ladder", Settings{Elo: skill.MaxCalibratedElo + 1}, 422, "elo must be"},
		{"negative level", Settings{Elo: -1}, 422, "elo must be"},
		{"move time too long", Settings{MoveTimeMs: 60000}, 422, "moveTimeMs must be 50-10000"},
		{"move time too short", Settings{MoveTimeMs: 10}, 422, "moveTimeMs must be"},
		{"clock without base", Settings{IncMs: 1000}, 422, "starting time"},
		{"negative clock", Settings{BaseMs: -5}, 422, "clock must be"},
		{"illegal replayed move", Settings{Moves: []string{"e2e4", "e2e4"}}, 422, "move 2 (e2e4) is not legal"},
		{"move after mate", Settings{Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4", "a2a3"}}, 422, "after the end of the game"},
		{"unknown field", map[string]any{"colour": "white"}, 400, "unknown field"},
		{"not JSON", "e2e4", 400, "not the JSON expected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e apiError
			code := call(t, ts, "POST", "/api/games", tt.body, &e)
			if code != tt.code || !strings.Contains(e.Error, tt.want) {
				t.Errorf("status %d, error %q; want %d and an error with %q", code, e.Error, tt.code, tt.want)
			}
		})
	}
}

func TestMoves(t *testing.T) {
	_, ts := newTestServer(t, testConfig())
	st := create(t, ts, Settings{Color: "white", Elo: 1400})
	tests := []struct {
		name  string
		move  string
		code  int
		error string // in the error message, when code is not 200
	}{
		{"illegal", "e2e5", http.StatusUnprocessableEntity, `"e2e5" is not a legal move in rnbqkbnr/`},
		{"not a move", "hello", http.StatusUnprocessableEntity, "not a legal move"},
		{"empty", "", http.StatusUnprocessableEntity, "not a legal move"},
		{"the other side's", "e7e5", http.StatusUnprocessableEntity, "not a legal move"},
		{"legal", "e2e4", http.StatusOK, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e apiError
			code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": tt.move}, &e)
			if code != tt.code || !strings.Contains(e.Error, tt.error) {
				t.Errorf("status %d, error %q; want %d and an error with %q", code, e.Error, tt.code, tt.error)
			}
		})
	}
	after := waitState(t, ts, st.ID, idle)
	if len(after.Moves) != 2 || after.Turn != "white" {
		t.Fatalf("after 1. e4 and Luft's reply: moves %+v, turn %s", after.Moves, after.Turn)
	}
	if diff := cmp.Diff(Move{UCI: "e2e4", SAN: "e4"}, after.Moves[0]); diff != "" {
		t.Errorf("first move (-want +got):\n%s", diff)
	}
	if len(after.Lines) == 0 || after.Lines[0].Ply != 1 || len(after.Lines[0].PV) == 0 {
		t.Errorf("Luft's thinking on its move is not kept: %+v", after.Lines)
	}
}

func TestNotYourTurn(t *testing.T) {
	cfg := testConfig()
	_, ts := newTestServer(t, cfg)
	st := create(t, ts, Settings{Color: "black", MoveTimeMs: 5000})
	if !st.Thinking || st.Turn != "white" {
		t.Fatalf("Luft, White, is not thinking on its first move: %+v", st)
	}
	var e apiError
	code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "e7e5"}, &e)
	if code != http.StatusConflict || e.Error != errNotYourTurn.Error() {
		t.Errorf("move while Luft thinks: status %d, error %q", code, e.Error)
	}
	start := time.Now()
	if code := call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil); code != http.StatusNoContent {
		t.Errorf("delete: status %d", code)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("closing a game whose engine thinks took %v", d)
	}
}

func TestUnknownGame(t *testing.T) {
	_, ts := newTestServer(t, testConfig())
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/games/nope"},
		{"DELETE", "/api/games/nope"},
		{"POST", "/api/games/nope/move"},
		{"POST", "/api/games/nope/takeback"},
		{"POST", "/api/games/nope/resign"},
		{"GET", "/api/games/nope/pgn"},
		{"GET", "/api/games/nope/events"},
		{"GET", "/api/nothing"},
	} {
		var e apiError
		code := call(t, ts, r.method, r.path, map[string]string{"move": "e2e4"}, &e)
		if code != http.StatusNotFound || e.Error == "" {
			t.Errorf("%s %s: status %d, error %q; want 404 with an error", r.method, r.path, code, e.Error)
		}
	}
}

func TestWrongMethod(t *testing.T) {
	_, ts := newTestServer(t, testConfig())
	for _, tt := range []struct{ method, path, allow string }{
		{"GET", "/api/games/x/move", "POST"},
		{"PUT", "/api/games", "POST"},
		{"POST", "/api/config", "GET, HEAD"},
		{"PATCH", "/api/games/x", "DELETE, GET, HEAD"},
	} {
		req, _ := http.NewRequest(tt.method, ts.URL+tt.path, nil)
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e apiError
		err = json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != tt.allow || err != nil ||
			!strings.Contains(e.Error, "use "+tt.allow) {
			t.Errorf("%s %s: status %d, Allow %q, error %q (%v); want 405, Allow %q and a JSON error",
				tt.method, tt.path, res.StatusCode, res.Header.Get("Allow"), e.Error, err, tt.allow)
		}
	}
}
