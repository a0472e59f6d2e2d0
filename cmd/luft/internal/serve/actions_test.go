package serve

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestTakeback(t *testing.T) {
	ts := testServer(t)
	tests := []struct {
		name     string
		set      Settings
		play     []string // the person's moves, each followed by Luft's reply
		thinking bool     // take back while Luft thinks on the last move
		want     []string // the moves left
		code     int
	}{
		{"nothing to take back", Settings{Color: "white"}, nil, false, []string{}, http.StatusConflict},
		{"move and reply", Settings{Color: "white", Elo: 1400}, []string{"e2e4", "d2d4"}, false, nil, http.StatusOK},
		{"while Luft thinks", Settings{Color: "white", MoveTimeMs: 8000}, []string{"e2e4"}, true, []string{}, http.StatusOK},
		{"Luft moved first", Settings{Color: "black", Elo: 1400}, nil, false, nil, http.StatusConflict},
		{"after a mate", Settings{Color: "white", FEN: "k7/2P5/1K6/8/8/8/8/8 w - - 0 1"}, []string{"c7c8q"}, false, []string{}, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := create(t, ts, tt.set)
			defer call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
			st = waitState(t, ts, st.ID, idle)
			for _, m := range tt.play {
				call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": m}, &st)
				if !tt.thinking {
					st = waitState(t, ts, st.ID, idle)
				}
			}
			before := ucis(st)
			var got State
			start := time.Now()
			code := call(t, ts, "POST", "/api/games/"+st.ID+"/takeback", nil, &got)
			if time.Since(start) > 3*time.Second {
				t.Errorf("takeback took %v", time.Since(start))
			}
			want := tt.want
			if want == nil && code == http.StatusOK {
				want = before[:len(before)-2]
			}
			if code != tt.code {
				t.Fatalf("status %d, want %d", code, tt.code)
			}
			if code == http.StatusOK {
				if diff := cmp.Diff(want, ucis(got)); diff != "" {
					t.Errorf("moves after takeback (-want +got):\n%s", diff)
				}
				if got.Result != "*" || got.Thinking || got.Turn != tt.set.Color {
					t.Errorf("after takeback: result %s, thinking %v, turn %s", got.Result, got.Thinking, got.Turn)
				}
			}
		})
	}
}

func TestResign(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Color: "black", Elo: 1400})
	st = waitState(t, ts, st.ID, idle)
	var got State
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/resign", nil, &got); code != http.StatusOK {
		t.Fatalf("resign: status %d", code)
	}
	want := [3]string{"1-0", "resignation", "Black resigns"}
	if diff := cmp.Diff(want, [3]string{got.Result, got.Termination, got.Reason}); diff != "" {
		t.Errorf("after resigning (-want +got):\n%s", diff)
	}
	for _, action := range []string{"resign", "takeback", "move"} {
		if code := call(t, ts, "POST", "/api/games/"+st.ID+"/"+action, map[string]string{"move": "e7e5"}, nil); code != http.StatusConflict {
			t.Errorf("%s after resigning: status %d, want 409", action, code)
		}
	}
}

func TestClockFlagFalls(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Color: "white", BaseMs: 100})
	if st.Clock == nil || st.Clock.Running != "white" || st.Clock.WhiteMs > 100 {
		t.Fatalf("clock at the start: %+v", st.Clock)
	}
	st = waitState(t, ts, st.ID, func(st State) bool { return st.Result != "*" })
	want := [3]string{"0-1", "time forfeit", "White loses on time"}
	if diff := cmp.Diff(want, [3]string{st.Result, st.Termination, st.Reason}); diff != "" {
		t.Errorf("after the flag fell (-want +got):\n%s", diff)
	}
	if st.Clock.Running != "" || st.Clock.WhiteMs != 0 && st.Clock.WhiteMs > 600 {
		t.Errorf("clock after the flag fell: %+v", st.Clock)
	}
}

func TestClockGame(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Color: "white", Elo: 1600, BaseMs: 60000, IncMs: 1000})
	call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "d2d4"}, nil)
	st = waitState(t, ts, st.ID, idle)
	if len(st.Moves) != 2 || st.Result != "*" {
		t.Fatalf("after 1. d4 and a reply: %+v", st)
	}
	c := st.Clock
	if c.Running != "white" || c.WhiteMs > 61000 || c.WhiteMs < 55000 || c.BlackMs > 61000 || c.BlackMs < 50000 {
		t.Errorf("clocks after one move each: %+v", c)
	}
}

func TestLongestMoveOnAClock(t *testing.T) {
	cfg := testConfig()
	cfg.MaxMoveTime = 200 * time.Millisecond
	_, ts := newTestServer(t, cfg)
	// Three hours on the clock: Luft would plan minutes for its move.
	st := create(t, ts, Settings{Color: "black", BaseMs: 3 * 3600 * 1000})
	start := time.Now()
	st = waitState(t, ts, st.ID, idle)
	if d := time.Since(start); len(st.Moves) != 1 || d > 5*time.Second {
		t.Fatalf("Luft's first move on a 3-hour clock with -max-move-time 200ms: %d moves after %v", len(st.Moves), d)
	}
	if spent := 3*time.Hour - time.Duration(st.Clock.WhiteMs)*time.Millisecond; spent > 5*time.Second {
		t.Errorf("Luft's clock was charged %v for a move capped at 200 ms", spent)
	}
}

func TestRestoreFromMoves(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Color: "black", Elo: 1400, Moves: []string{"e2e4", "c7c5", "g1f3"}})
	// The FENs are Luft's board's, with an en-passant square only where
	// a pawn can take.
	want := []Move{{"e2e4", "e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"c7c5", "c5", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
		{"g1f3", "Nf3", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"}}
	if diff := cmp.Diff(want, st.Moves); diff != "" {
		t.Errorf("replayed moves (-want +got):\n%s", diff)
	}
	if st.Turn != "black" || st.Thinking {
		t.Errorf("after the replay: turn %s, thinking %v", st.Turn, st.Thinking)
	}
}
