package serve

import (
	"strings"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/engine/game/score"
	"github.com/luftchess/luft/uci/client"
)

// State is a game as the page sees it.
type State struct {
	ID          string   `json:"id"`
	Version     int      `json:"version"` // grows with every change of the game
	Settings    Settings `json:"settings"`
	Luft        string   `json:"luft"` // Luft's name at this level, as in the PGN
	StartFEN    string   `json:"startFen"`
	StartCheck  bool     `json:"startCheck,omitempty"` // the side to move is in check at the start
	Start960    *int     `json:"start960,omitempty"`   // the number of the Chess960 start position the game began from
	FEN         string   `json:"fen"`
	Moves       []Move   `json:"moves"`
	Drops       Drops    `json:"drops"`    // the legal moves of the position, as the board plays them
	Turn        string   `json:"turn"`     // "white" or "black"
	Thinking    bool     `json:"thinking"` // the engine is searching
	Result      string   `json:"result"`   // "1-0", "0-1", "1/2-1/2", or "*" while the game goes on
	Termination string   `json:"termination,omitempty"`
	Reason      string   `json:"reason,omitempty"` // how the game ended, in words
	Clock       *Clock   `json:"clock,omitempty"`  // nil without a clock
	Lines       []Line   `json:"lines"`            // the engine's latest search: on this position or, after its move, the one before
}

// Move is a move of the game.
type Move struct {
	UCI string `json:"uci"`
	SAN string `json:"san"`
	FEN string `json:"fen"` // the position after it
}

// Drops are the legal moves of a position as a person plays them on the
// board: each pair of the square a piece is taken from and the square it
// is dropped on ("e2e4") names the UCI move it plays. A promotion is named
// with a queen ("e7e8q"), which the page may change. In Chess960 the king
// castles dropped on its own rook ("e1h1": "e1h1", as UCI writes it), or
// on the square castling takes it to when it moves and no other move of
// the king goes there ("e1g1": "e1h1"); in standard chess on that square
// ("e1g1": "e1g1").
type Drops map[string]string

// newDrops returns the drops of the legal moves.
func newDrops(moves []referee.LegalMove) Drops {
	d := make(Drops, len(moves))
	for _, m := range moves {
		key := m.UCI[:4]
		if _, ok := d[key]; !ok || strings.HasSuffix(m.UCI, "q") {
			d[key] = m.UCI
		}
	}
	for _, m := range moves {
		key := m.UCI[:2] + m.KingTo
		if _, taken := d[key]; m.KingTo != "" && !taken && m.KingTo != m.UCI[:2] {
			d[key] = m.UCI
		}
	}
	return d
}

// Clock is the time left on both clocks in milliseconds, the running one
// counted up to the moment of the state.
type Clock struct {
	WhiteMs int64  `json:"whiteMs"`
	BlackMs int64  `json:"blackMs"`
	Running string `json:"running,omitempty"` // the side whose clock runs; "" when none does
}

// Line is a line of the engine's thinking, its score from White's point
// of view.
type Line struct {
	Ply         int      `json:"ply"` // moves played before the position searched
	MultiPV     int      `json:"multipv"`
	Depth       int      `json:"depth"`
	SelDepth    int      `json:"seldepth,omitempty"`
	score.Score          // White's: "cp", and "mate" when White mates (positive) or Black does
	Bound       string   `json:"bound,omitempty"`
	Nodes       uint64   `json:"nodes"`
	NPS         uint64   `json:"nps"`
	TimeMs      int64    `json:"timeMs"`
	PV          []string `json:"pv"`  // UCI
	SAN         []string `json:"san"` // the PV in SAN, as far as it is legal
}

// maxSANPly bounds the moves of a line written in SAN.
const maxSANPly = 12

// newLine converts an info line of search s in a game with settings set.
func newLine(set *Settings, s *search, in client.Info) Line {
	l := Line{Ply: s.ply, MultiPV: in.MultiPV, Depth: in.Depth, SelDepth: in.SelDepth,
		Score: in.Score, Bound: in.Bound, Nodes: in.Nodes, NPS: in.NPS,
		TimeMs: in.Time.Milliseconds(), PV: in.PV, SAN: []string{}}
	if !s.white {
		l.Score = l.Score.View(board.Black, board.White)
		switch l.Bound {
		case "lowerbound":
			l.Bound = "upperbound"
		case "upperbound":
			l.Bound = "lowerbound"
		}
	}
	if l.PV == nil {
		l.PV = []string{}
	}
	if pos, err := board.ParseFENVariant(s.fen, set.chess960()); err == nil {
		l.SAN = append(l.SAN, pgn.SANLineUCI(pos, l.PV[:min(len(l.PV), maxSANPly)])...)
	}
	return l
}

// state returns the game's State; g.mu is held.
func (g *game) state() State {
	st := State{ID: g.id, Version: g.version, Settings: g.set, Luft: g.luftName(), StartFEN: g.ref.StartFEN(),
		StartCheck: g.startCheck, Start960: g.start960, FEN: g.ref.FEN(), Turn: g.ref.Turn().String(),
		Thinking: g.search != nil, Result: "*", Lines: append([]Line{}, g.lines...), Moves: []Move{}, Drops: Drops{}}
	st.Settings.Moves = nil
	sans, fens := g.ref.SAN(), g.ref.FENs()
	for i, m := range g.ref.Moves() {
		st.Moves = append(st.Moves, Move{UCI: m, SAN: sans[i], FEN: fens[i]})
	}
	if g.failure == "" && !g.closed {
		st.Drops = newDrops(g.ref.LegalMoves())
	}
	if r, t, detail := g.ref.Result(); r != outcome.Unfinished {
		st.Result, st.Termination, st.Reason = r.String(), g.termination(t), detail
	}
	if g.set.BaseMs > 0 && !g.set.Analysis {
		st.Clock = g.clock()
	}
	return st
}

// clock returns the clocks' state; g.mu is held.
func (g *game) clock() *Clock {
	left := [2]time.Duration{g.clocks[0].Left(), g.clocks[1].Left()}
	c := &Clock{}
	if !g.over() && g.failure == "" {
		turn := g.ref.Turn()
		left[turn] = max(left[turn]-time.Since(g.turnAt), 0)
		c.Running = turn.String()
	}
	c.WhiteMs, c.BlackMs = left[0].Milliseconds(), left[1].Milliseconds()
	return c
}

// termination names how the game ended, for the page and the PGN tag.
func (g *game) termination(t outcome.Termination) string {
	if g.resigned {
		return "resignation"
	}
	return map[outcome.Termination]string{
		outcome.Checkmate: "checkmate", outcome.Stalemate: "stalemate",
		outcome.Repetition: "threefold repetition", outcome.FiftyMoves: "fifty-move rule",
		outcome.InsufficientMaterial: "insufficient material", outcome.TimeForfeit: "time forfeit",
		outcome.IllegalMove: "illegal move", outcome.Stall: "abandoned",
	}[t]
}

// luftName is Luft's name in this game: its version and level.
func (g *game) luftName() string {
	if g.set.Elo == 0 {
		return "Luft " + g.cfg.Version
	}
	return "Luft " + g.cfg.Version + " (" + itoa(g.set.Elo) + ")"
}
