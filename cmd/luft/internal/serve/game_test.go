package serve

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/game/pgn"
)

// foolsMate is the position after 1. f3 e5: White's g4 lets Qh4 mate.
const foolsMate = "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq e6 0 2"

func TestLuftMates(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Color: "white", FEN: foolsMate, MoveTimeMs: 300})
	call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "g2g4"}, nil)
	st = waitState(t, ts, st.ID, idle)
	want := State{Moves: []Move{{UCI: "g2g4", SAN: "g4"}, {UCI: "d8h4", SAN: "Qh4#"}}, Result: "0-1",
		Termination: "checkmate", Reason: "Black mates"}
	got := State{Moves: st.Moves, Result: st.Result, Termination: st.Termination, Reason: st.Reason}
	if diff := cmp.Diff(want, got, ignoreFEN); diff != "" {
		t.Errorf("fool's mate (-want +got):\n%s", diff)
	}
	var e apiError
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "a2a3"}, &e); code != http.StatusConflict {
		t.Errorf("move after mate: status %d (%s), want 409", code, e.Error)
	}
}

func TestPersonMatesByPromotion(t *testing.T) {
	ts := testServer(t)
	st := create(t, ts, Settings{Color: "white", Elo: 1800, FEN: "k7/2P5/1K6/8/8/8/8/8 w - - 0 1"})
	var got State
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "c7c8q"}, &got); code != http.StatusOK {
		t.Fatalf("c8=Q: status %d", code)
	}
	if diff := cmp.Diff([]Move{{UCI: "c7c8q", SAN: "c8=Q#"}}, got.Moves, ignoreFEN); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
	if got.Result != "1-0" || got.Termination != "checkmate" || got.Thinking {
		t.Errorf("after c8=Q#: result %q, termination %q, thinking %v", got.Result, got.Termination, got.Thinking)
	}
	checkPGN(t, ts, st.ID, chess.WhiteWon, "1-0", []string{
		`[FEN "k7/2P5/1K6/8/8/8/8/8 w - - 0 1"]`, `[SetUp "1"]`, `[BlackElo "1800"]`, `[White "You"]`})
}

func TestPGNOfLuftsMate(t *testing.T) {
	ts := testServer(t)
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

// TestChess960Castling castles in analysis mode, where the person moves
// both sides: both ways, with the king or the rook staying on its square,
// from a start position and from FENs. It checks the drops the page gets
// for the king, the SAN, the position, the PGN read back by Luft's board,
// the game set up again from its moves, and a takeback of the castling.
func TestChess960Castling(t *testing.T) {
	ts := testServer(t)
	tests := []struct {
		name      string
		set       Settings
		castle    string            // the castling move, king takes rook
		kingDrops map[string]string // the drops of the king before it
		san       string
		fen       string // after the castling
	}{
		{"the king stays, O-O-O", Settings{Start960: new(266), Moves: []string{"d1e3", "d8e6"}}, "c1b1",
			map[string]string{"c1b1": "c1b1", "c1d1": "c1d1"}, "O-O-O",
			"nrk1bbqr/pppppppp/4n3/8/8/4N3/PPPPPPPP/N1KRBBQR b kq - 3 2"},
		{"the king stays, O-O", Settings{FEN: "4k3/8/8/8/8/8/5PPP/6KR w H - 0 1"}, "g1h1",
			map[string]string{"g1f1": "g1f1", "g1h1": "g1h1"}, "O-O", "4k3/8/8/8/8/8/5PPP/5RK1 b - - 1 1"},
		{"the rook stays, O-O-O", Settings{FEN: "4k3/8/8/8/8/8/3PPP2/3RK3 w D - 0 1"}, "e1d1",
			map[string]string{"e1c1": "e1d1", "e1d1": "e1d1", "e1f1": "e1f1"}, "O-O-O", "4k3/8/8/8/8/8/3PPP2/2KR4 b - - 1 1"},
		{"the king crosses the board, O-O", Settings{FEN: "3k4/3p1p2/8/8/8/8/PPP5/1K5R w H - 0 1"}, "b1h1",
			map[string]string{"b1a1": "b1a1", "b1c1": "b1c1", "b1g1": "b1h1", "b1h1": "b1h1"}, "O-O",
			"3k4/3p1p2/8/8/8/8/PPP5/5RK1 b - - 1 1"},
		{"Black swaps king and rook: the king's square is a step", Settings{FEN: "rk6/8/8/8/8/8/8/4K3 b a - 0 1"}, "b8a8",
			map[string]string{"b8a7": "b8a7", "b8b7": "b8b7", "b8c7": "b8c7", "b8c8": "b8c8", "b8a8": "b8a8"}, "O-O-O",
			"2kr4/8/8/8/8/8/8/4K3 w - - 1 2"},
		{"standard chess's start", Settings{Start960: new(518), Moves: []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"}}, "e1h1",
			map[string]string{"e1e2": "e1e2", "e1f1": "e1f1", "e1g1": "e1h1", "e1h1": "e1h1"}, "O-O",
			"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.set.Variant, tt.set.Analysis = chess960, true
			st := create(t, ts, tt.set)
			defer call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
			king := tt.castle[:2]
			got := map[string]string{}
			for drop, uci := range st.Drops {
				if drop[:2] == king {
					got[drop] = uci
				}
			}
			if diff := cmp.Diff(tt.kingDrops, got); diff != "" {
				t.Errorf("the king's drops (-want +got):\n%s", diff)
			}
			before := st.FEN
			var after State
			if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": tt.castle}, &after); code != http.StatusOK {
				t.Fatalf("castling %s: status %d", tt.castle, code)
			}
			last := after.Moves[len(after.Moves)-1]
			if diff := cmp.Diff(Move{UCI: tt.castle, SAN: tt.san, FEN: tt.fen}, last); diff != "" {
				t.Errorf("castling (-want +got):\n%s", diff)
			}
			if after.FEN != tt.fen {
				t.Errorf("position %q, want %q", after.FEN, tt.fen)
			}
			checkPGN960(t, ts, st.ID, tt.fen, tt.san)
			// A page restores a game the server has closed from its moves.
			again := create(t, ts, Settings{Variant: chess960, Analysis: true, FEN: after.StartFEN, Moves: ucis(after)})
			call(t, ts, "DELETE", "/api/games/"+again.ID, nil, nil)
			if again.FEN != tt.fen || again.Moves[len(again.Moves)-1].SAN != tt.san {
				t.Errorf("restored from its moves: position %q, last move %+v", again.FEN, again.Moves[len(again.Moves)-1])
			}
			var back State
			if code := call(t, ts, "POST", "/api/games/"+st.ID+"/takeback", nil, &back); code != http.StatusOK || back.FEN != before {
				t.Errorf("takeback: status %d, position %q, want %q", code, back.FEN, before)
			}
		})
	}
}

