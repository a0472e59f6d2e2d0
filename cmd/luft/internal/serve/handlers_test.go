package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/player"
)

func TestNewGameRefusesBadSettings(t *testing.T) {
	ts := testServer(t)
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
		{"level below the ladder", Settings{Elo: player.MinCalibratedElo - 1}, 422, fmt.Sprintf("elo must be 0 (full strength) or %d-%d", player.MinCalibratedElo, player.MaxCalibratedElo)},
		{"level above the ladder", Settings{Elo: player.MaxCalibratedElo + 1}, 422, "elo must be"},
		{"negative level", Settings{Elo: -1}, 422, "elo must be"},
		{"move time too long", Settings{MoveTimeMs: 60000}, 422, "moveTimeMs must be 50-10000"},
		{"move time too short", Settings{MoveTimeMs: 10}, 422, "moveTimeMs must be"},
		{"clock without base", Settings{IncMs: 1000}, 422, "starting time"},
		{"negative clock", Settings{BaseMs: -5}, 422, "clock must be"},
		{"illegal replayed move", Settings{Moves: []string{"e2e4", "e2e4"}}, 422, "move 2 (e2e4) is not legal"},
		{"move after mate", Settings{Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4", "a2a3"}}, 422, "after the end of the game"},
		{"unknown variant", Settings{Variant: "crazyhouse"}, 422, `variant must be standard or chess960, not "crazyhouse"`},
		{"Chess960 number too large", Settings{Variant: chess960, Start960: new(960)}, 422, "start960 must be 0-959, not 960"},
		{"negative Chess960 number", Settings{Variant: chess960, Start960: new(-1)}, 422, "start960 must be 0-959, not -1"},
		{"Chess960 number in standard chess", Settings{Start960: new(5)}, 422, "start960 numbers a start position of chess960"},
		{"Chess960 number and FEN", Settings{Variant: chess960, Start960: new(5), FEN: board.StartFEN}, 422, "not both"},
		{"Chess960 FEN of garbage", Settings{Variant: chess960, FEN: "hello"}, 422, "bad FEN"},
		{"Chess960 castling right without its rook", Settings{Variant: chess960, FEN: "4k3/8/8/8/8/8/8/4K3 w K - 0 1"}, 422,
			"castling right 'K' without a white rook on the king's side of e1"},
		{"Chess960 rook file without its rook", Settings{Variant: chess960, FEN: "4k3/8/8/8/8/8/8/4K2R w G - 0 1"}, 422,
			"castling right 'G' without a white rook on g1"},
		{"Chess960 FEN in standard chess", Settings{FEN: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"}, 422,
			"(a Chess960 position: choose the variant chess960)"},
		{"Chess960 castling as the king's step", Settings{Variant: chess960, Start960: new(518), Moves: []string{"e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1"}}, 422,
			"move 7 (e1g1) is not legal"},
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

func TestChess960Start(t *testing.T) {
	ts := testServer(t)
	tests := []struct {
		name     string
		set      Settings
		startFEN string // "" for the start position numbered start960
		start960 int    // -1 for none
	}{
		{"numbered", Settings{Start960: new(266)}, "", 266},
		{"number 0", Settings{Start960: new(0)}, "", 0},
		{"standard chess's start, numbered", Settings{Start960: new(518)}, board.StartFEN, 518},
		{"a start position in Shredder-FEN", Settings{FEN: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
			"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", 0},
		{"a start position without a castling right", Settings{FEN: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Qkq - 0 1"},
			"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Qkq - 0 1", -1},
		{"a middlegame", Settings{FEN: "1rkqnr1b/ppp1p1pp/1n3p2/3Q4/2P4P/1N6/PP2PPP1/1RK1NRBB w KQkq - 0 1"},
			"1rkqnr1b/ppp1p1pp/1n3p2/3Q4/2P4P/1N6/PP2PPP1/1RK1NRBB w KQkq - 0 1", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.set.Variant = chess960
			st := create(t, ts, tt.set)
			defer call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
			want := tt.startFEN
			if want == "" {
				want = board.Chess960StartFEN(tt.start960)
			}
			got960 := -1
			if st.Start960 != nil {
				got960 = *st.Start960
			}
			if st.StartFEN != want || got960 != tt.start960 || st.Settings.Variant != chess960 || st.Settings.Start960 != nil {
				t.Errorf("start %q, number %d, settings %+v; want %q, number %d, variant chess960", st.StartFEN, got960, st.Settings, want, tt.start960)
			}
		})
	}
	// A random start position, different from game to game.
	seen := map[int]bool{}
	for range 3 {
		st := create(t, ts, Settings{Variant: chess960})
		call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
		if st.Start960 == nil || st.StartFEN != board.Chess960StartFEN(*st.Start960) {
			t.Fatalf("random start: %q, number %v", st.StartFEN, st.Start960)
		}
		seen[*st.Start960] = true
	}
	if len(seen) == 1 {
		t.Errorf("three random start positions were all number %v", seen)
	}
}

func TestMoves(t *testing.T) {
	ts := testServer(t)
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
	if diff := cmp.Diff(Move{UCI: "e2e4", SAN: "e4"}, after.Moves[0], ignoreFEN); diff != "" {
		t.Errorf("first move (-want +got):\n%s", diff)
	}
	if len(after.Lines) == 0 || after.Lines[0].Ply != 1 || len(after.Lines[0].PV) == 0 {
		t.Errorf("Luft's thinking on its move is not kept: %s", linesJSON(after.Lines))
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
	ts := testServer(t)
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
	ts := testServer(t)
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

// TestDrops checks the legal moves a state gives the page in standard
// chess: castling on the king's square only, as before Chess960, a
// promotion with a queen, and every move from the start.
func TestDrops(t *testing.T) {
	ts := testServer(t)
	tests := []struct {
		fen  string
		from string            // the origin square of the drops checked
		want map[string]string // its drops
		n    int               // the number of drops
	}{
		{board.StartFEN, "g1", map[string]string{"g1f3": "g1f3", "g1h3": "g1h3"}, 20},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1",
			map[string]string{"e1c1": "e1c1", "e1d1": "e1d1", "e1d2": "e1d2", "e1e2": "e1e2", "e1f1": "e1f1", "e1f2": "e1f2", "e1g1": "e1g1"}, 26},
		{"k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7", map[string]string{"c7c8": "c7c8q"}, 6},
	}
	for _, tt := range tests {
		st := create(t, ts, Settings{FEN: tt.fen, Analysis: true})
		call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
		got := map[string]string{}
		for drop, uci := range st.Drops {
			if drop[:2] == tt.from {
				got[drop] = uci
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" || len(st.Drops) != tt.n {
			t.Errorf("%s: %d drops, want %d; from %s (-want +got):\n%s", tt.fen, len(st.Drops), tt.n, tt.from, diff)
		}
	}
}

// TestChess960MovesInUCI refuses castling written as the king's step in a
// game of Chess960, where it is not UCI: the page sends the move that a
// drop on the king's square names.
func TestChess960MovesInUCI(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Variant: chess960, Analysis: true, FEN: "3k4/3p1p2/8/8/8/8/PPP5/1K5R w H - 0 1"})
	var e apiError
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "b1g1"}, &e); code != http.StatusUnprocessableEntity ||
		!strings.Contains(e.Error, `"b1g1" is not a legal move`) {
		t.Errorf("b1g1: status %d, error %q; want 422", code, e.Error)
	}
}
