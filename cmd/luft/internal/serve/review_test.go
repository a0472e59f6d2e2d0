package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestImport(t *testing.T) {
	ts := testServer(t)
	tests := []struct {
		name, pgn string
		code      int
		moves     []string // the game's moves in UCI
		err       string   // in the error message
	}{
		{"standard", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Qh4 *\n", 201, []string{"e2e4", "e7e5", "g1f3", "d8h4"}, ""},
		{"chess960", `[Variant "Chess960"]
[FEN "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"]

1. Ng3 Ng6 2. Nf3 Nf6 3. O-O *`, 201, []string{"f1g3", "f8g6", "e1f3", "e8f6", "g1h1"}, ""},
		{"illegal move", "1. e4 e5 2. Ke3 *", 422, nil, "move 2. Ke3: "},
		{"bad tag", "[Event x]\n\n1. e4 *", 422, nil, "the PGN cannot be read: line 1: bad tag"},
		{"empty", "  \n", 422, nil, "the PGN is empty"},
		{"chess960 without FEN", "[Variant \"Chess960\"]\n\n1. e4 *", 422, nil, "needs its FEN tag"},
	}
	for _, tt := range tests {
		var out struct {
			State
			Error string `json:"error"`
		}
		code := call(t, ts, "POST", "/api/import", map[string]string{"pgn": tt.pgn}, &out)
		if code != tt.code || !strings.Contains(out.Error, tt.err) {
			t.Errorf("%s: status %d, error %q; want %d and %q", tt.name, code, out.Error, tt.code, tt.err)
			continue
		}
		if code == 201 {
			if diff := cmp.Diff(tt.moves, ucis(out.State)); diff != "" || !out.Settings.Analysis {
				t.Errorf("%s: analysis %v, moves (-want +got):\n%s", tt.name, out.Settings.Analysis, diff)
			}
			call(t, ts, "DELETE", "/api/games/"+out.ID, nil, nil)
		}
	}
}

// reviewLines posts a review of the game id and returns the JSON lines
// of the reply, or its status when it is not 200.
func reviewLines(ctx context.Context, t *testing.T, url, id string) (int, []map[string]json.RawMessage) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "POST", url+"/api/games/"+id+"/review", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return res.StatusCode, nil
	}
	var lines []map[string]json.RawMessage
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	return 200, lines
}

func TestReview(t *testing.T) {
	cfg := testConfig()
	cfg.ReviewNodes = 20_000
	_, ts := newTestServer(t, cfg)
	var st State
	if code := call(t, ts, "POST", "/api/import", map[string]string{"pgn": "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *"}, &st); code != 201 {
		t.Fatalf("import: status %d", code)
	}
	code, lines := reviewLines(context.Background(), t, ts.URL, st.ID)
	if code != 200 || len(lines) != 7 {
		t.Fatalf("status %d, %d lines, want 200 and 6 of progress and the review", code, len(lines))
	}
	if got := string(lines[5]["done"]) + "/" + string(lines[5]["total"]); got != "6/6" {
		t.Errorf("last progress %s, want 6/6", got)
	}
	var rv Review
	if err := json.Unmarshal(lines[6]["review"], &rv); err != nil {
		t.Fatal(err)
	}
	m := rv.Moves[3]
	if m.SAN != "Qh4" || m.NAG != "??" || m.Judgement != "Blunder" || m.Win < 80 || m.Best == "" || m.Line[0] != m.Best {
		t.Errorf("the review of 2... Qh4 is %+v, want a blunder with White winning and a better line", m)
	}
	if rv.Black.Blunders != 1 || rv.White.Accuracy == nil || *rv.White.Accuracy < 80 {
		t.Errorf("players %+v and %+v, want Black's one blunder and White accurate", rv.White, rv.Black)
	}
}

// TestReviewOneAtATime checks that a game has one review at a time and
// that a request closed by the page stops its review.
func TestReviewOneAtATime(t *testing.T) {
	cfg := testConfig()
	cfg.ReviewNodes = 50_000_000 // longer than the test
	s, ts := newTestServer(t, cfg)
	var st State
	call(t, ts, "POST", "/api/import", map[string]string{"pgn": "1. e4 e5 2. Nf3 Nc6 *"}, &st)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/games/"+st.ID+"/review", nil)
		if res, err := http.DefaultClient.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, res.Body) // until cancel
			res.Body.Close()
		}
	}()
	g, _ := s.games.get(st.ID)
	reviewing := func() bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.reviewing
	}
	for deadline := time.Now().Add(5 * time.Second); !reviewing(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the review did not start")
		}
	}
	if code, _ := reviewLines(context.Background(), t, ts.URL, st.ID); code != http.StatusConflict {
		t.Errorf("a second review: status %d, want 409", code)
	}
	cancel()
	<-done
	for deadline := time.Now().Add(5 * time.Second); reviewing(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the review went on after its request was closed")
		}
	}
}

// TestReviewAfterGame reviews a game played against Luft once it is over:
// a promotion that mates from a FEN.
func TestReviewAfterGame(t *testing.T) {
	cfg := testConfig()
	cfg.ReviewNodes = 5_000
	_, ts := newTestServer(t, cfg)
	st := create(t, ts, Settings{FEN: "k7/2P5/1K6/8/8/8/8/8 w - - 0 1"})
	if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "c7c8q"}, &st); code != 200 || st.Result != "1-0" {
		t.Fatalf("the mating move: status %d, result %q", code, st.Result)
	}
	code, lines := reviewLines(context.Background(), t, ts.URL, st.ID)
	if code != 200 || len(lines) != 3 {
		t.Fatalf("status %d, %d lines, want 200 and two of progress and the review", code, len(lines))
	}
	var rv Review
	if err := json.Unmarshal(lines[2]["review"], &rv); err != nil {
		t.Fatal(err)
	}
	want := []ReviewMove{{SAN: "c8=Q#", Win: 97.55}}
	if diff := cmp.Diff(want, rv.Moves, cmpopts.EquateApprox(0, 0.01)); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
}