// TestLuftCastlesIn960 has Luft find mates that only castling gives, the
// king crossing the board or staying on its square, for White and Black:
// the engine plays by the rules of Chess960 (UCI_Chess960) and its
// castling, king takes rook, is read as such, in its move and its line.
func TestLuftCastlesIn960(t *testing.T) {
	ts := testServer(t)
	tests := []struct {
		fen, color string // the person's colour
		want       Move
		result     string
	}{
		{"4rkr1/4p1p1/8/8/8/8/8/1K5R w H - 0 1", "black", Move{"b1h1", "O-O#", "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 1"}, "1-0"},
		{"4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1", "black", Move{"g1h1", "O-O#", "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 1"}, "1-0"},
		{"1k5r/8/8/8/8/8/4P1P1/4RKR1 b h - 0 1", "white", Move{"b8h8", "O-O#", "5rk1/8/8/8/8/8/4P1P1/4RKR1 w - - 1 2"}, "0-1"},
	}
	for _, tt := range tests {
		t.Run(tt.want.UCI, func(t *testing.T) {
			st := create(t, ts, Settings{Variant: chess960, Color: tt.color, FEN: tt.fen, MoveTimeMs: 500})
			defer call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
			st = waitState(t, ts, st.ID, idle)
			if diff := cmp.Diff([]Move{tt.want}, st.Moves); diff != "" {
				t.Fatalf("Luft's move (-want +got):\n%s", diff)
			}
			if st.Result != tt.result || st.Termination != "checkmate" || len(st.Drops) != 0 {
				t.Errorf("result %s by %s, drops %v; want %s by checkmate and no drops", st.Result, st.Termination, st.Drops, tt.result)
			}
			if len(st.Lines) == 0 || len(st.Lines[0].SAN) == 0 || st.Lines[0].SAN[0] != tt.want.SAN {
				t.Errorf("Luft's line %s does not begin with %s", linesJSON(st.Lines), tt.want.SAN)
			}
			checkPGN960(t, ts, st.ID, tt.want.FEN, tt.want.SAN)
		})
	}
}

// checkPGN960 reads the PGN of a game of Chess960 back with the match
// runner's reader, which replays it on Luft's board as its Variant tag
// says, and checks its tags, that the replay ends in position fen, and
// that the movetext holds san.
func checkPGN960(t *testing.T, ts *httptest.Server, id, fen, san string) {
	t.Helper()
	res, err := ts.Client().Get(ts.URL + "/api/games/" + id + "/pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	g, err := pgn.NewReader(res.Body).Read()
	if err != nil {
		t.Fatal(err)
	}
	var st State
	call(t, ts, "GET", "/api/games/"+id, nil, &st)
	tags := map[string]string{}
	for _, name := range []string{"Variant", "SetUp", "FEN"} {
		tags[name], _ = g.Tag(name)
	}
	if diff := cmp.Diff(map[string]string{"Variant": "Chess960", "SetUp": "1", "FEN": st.StartFEN}, tags); diff != "" {
		t.Errorf("PGN tags (-want +got):\n%s", diff)
	}
	if err := g.Check(); err != nil {
		t.Errorf("the PGN does not replay: %v", err)
	}
	rg, err := g.Replay()
	if err != nil || !rg.Chess960() || rg.FEN() != fen {
		t.Errorf("the PGN replays to %q (Chess960 %v, %v), want %q", rg.FEN(), rg.Chess960(), err, fen)
	}
	if n := len(g.Moves); n == 0 || g.Moves[n-1].SAN != san {
		t.Errorf("the PGN's last move is not %s: %+v", san, g.Moves)
	}
}
