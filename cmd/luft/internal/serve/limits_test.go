package serve

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/enginetest"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/uci"
)

func TestConcurrencyLimit(t *testing.T) {
	cfg := testConfig()
	cfg.MaxGames = 2
	_, ts := newTestServer(t, cfg)
	// More requests at once than the server has room for: exactly
	// MaxGames get a game, the others a clear 503.
	const tries = 5
	codes := make([]int, tries)
	errs := make([]string, tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Go(func() {
			var e apiError
			codes[i] = call(t, ts, "POST", "/api/games", Settings{Elo: 1400}, &e)
			errs[i] = e.Error
		})
	}
	wg.Wait()
	created := 0
	for i, code := range codes {
		switch code {
		case http.StatusCreated:
			created++
		case http.StatusServiceUnavailable:
			if !strings.Contains(errs[i], "too many games: this server plays at most 2 at once") {
				t.Errorf("refusal's error: %q", errs[i])
			}
		default:
			t.Errorf("new game: status %d", code)
		}
	}
	if created != cfg.MaxGames {
		t.Fatalf("%d games created, want %d", created, cfg.MaxGames)
	}
	var st State
	if code := call(t, ts, "POST", "/api/games", Settings{}, &st); code != http.StatusServiceUnavailable {
		t.Fatalf("a game beyond the limit: status %d", code)
	}
}

func TestDeleteFreesRoom(t *testing.T) {
	cfg := testConfig()
	cfg.MaxGames = 1
	_, ts := newTestServer(t, cfg)
	st := create(t, ts, Settings{})
	if code := call(t, ts, "POST", "/api/games", Settings{}, nil); code != http.StatusServiceUnavailable {
		t.Fatalf("second game: status %d, want 503", code)
	}
	call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
	create(t, ts, Settings{})
}

func TestIdleGamesReclaimed(t *testing.T) {
	cfg := testConfig()
	cfg.MaxGames = 1
	cfg.IdleTimeout = 40 * time.Millisecond
	s, ts := newTestServer(t, cfg)
	old := create(t, ts, Settings{})
	deadline := time.Now().Add(5 * time.Second)
	for s.games.count() > 0 { // the reclaimer's ticker closes it
		if time.Now().After(deadline) {
			t.Fatal("an idle game was never reclaimed")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if code := call(t, ts, "GET", "/api/games/"+old.ID, nil, nil); code != http.StatusNotFound {
		t.Errorf("reclaimed game: status %d, want 404", code)
	}
	create(t, ts, Settings{})
}

func TestStreamKeepsGameAlive(t *testing.T) {
	old := time.Duration(ping.Load())
	t.Cleanup(func() { setPing(old) })
	setPing(10 * time.Millisecond)
	cfg := testConfig()
	cfg.IdleTimeout = 100 * time.Millisecond
	s, ts := newTestServer(t, cfg)
	st := create(t, ts, Settings{})
	openStream(t, ts, st.ID)
	time.Sleep(400 * time.Millisecond)
	if s.games.count() != 1 {
		t.Errorf("a game whose page is open was reclaimed")
	}
}

// TestEvaluationReachesSearch plays a move in a game at a level and in
// one at full strength and checks what reached each engine: the options
// of the handshake once (the server's Hash, not the default's), a new
// game, and searches by hand at the level and with the network at full
// strength, the level's evaluation never an options change.
func TestEvaluationReachesSearch(t *testing.T) {
	cfg := testConfig()
	var mu sync.Mutex
	var engines []*enginetest.Recorder
	cfg.newEngine = func() engine.Searcher {
		mu.Lock()
		defer mu.Unlock()
		r := enginetest.New(engine.New(uci.DefaultOptions()))
		engines = append(engines, r)
		return r
	}
	_, ts := newTestServer(t, cfg)
	builtin := uci.DefaultOptions().Net
	for _, tt := range []struct {
		elo  int
		want *nnue.Network // each search's evaluation
	}{{1500, nil}, {0, builtin}} {
		st := create(t, ts, Settings{Color: "black", Elo: tt.elo})
		waitState(t, ts, st.ID, idle)
		if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "e7e5"}, nil); code != http.StatusOK {
			t.Fatalf("elo %d: move: status %d", tt.elo, code)
		}
		waitState(t, ts, st.ID, func(st State) bool { return idle(st) && len(st.Moves) == 3 })
		mu.Lock()
		got := engines[len(engines)-1].Record()
		mu.Unlock()
		want := enginetest.Record{Set: []*nnue.Network{builtin}, NewGames: 1, Searched: []*nnue.Network{tt.want, tt.want}}
		if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b *nnue.Network) bool { return a == b })); diff != "" {
			t.Errorf("elo %d: what reached the engine (-want +got):\n%s", tt.elo, diff)
		}
	}
}
