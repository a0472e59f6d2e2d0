package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/notnil/chess"
)

// foolsMate is the position after 1. f3 e5: White's g4 lets Qh4 mate.
const foolsMate = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq e6 0 2"

func TestLuftMates(t *testing.T) {
	_, ts := newTestServer(t, testConfig())
	st := create(t, ts, Settings{Color: "white", FEN: foolsMate, MoveTimeMs: 300})
	call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "g2g4"}, nil)
	st = waitState(t, ts, st.ID, idle)
	want := State{Moves: []Move{{"g2g4", "g4"}, {"d8h4", "Qh4#"}}, Result: "0-1",
		Termination: "checkmate", Reason: "Black mates"}
	got := State{Moves: st.Moves, Result: st.Result, Termination: st.Termination, Reason: st.Reason}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fool's mate (-want +got):\n%s", diff)
	}
	var e apiError
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "a2a3"}, &e); code != http.StatusConflict {
		t.Errorf("move after mate: status %d (%s), want 409", code, e.Error)
	}
}

func TestPersonMatesByPromotion(t *testing.T) {
	_, ts := newTestServer(t, testConfig())
	st := create(t, ts, Settings{Color: "white", Elo: 1800, FEN: "k7/2P5/1K6/8/8/8/8/8 w - - 0 1"})
	var got State
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "c7c8q"}, &got); code != http.StatusOK {
		t.Fatalf("c8=Q: status %d", code)
	}
	if diff := cmp.Diff([]Move{{"c7c8q", "c8=Q#"}}, got.Moves); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
	if got.Result != "1-0" || got.Termination != "checkmate" || got.Thinking {
		t.Errorf("after c8=Q#: result %q, termination %q, thinking %v", got.Result, got.Termination, got.Thinking)
	}
	checkPGN(t, ts, st.ID, chess.WhiteWon, "1-0", []string{
		`[FEN "k7/2P5/1K6/8/8/8/8/8 w - - 0 1"]`, `[SetUp "1"]`, `[BlackElo "1800"]`, `[White "You"]`})
}

func TestPGNOfLuftsMate(t *testing.T) {
	_, ts := newTestServer(t, testConfig())
	st := create(t, ts, Settings{Color: "white", MoveTimeMs: 200, Moves: []string{"f2f3", "e7e5"}})
	call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "g2g4"}, nil)
	waitState(t, ts, st.ID, func(st State) bool { return st.Result != "*" })
	checkPGN(t, ts, st.ID, chess.BlackWon, "0-1", []string{
		`[Black "Luft test"]`, `[TimeControl "0.2/move"]`, `[Termination "normal"]`, "1. f3 e5 2. g4 Qh4#"})
}

// checkPGN reads the game's PGN back with notnil/chess and checks its
// outcome, its tags and that it holds the given lines.
func checkPGN(t *testing.T, ts *httptest.Server, id string, outcome chess.Outcome, result string, has []string) {
	t.Helper()
	res, err := ts.Client().Get(ts.URL + "/api/games/" + id + "/pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-chess-pgn") {
		t.Errorf("PGN content type %q", ct)
	}
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	opt, err := chess.PGN(strings.NewReader(text))
	if err != nil {
		t.Fatalf("notnil/chess cannot read the PGN: %v\n%s", err, text)
	}
	g := chess.NewGame(opt)
	if g.Outcome() != outcome || g.Method() != chess.Checkmate {
		t.Errorf("PGN read back: outcome %s by %s, want %s by checkmate\n%s", g.Outcome(), g.Method(), outcome, text)
	}
	if got := g.GetTagPair("Result"); got == nil || got.Value != result {
		t.Errorf("Result tag %v, want %s", got, result)
	}
	for _, s := range has {
		if !strings.Contains(text, s) {
			t.Errorf("PGN lacks %q:\n%s", s, text)
		}
	}
}
