package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// Errors that the handlers turn into a 4xx status.
var (
	errIllegal    = errors.New("illegal move")
	errBadRequest = errors.New("bad request")      // a body that is not the JSON expected: 400
	errInvalid    = errors.New("invalid settings") // settings out of range, a bad FEN: 422
	errUnknown    = errors.New("no such game: it ended or was closed after being left idle")
)

// maxBody bounds a request's body.
const maxBody = 64 << 10

// writeJSON writes v as the JSON reply with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError writes err as a JSON error, with the status its kind calls for.
func writeError(w http.ResponseWriter, err error) {
	writeJSON(w, status(err), map[string]string{"error": err.Error()})
}

// status returns the HTTP status of an error.
func status(err error) int {
	switch {
	case errors.Is(err, errUnknown):
		return http.StatusNotFound
	case errors.Is(err, errFull):
		return http.StatusServiceUnavailable
	case errors.Is(err, errNotYourTurn), errors.Is(err, errOver), errors.Is(err, errNoTakeback),
		errors.Is(err, errClosed), errors.Is(err, errAnalysis), errors.Is(err, errReviewing):
		return http.StatusConflict
	case errors.Is(err, errBadRequest):
		return http.StatusBadRequest
	case errors.Is(err, errIllegal), errors.Is(err, errInvalid):
		return http.StatusUnprocessableEntity
	}
	return http.StatusInternalServerError
}

// decode reads the request's JSON body into v, refusing unknown fields
// and trailing data.
func decode(r *http.Request, w http.ResponseWriter, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: the body is not the JSON expected: %v", errBadRequest, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: the body has more than one JSON value", errBadRequest)
	}
	return nil
}

// handleConfig answers GET /api/config.
func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"version":        s.cfg.Version,
		"levels":         ladder(s.cfg.Browser),
		"moveTimeMs":     s.cfg.MoveTime.Milliseconds(),
		"maxMoveTimeMs":  s.cfg.MaxMoveTime.Milliseconds(),
		"analysisTimeMs": s.cfg.AnalysisTime.Milliseconds(),
		"maxGames":       s.cfg.MaxGames,
	})
}

// handleNew answers POST /api/games.
func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	var set Settings
	if err := decode(r, w, &set); err != nil {
		writeError(w, err)
		return
	}
	s.startGame(w, r, set, nil)
}

// startGame starts a game of set and answers with its state, unless
// setErr, or the server's check of set, refuses the settings.
func (s *Server) startGame(w http.ResponseWriter, r *http.Request, set Settings, setErr error) {
	if setErr == nil {
		setErr = set.check(s.cfg)
	}
	if setErr != nil {
		writeError(w, fmt.Errorf("%w: %w", errInvalid, setErr))
		return
	}
	g, err := s.games.create(r.Context(), set)
	if err != nil {
		writeError(w, err)
		return
	}
	g.mu.Lock()
	st := g.state()
	g.mu.Unlock()
	w.Header().Set("Location", "/api/games/"+g.id)
	writeJSON(w, http.StatusCreated, st)
}
