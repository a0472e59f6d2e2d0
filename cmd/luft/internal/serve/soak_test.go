//go:build soak

package serve

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notnil/chess"
)

var (
	soakGames = flag.Int("soak.games", 20, "games played at once")
	soakTime  = flag.Duration("soak.time", 3*time.Minute, "how long to go on starting games")
	soakMove  = flag.Int("soak.move", 50, "Luft's time per move in milliseconds")
)

// TestSoak plays soak.games games at once through the HTTP API for
// soak.time, random legal moves against Luft at random levels, and checks
// that every game ends by the rules (or by resigning at a move cap), that
// its PGN replays to its result, and that memory and goroutines stay
// bounded. Run it with go test -tags soak -run TestSoak -v.
func TestSoak(t *testing.T) {
	cfg := testConfig()
	cfg.MaxGames, cfg.HashMB = *soakGames, 16
	cfg.MaxMoveTime = time.Second
	_, ts := newTestServer(t, cfg)
	baseGoroutines := runtime.NumGoroutine()
	var games, plies atomic.Int64
	var peak atomic.Uint64
	stop := time.Now().Add(*soakTime)
	var wg sync.WaitGroup
	for i := range *soakGames {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(i), 1))
			for time.Now().Before(stop) && !t.Failed() {
				plies.Add(int64(soakGame(t, ts, r)))
				games.Add(1)
				peak.Store(max(peak.Load(), heapInUse()))
			}
		})
	}
	wg.Wait()
	t.Logf("%d games, %d plies in %v; peak heap %d MiB", games.Load(), plies.Load(), *soakTime, peak.Load()>>20)
	limit := uint64(cfg.MaxGames)*uint64(cfg.HashMB+8)<<20 + 256<<20
	if peak.Load() > limit {
		t.Errorf("peak heap %d MiB is over %d MiB", peak.Load()>>20, limit>>20)
	}
	time.Sleep(500 * time.Millisecond)
	if n := runtime.NumGoroutine(); n > baseGoroutines+10 {
		t.Errorf("%d goroutines after the games, %d before: a leak", n, baseGoroutines)
	}
}

// heapInUse returns the bytes of heap in use after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// soakGame plays one game to its end and returns its plies.
func soakGame(t *testing.T, ts *httptest.Server, r *rand.Rand) int {
	levels := ladder()
	set := Settings{Color: []string{"white", "black"}[r.IntN(2)], Elo: levels[r.IntN(len(levels))].Elo, MoveTimeMs: *soakMove}
	st := create(t, ts, set)
	defer call(t, ts, "DELETE", "/api/games/"+st.ID, nil, nil)
	for st.Result == "*" {
		st = waitState(t, ts, st.ID, idle)
		if st.Result != "*" {
			break
		}
		if len(st.Moves) >= 300 {
			call(t, ts, "POST", "/api/games/"+st.ID+"/resign", nil, &st)
			break
		}
		if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": randomMove(t, st.FEN, r)}, &st); code != http.StatusOK {
			t.Errorf("a legal move was refused with status %d in %s", code, st.FEN)
			return 0
		}
	}
	checkSoakPGN(t, ts, st)
	return len(st.Moves)
}

// randomMove returns a random legal move of fen in UCI notation.
func randomMove(t *testing.T, fen string, r *rand.Rand) string {
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := chess.NewGame(opt)
	moves := g.ValidMoves()
	return chess.UCINotation{}.Encode(g.Position(), moves[r.IntN(len(moves))])
}

// checkSoakPGN checks that the game's PGN replays to its result.
func checkSoakPGN(t *testing.T, ts *httptest.Server, st State) {
	res, err := ts.Client().Get(ts.URL + "/api/games/" + st.ID + "/pgn")
	if err != nil {
		t.Error(err)
		return
	}
	defer res.Body.Close()
	opt, err := chess.PGN(res.Body)
	if err != nil {
		t.Errorf("game %s: PGN unreadable: %v", st.ID, err)
		return
	}
	g := chess.NewGame(opt)
	if got := fmt.Sprint(g.Outcome()); got != st.Result || len(g.Moves()) != len(st.Moves) {
		t.Errorf("game %s: PGN replays to %s after %d moves; the server says %s after %d (%s)",
			st.ID, got, len(g.Moves()), st.Result, len(st.Moves), st.Reason)
	}
}
