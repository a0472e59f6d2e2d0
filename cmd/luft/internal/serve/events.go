package serve

import (
	"fmt"
	"net/http"
	"time"
)

// handleEvents answers GET /api/games/{id}/events with a stream of
// Server-Sent Events: the game's state at once and after every change
// ("state"), and each line of the engine's thinking ("info"). The stream
// ends when the game is closed or the server shuts down; while it is open
// the game does not count as idle.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	g, ok := s.game(w, r)
	if !ok {
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, fmt.Errorf("streaming is not supported"))
		return
	}
	events, unsubscribe := g.hub.subscribe()
	defer unsubscribe()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	g.mu.Lock()
	st := g.state()
	g.mu.Unlock()
	send(w, event{name: "state", data: mustJSON(st)})
	flusher.Flush()
	t := time.NewTicker(time.Duration(ping.Load()))
	defer t.Stop()
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			send(w, ev)
		case <-t.C:
			g.touch()
			fmt.Fprint(w, ": ping\n\n")
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		}
		flusher.Flush()
	}
}

// send writes one event.
func send(w http.ResponseWriter, ev event) {
	fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, ev.data)
}
