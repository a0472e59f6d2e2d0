//go:build soak

package serve

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/metrics"
	"strings"
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
// soak.time, random legal moves against Luft at random levels, some
// taken back while Luft thinks on them, and checks
// that every game ends by the rules (or by resigning at a move cap), that
// its PGN replays to its result, and that memory and goroutines stay
// bounded: the live heap, sampled every second, stays under a bound set
// by the engines' tables and does not grow from the first half of the run
// to the second. Run it with go test -tags soak -run TestSoak -v.
func TestSoak(t *testing.T) {
	cfg := testConfig()
	cfg.MaxGames, cfg.HashMB = *soakGames, 16
	cfg.MaxMoveTime = time.Second
	s, ts := newTestServer(t, cfg)
	baseGoroutines := runtime.NumGoroutine()
	var plies atomic.Int64
	var mu sync.Mutex
	ends := map[string]int{}
	start := time.Now()
	stop := start.Add(*soakTime)
	heap := sampleHeap(stop)
	var wg sync.WaitGroup
	for i := range *soakGames {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(i), 1))
			for time.Now().Before(stop) && !t.Failed() {
				n, end := soakGame(t, ts, r)
				plies.Add(int64(n))
				mu.Lock()
				ends[end]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	samples := <-heap
	games := 0
	for _, n := range ends {
		games += n
	}
	first, second := peakOf(samples[:len(samples)/2]), peakOf(samples[len(samples)/2:])
	t.Logf("%d games (%v), %d plies in %v at %d ms a move, %d at once", games, ends, plies.Load(),
		time.Since(start).Round(time.Second), *soakMove, *soakGames)
	t.Logf("live heap, %d samples: peak %d MiB in the first half, %d MiB in the second; peak RSS %s",
		len(samples), first>>20, second>>20, peakRSS())
	// Each game's engine holds its table and about 3 MiB besides (its
	// thread and evaluator); a second table per game would break this.
	limit := uint64(cfg.MaxGames)*uint64(cfg.HashMB+8)<<20 + 128<<20
	if max(first, second) > limit {
		t.Errorf("peak heap %d MiB is over %d MiB", max(first, second)>>20, limit>>20)
	}
	if second > first+first/4+64<<20 {
		t.Errorf("the heap grew from a peak of %d MiB to %d MiB: a leak", first>>20, second>>20)
	}
	time.Sleep(500 * time.Millisecond)
	if n := s.games.count(); n != 0 {
		t.Errorf("%d games left open", n)
	}
	// With every game closed, their engines' memory is free again.
	after := liveHeap()
	t.Logf("live heap after the games: %d MiB", after>>20)
	if after > 64<<20 {
		t.Errorf("%d MiB of heap still live after every game was closed: a leak", after>>20)
	}
	if n := runtime.NumGoroutine(); n > baseGoroutines+10 {
		t.Errorf("%d goroutines after the games, %d before: a leak", n, baseGoroutines)
	}
}

// sampleHeap measures the live heap every second until stop and then
// sends the samples.
func sampleHeap(stop time.Time) <-chan []uint64 {
	out := make(chan []uint64, 1)
	go func() {
		var samples []uint64
		for time.Now().Before(stop) {
			time.Sleep(time.Second)
			samples = append(samples, liveHeap())
		}
		out <- samples
	}()
	return out
}

// liveHeap collects garbage and returns the bytes of heap that the
// collection found live. (HeapAlloc would add whatever the games
// allocated while the collection ran: on a busy machine, hundreds of
// MiB of tables for new games.)
func liveHeap() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func peakOf(samples []uint64) uint64 {
	var p uint64
	for _, s := range samples {
		p = max(p, s)
	}
	return p
}

// peakRSS returns the process's peak resident memory as Linux reports it,
// or "unknown".
func peakRSS() string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.Join(strings.Fields(v), " ")
		}
	}
	return "unknown"
}

// soakGame plays one game to its end and returns its plies and how it
// ended.
func soakGame(t *testing.T, ts *httptest.Server, r *rand.Rand) (int, string) {
	levels := ladder(false)
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
			return 0, "refused"
		}
		if st.Thinking && r.IntN(15) == 0 { // take the move back while Luft thinks on it
			n := len(st.Moves)
			if code := call(t, ts, "POST", "/api/games/"+st.ID+"/takeback", nil, &st); code != http.StatusOK || len(st.Moves) != n-1 {
				t.Errorf("takeback while Luft thinks: status %d, %d moves left of %d", code, len(st.Moves), n)
				return 0, "refused"
			}
		}
	}
	if !legalEnds[st.Termination] {
		t.Errorf("game %s ended by %q (%s) after %d moves", st.ID, st.Termination, st.Reason, len(st.Moves))
	}
	checkSoakPGN(t, ts, st)
	return len(st.Moves), st.Termination
}

// legalEnds are the ways a soak game may end: by the rules on the board,
// or by the random player resigning at the move cap. Never on time, by an
// illegal move or by the engine stalling.
var legalEnds = map[string]bool{"checkmate": true, "stalemate": true, "threefold repetition": true,
	"fifty-move rule": true, "insufficient material": true, "resignation": true}

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
