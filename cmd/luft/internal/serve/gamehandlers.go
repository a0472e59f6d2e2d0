package serve

import (
	"net/http"
	"sync/atomic"
	"time"
)

// game returns the game the request's path names, or writes a 404.
func (s *Server) game(w http.ResponseWriter, r *http.Request) (*game, bool) {
	g, ok := s.games.get(r.PathValue("id"))
	if !ok {
		writeError(w, errUnknown)
	}
	return g, ok
}

// reply writes the state an action returned, or its error.
func reply(w http.ResponseWriter, st State, err error) {
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// handleState answers GET /api/games/{id}.
func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	if g, ok := s.game(w, r); ok {
		g.mu.Lock()
		st := g.state()
		g.mu.Unlock()
		writeJSON(w, http.StatusOK, st)
	}
}

// handleDelete answers DELETE /api/games/{id}.
func (s *Server) handleDelete(w http.ResponseWriter, r *http.Request) {
	if !s.games.remove(r.PathValue("id")) {
		writeError(w, errUnknown)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleMove answers POST /api/games/{id}/move with {"move": "e2e4"}.
func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	g, ok := s.game(w, r)
	if !ok {
		return
	}
	var body struct {
		Move string `json:"move"`
	}
	if err := decode(r, w, &body); err != nil {
		writeError(w, err)
		return
	}
	st, err := g.move(body.Move)
	reply(w, st, err)
}

// handleTakeback answers POST /api/games/{id}/takeback.
func (s *Server) handleTakeback(w http.ResponseWriter, r *http.Request) {
	if g, ok := s.game(w, r); ok {
		st, err := g.takeback()
		reply(w, st, err)
	}
}

// handleResign answers POST /api/games/{id}/resign.
func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	if g, ok := s.game(w, r); ok {
		st, err := g.resign()
		reply(w, st, err)
	}
}

// handlePGN answers GET /api/games/{id}/pgn with the game as a download.
func (s *Server) handlePGN(w http.ResponseWriter, r *http.Request) {
	if g, ok := s.game(w, r); ok {
		name := "luft-" + g.created.Format("20060102-150405") + ".pgn"
		w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(g.pgn())
	}
}

// ping is how often an idle event stream gets a comment line, which keeps
// proxies from closing it and its game from counting as idle. Tests
// shorten it with setPing.
var ping atomic.Int64

func init() { setPing(15 * time.Second) }

func setPing(d time.Duration) { ping.Store(int64(d)) }
