package serve

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"
)

// Server is luft serve's HTTP handler: the page and the API.
type Server struct {
	cfg   Config
	games *manager
	mux   *http.ServeMux

	done      chan struct{} // closed by Close: ends the event streams
	closeOnce sync.Once
}

// New returns a Server and starts its reclaiming of idle games; Close
// stops it.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{cfg: cfg, games: newManager(cfg), mux: http.NewServeMux(), done: make(chan struct{})}
	s.routes()
	go s.reclaim()
	return s
}

// routes registers the handlers.
func (s *Server) routes() {
	api := http.NewServeMux()
	api.HandleFunc("GET /api/config", s.handleConfig)
	api.HandleFunc("POST /api/games", s.handleNew)
	api.HandleFunc("GET /api/games/{id}", s.handleState)
	api.HandleFunc("DELETE /api/games/{id}", s.handleDelete)
	api.HandleFunc("POST /api/games/{id}/move", s.handleMove)
	api.HandleFunc("POST /api/games/{id}/takeback", s.handleTakeback)
	api.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
	api.HandleFunc("GET /api/games/{id}/pgn", s.handlePGN)
	api.HandleFunc("GET /api/games/{id}/events", s.handleEvents)
	api.HandleFunc("POST /api/games/{id}/review", s.handleReview)
	api.HandleFunc("POST /api/import", s.handleImport)
	s.mux.Handle("/", pageHandler())
	s.mux.Handle("/api/", jsonMisses(api))
}

// jsonMisses serves the API, answering a path it does not know (404) or
// a method that the path does not take (405, with an Allow header) with a
// JSON error, as every other error of the API.
func jsonMisses(api *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := api.Handler(r)
		if pattern != "" {
			api.ServeHTTP(w, r) // which sets the path's values, as Handler does not
			return
		}
		miss := &statusOnly{header: http.Header{}}
		h.ServeHTTP(miss, r) // the mux's own 404 or 405
		if allow := miss.header.Get("Allow"); miss.code == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", allow)
			writeJSON(w, miss.code, map[string]string{"error": r.Method + " " + r.URL.Path + " is not allowed: use " + allow})
			return
		}
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such API call: " + r.Method + " " + r.URL.Path})
	})
}

// statusOnly is a ResponseWriter that keeps the status and headers of a
// reply and throws its body away.
type statusOnly struct {
	header http.Header
	code   int
}

func (w *statusOnly) Header() http.Header         { return w.header }
func (w *statusOnly) Write(b []byte) (int, error) { return len(b), nil }
func (w *statusOnly) WriteHeader(code int)        { w.code = code }

// ServeHTTP serves the page and the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// reclaim closes idle games until Close.
func (s *Server) reclaim() {
	t := time.NewTicker(min(s.cfg.IdleTimeout/4, time.Minute))
	defer t.Stop()
	for {
		select {
		case now := <-t.C:
			s.games.reap(now)
		case <-s.done:
			return
		}
	}
}

// Close ends the event streams and every game, stopping its engine.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		s.games.closeAll()
	})
}

// Serve serves on ln until ctx is done, then shuts down gracefully: it
// stops taking requests, ends the event streams, waits up to five seconds
// for the requests under way and closes every game.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	hs.RegisterOnShutdown(s.Close)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := hs.Shutdown(sctx)
	s.Close()
	if e := <-errc; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}
