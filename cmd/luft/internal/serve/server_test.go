package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/player"
)

func TestPage(t *testing.T) {
	ts := testServer(t)
	tests := []struct {
		method, path string
		code         int
		typ, body    string // a prefix of the content type; a part of the body
	}{
		{"GET", "/", 200, "text/html", `<script type="module" src="app.js">`},
		{"GET", "/app.js", 200, "text/javascript", "EventSource"},
		{"GET", "/app.css", 200, "text/css", ".cg-wrap"},
		{"HEAD", "/", 200, "text/html", ""},
		{"POST", "/", 405, "text/plain", "method not allowed"},
		{"GET", "/nothing.js", 404, "text/plain", "not found"},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, ts.URL+tt.path, nil)
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		typ := res.Header.Get("Content-Type")
		if res.StatusCode != tt.code || !strings.HasPrefix(typ, tt.typ) || !strings.Contains(string(body), tt.body) {
			t.Errorf("%s %s: status %d, type %q; want %d, %q and a body with %q",
				tt.method, tt.path, res.StatusCode, typ, tt.code, tt.typ, tt.body)
		}
	}
}

func TestConfigLadder(t *testing.T) {
	ts := testServer(t)
	var got struct {
		Levels     []Level `json:"levels"`
		MoveTimeMs int     `json:"moveTimeMs"`
	}
	if code := call(t, ts, "GET", "/api/config", nil, &got); code != 200 {
		t.Fatalf("config: status %d", code)
	}
	var elos, want []int
	for _, l := range got.Levels {
		elos = append(elos, l.Elo)
	}
	// The engine's calibrated range in steps of 100 (1400-2400 today;
	// player.MaxCalibratedElo is its top), then full strength.
	for elo := player.MinCalibratedElo; elo <= player.MaxCalibratedElo; elo += 100 {
		want = append(want, elo)
	}
	want = append(want, 0)
	if diff := cmp.Diff(want, elos); diff != "" {
		t.Errorf("ladder (-want +got):\n%s", diff)
	}
	if !slices.Contains(elos, 1400) || !slices.Contains(elos, 2200) {
		t.Errorf("the README's measured levels 1400 and 2200 are not on the ladder: %v", elos)
	}
	// Both ends of the calibrated range were measured: their notes give the score.
	for _, l := range []Level{got.Levels[0], got.Levels[len(got.Levels)-2]} {
		if !strings.HasPrefix(l.Note, "measured: scored ") {
			t.Errorf("level %d: note %q, want its measured score", l.Elo, l.Note)
		}
	}
	top := got.Levels[len(got.Levels)-1]
	// Full strength rates no lower than the top of the calibrated range.
	if got.MoveTimeMs != 100 || top.Rating != fullStrengthRating || top.Rating < player.MaxCalibratedElo {
		t.Errorf("move time %d, full strength rated %d", got.MoveTimeMs, top.Rating)
	}
	wantTop := Level{Rating: 2500, Label: "Luft full strength",
		Note: "measured: plays like Stockfish 15.1 at UCI_Elo 2450–2550 at 10+0.1"}
	if diff := cmp.Diff(wantTop, top); diff != "" {
		t.Errorf("full strength (-want +got):\n%s", diff)
	}
}

// TestFullStrengthREADME checks that the ladder's full strength is the
// README's measured figure.
func TestFullStrengthREADME(t *testing.T) {
	readme, err := os.ReadFile("../../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Stockfish's `UCI_Elo` %d–%d", fullStrengthLow, fullStrengthHigh)
	if !strings.Contains(string(readme), want) {
		t.Errorf("README.md does not say %q: the ladder's figure or the README's is out of date", want)
	}
}

func TestGracefulShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(testConfig())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	url := "http://" + ln.Addr().String()
	res, err := http.Post(url+"/api/games", "application/json", strings.NewReader(`{"color":"black","moveTimeMs":5000}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 201 {
		t.Fatalf("new game: status %d", res.StatusCode)
	}
	events, err := http.Get(url + "/api/games/" + res.Header.Get("Location")[len("/api/games/"):] + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	start := time.Now()
	cancel() // as Ctrl-C does
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after its context was cancelled")
	}
	if _, err := io.ReadAll(events.Body); err != nil && !strings.Contains(err.Error(), "EOF") {
		t.Logf("event stream ended with %v", err)
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("shutdown with a thinking engine and an open stream took %v", d)
	}
	if n := s.games.count(); n != 0 {
		t.Errorf("%d games left after shutdown", n)
	}
}

// TestLadderBrowser checks the notes of the levels in a browser: each
// level's budget of nodes, and full strength as what its time reaches.
func TestLadderBrowser(t *testing.T) {
	levels := ladder(true)
	for _, l := range levels[:len(levels)-1] {
		want := fmt.Sprintf("; at most %d nodes a move, in this browser too", player.ForElo(l.Elo).Nodes)
		if !strings.Contains(l.Note, want) || player.ForElo(l.Elo).Nodes == 0 {
			t.Errorf("level %d: note %q, want %q in it", l.Elo, l.Note, want)
		}
	}
	want := "in this browser: what Luft reaches in its time a move at about a seventh of the native binary's speed, " +
		"so well below its native strength (measured: plays like Stockfish 15.1 at UCI_Elo 2450–2550 at 10+0.1)"
	if diff := cmp.Diff(want, levels[len(levels)-1].Note); diff != "" {
		t.Errorf("full strength (-want +got):\n%s", diff)
	}
}
