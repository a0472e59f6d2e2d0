package webworker

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/cmd/luft/internal/serve"
)

// recorder is a Replier that keeps the reply's parts as text.
type recorder struct {
	parts []string
}

func (r *recorder) Head(status int, h http.Header) {
	r.parts = append(r.parts, "head "+http.StatusText(status)+" "+h.Get("Content-Type"))
}
func (r *recorder) Chunk(b []byte) { r.parts = append(r.parts, "chunk "+string(b)) }
func (r *recorder) End()           { r.parts = append(r.parts, "end") }

func TestServe(t *testing.T) {
	h := http.NewServeMux()
	h.HandleFunc("GET /plain", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "one ")
		io.WriteString(w, "piece")
	})
	h.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusCreated)
		w.Write(append([]byte(r.Header.Get("Content-Type")+" "), b...))
	})
	h.HandleFunc("GET /stream", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, s := range []string{"a", "", "b"} {
			io.WriteString(w, s)
			w.(http.Flusher).Flush()
		}
	})
	h.HandleFunc("DELETE /empty", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	tests := []struct {
		req  Request
		want []string
	}{
		{Request{Method: "GET", URL: "/plain"}, []string{"head OK text/plain", "chunk one piece", "end"}},
		{Request{Method: "POST", URL: "/echo", Body: `{"x":1}`}, []string{"head Created ", `chunk application/json {"x":1}`, "end"}},
		{Request{Method: "GET", URL: "/stream"}, []string{"head OK text/event-stream", "chunk a", "chunk b", "end"}},
		{Request{Method: "DELETE", URL: "/empty"}, []string{"head No Content ", "end"}},
		{Request{Method: "BAD METHOD", URL: "/plain"}, []string{"head Bad Request text/plain; charset=utf-8", `chunk net/http: invalid method "BAD METHOD"`, "end"}},
	}
	for _, tc := range tests {
		var got recorder
		Serve(context.Background(), h, tc.req, &got)
		if diff := cmp.Diff(tc.want, got.parts); diff != "" {
			t.Errorf("%s %s: parts (-want +got):\n%s", tc.req.Method, tc.req.URL, diff)
		}
	}
}

// TestServeLuft runs luft serve's own handler as the worker does: its
// config, a game started by a POST, and its event stream, which ends when
// the page cancels it.
func TestServeLuft(t *testing.T) {
	s := serve.New(serve.Config{Version: "test", MoveTime: 50 * time.Millisecond})
	defer s.Close()
	var cfg recorder
	Serve(context.Background(), s, Request{Method: "GET", URL: "/api/config"}, &cfg)
	if len(cfg.parts) != 3 || !strings.Contains(cfg.parts[1], `"levels"`) {
		t.Fatalf("GET /api/config: %q", cfg.parts)
	}
	var created recorder
	Serve(context.Background(), s, Request{Method: "POST", URL: "/api/games", Body: `{"color":"black","elo":1400}`}, &created)
	if len(created.parts) != 3 || created.parts[0] != "head Created application/json; charset=utf-8" {
		t.Fatalf("POST /api/games: %q", created.parts)
	}
	var st struct{ ID string }
	if err := json.Unmarshal([]byte(strings.TrimPrefix(created.parts[1], "chunk ")), &st); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	events := &recorder{}
	done := make(chan struct{})
	go func() {
		Serve(ctx, s, Request{Method: "GET", URL: "/api/games/" + st.ID + "/events"}, events)
		close(done)
	}()
	time.Sleep(500 * time.Millisecond) // Luft, White, plays its first move
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the event stream did not end when its context was cancelled")
	}
	got := strings.Join(events.parts, "\n")
	for _, want := range []string{"head OK text/event-stream", "event: state", "end"} {
		if !strings.Contains(got, want) {
			t.Errorf("event stream lacks %q:\n%s", want, got)
		}
	}
}
