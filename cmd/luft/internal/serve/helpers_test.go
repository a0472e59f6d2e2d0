package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp/cmpopts"
)

// testConfig is a small, fast server configuration for tests.
func testConfig() Config {
	return Config{MaxGames: 3, MoveTime: 100 * time.Millisecond, MaxMoveTime: 10 * time.Second,
		AnalysisTime: 300 * time.Millisecond, IdleTimeout: time.Minute, HashMB: 1, Version: "test"}
}

// newTestServer serves a Server with cfg until the test ends.
func newTestServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s := New(cfg)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return s, ts
}

// testServer serves a Server with testConfig until the test ends, for
// the tests that need only its HTTP side.
func testServer(t *testing.T) *httptest.Server {
	t.Helper()
	_, ts := newTestServer(t, testConfig())
	return ts
}

// call makes a request with a JSON body (nil for none) and decodes the
// JSON reply into out (nil to ignore it); it returns the status.
func call(t *testing.T, ts *httptest.Server, method, path string, body, out any) int {
	t.Helper()
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, ts.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: reply %q: %v", method, path, data, err)
		}
	}
	return res.StatusCode
}

// apiError is the body of an error reply.
type apiError struct {
	Error string `json:"error"`
}

// create starts a game and fails the test unless it is created.
func create(t *testing.T, ts *httptest.Server, set Settings) State {
	t.Helper()
	var st State
	if code := call(t, ts, "POST", "/api/games", set, &st); code != http.StatusCreated {
		t.Fatalf("new game %+v: status %d", set, code)
	}
	return st
}

// waitState polls the game until ok accepts its state, for at most 20 s.
func waitState(t *testing.T, ts *httptest.Server, id string, ok func(State) bool) State {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var st State
		if code := call(t, ts, "GET", "/api/games/"+id, nil, &st); code != http.StatusOK {
			t.Fatalf("state of %s: status %d", id, code)
		}
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("state of %s never came: last %+v", id, st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// ignoreFEN compares moves without the positions after them.
var ignoreFEN = cmpopts.IgnoreFields(Move{}, "FEN")

// idle reports whether the engine has finished its move or analysis.
func idle(st State) bool { return !st.Thinking }

// ucis returns the moves of a state in UCI notation.
func ucis(st State) []string {
	out := []string{}
	for _, m := range st.Moves {
		out = append(out, m.UCI)
	}
	return out
}

// stream is a client of a game's event stream.
type stream struct {
	r      *bufio.Reader
	cancel func()
}

// openStream connects to the game's events until the test ends.
func openStream(t *testing.T, ts *httptest.Server, id string) *stream {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/games/"+id+"/events", nil)
	res, err := ts.Client().Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		cancel()
		t.Fatalf("events: status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	t.Cleanup(func() {
		cancel()
		res.Body.Close()
	})
	return &stream{r: bufio.NewReader(res.Body), cancel: cancel}
}

// next returns the next event's name and data, or "" at the end.
func (s *stream) next() (name string, data []byte) {
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return "", nil
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			data = []byte(line[len("data: "):])
		case line == "" && name != "":
			return name, data
		}
	}
}
