package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"

	"github.com/luftchess/luft/cmd/luft/internal/review"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/uci"
)

// errReviewing is the answer to a second review of a game while one runs.
var errReviewing = errors.New("this game is being reviewed already")

// handleImport answers POST /api/import with {"pgn": "..."}: a game in
// analysis mode from the first game of the PGN, standard chess or
// Chess960 with its FEN tag; 201 and its State. A PGN that cannot be read
// or replayed gets a 422 naming what is wrong.
func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	var body struct {
		PGN string `json:"pgn"`
	}
	if err := decode(r, w, &body); err != nil {
		writeError(w, err)
		return
	}
	set, err := importSettings(body.PGN)
	s.startGame(w, r, set, err)
}

// importSettings returns the settings of an analysis game of the first
// game of the PGN text.
func importSettings(text string) (Settings, error) {
	if strings.TrimSpace(text) == "" {
		return Settings{}, errors.New("the PGN is empty")
	}
	g, err := pgn.NewReader(strings.NewReader(text)).Read()
	if err != nil {
		return Settings{}, fmt.Errorf("the PGN cannot be read: %v", strings.TrimPrefix(err.Error(), "pgn: "))
	}
	start, moves, err := g.Play()
	if err != nil {
		return Settings{}, fmt.Errorf("the PGN's game cannot be replayed: %v", err)
	}
	set := Settings{Analysis: true, Variant: standard}
	if start.Chess960() {
		set.Variant = chess960
	}
	if fen, ok := g.Tag("FEN"); ok {
		set.FEN = fen
	}
	for _, m := range moves {
		set.Moves = append(set.Moves, m.UCI(start.Chess960()))
	}
	if set.Variant == chess960 && set.FEN == "" {
		return Settings{}, errors.New("a game of Chess960 needs its FEN tag")
	}
	return set, nil
}

// handleReview answers POST /api/games/{id}/review: the review of the
// game's moves, streamed as JSON lines (application/x-ndjson):
// {"done": n, "total": t} after each position searched, then
// {"review": ...} (see reviewJSON), or {"error": "..."} when it fails. One
// review of a game runs at a time (409 for another); it stops when the
// page closes the request, and when the server closes.
func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) {
	g, ok := s.game(w, r)
	if !ok {
		return
	}
	if !g.startReview() {
		writeError(w, errReviewing)
		return
	}
	defer g.endReview()
	rec, err := pgn.NewReader(bytes.NewReader(g.pgn())).Read()
	if err != nil {
		writeError(w, err)
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	go func() {
		select {
		case <-s.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if f, ok := w.(http.Flusher); ok {
		f.Flush() // the page knows at once that the review runs
	}
	line := lineWriter(w)
	o := uci.DefaultOptions()
	o.Threads, o.HashMB = 1, s.cfg.HashMB
	rv, err := review.Review(ctx, engine.New(o), rec, review.Limits{Nodes: s.cfg.ReviewNodes}, func(done, total int) {
		line(map[string]int{"done": done, "total": total})
	})
	if err != nil {
		line(map[string]string{"error": err.Error()})
		return
	}
	line(map[string]any{"review": reviewJSON(rv)})
}

// lineWriter returns a function that writes a value as one JSON line to w
// and sends it at once.
func lineWriter(w io.Writer) func(v any) {
	enc := json.NewEncoder(w)
	flusher, _ := w.(http.Flusher)
	return func(v any) {
		_ = enc.Encode(v)
		if flusher != nil {
			flusher.Flush()
		}
	}
}

// startReview marks the game as under review, unless it is already.
func (g *game) startReview() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reviewing {
		return false
	}
	g.reviewing = true
	return true
}

// endReview marks the game's review as ended.
func (g *game) endReview() {
	g.mu.Lock()
	g.reviewing = false
	g.mu.Unlock()
}

// ReviewMove is a move of a review as the page reads it: its SAN, White's
// winning percentage and the evaluation after it, its judgement ("",
// "Inaccuracy", "Mistake", "Blunder") and NAG, and for a judged move the
// better move in SAN and UCI with its line in SAN.
type ReviewMove struct {
	SAN       string   `json:"san"`
	Eval      string   `json:"eval"` // as %eval writes it: "0.35", "#-3", "" after mate
	Win       float64  `json:"win"`
	Judgement string   `json:"judgement,omitempty"`
	NAG       string   `json:"nag,omitempty"`
	Best      string   `json:"best,omitempty"`
	BestUCI   string   `json:"bestUci,omitempty"`
	Line      []string `json:"line,omitempty"`
}

// ReviewPlayer is a side's summary; Accuracy is null for a side that made
// no move.
type ReviewPlayer struct {
	Accuracy     *float64 `json:"accuracy"`
	Inaccuracies int      `json:"inaccuracies"`
	Mistakes     int      `json:"mistakes"`
	Blunders     int      `json:"blunders"`
}

// Review is a game's review as the page reads it.
type Review struct {
	StartWin float64      `json:"startWin"` // White's winning percentage before the first move
	Moves    []ReviewMove `json:"moves"`
	White    ReviewPlayer `json:"white"`
	Black    ReviewPlayer `json:"black"`
}

// reviewJSON returns the review r as the page reads it.
func reviewJSON(r *review.Game) Review {
	out := Review{StartWin: r.Start.Win(), White: reviewPlayer(r.White), Black: reviewPlayer(r.Black), Moves: []ReviewMove{}}
	for _, m := range r.Moves {
		rm := ReviewMove{SAN: m.SAN, Eval: m.Eval.String(), Win: m.Eval.Win(), Judgement: m.Judgement.String(), NAG: m.Judgement.NAG()}
		if m.Judgement != review.Good {
			rm.Best, rm.BestUCI, rm.Line = m.Best, m.BestUCI, m.Line
		}
		out.Moves = append(out.Moves, rm)
	}
	return out
}

// reviewPlayer converts a player's summary for the page.
func reviewPlayer(p review.Player) ReviewPlayer {
	out := ReviewPlayer{Inaccuracies: p.Inaccuracies, Mistakes: p.Mistakes, Blunders: p.Blunders}
	if !math.IsNaN(p.Accuracy) {
		a := math.Round(p.Accuracy*10) / 10
		out.Accuracy = &a
	}
	return out
}
