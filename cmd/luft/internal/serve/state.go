package serve

import (
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/match/referee"
	"github.com/luftchess/luft/uci/client"
)

// State is a game as the page sees it.
type State struct {
	ID          string   `json:"id"`
	Version     int      `json:"version"` // grows with every change of the game
	Settings    Settings `json:"settings"`
	Luft        string   `json:"luft"` // Luft's name at this level, as in the PGN
	StartFEN    string   `json:"startFen"`
	FEN         string   `json:"fen"`
	Moves       []Move   `json:"moves"`
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
	Ply      int      `json:"ply"` // moves played before the position searched
	MultiPV  int      `json:"multipv"`
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth,omitempty"`
	CP       int      `json:"cp"`             // centipawns, when Mate is 0
	Mate     int      `json:"mate,omitempty"` // moves to mate: positive when White mates
	Bound    string   `json:"bound,omitempty"`
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	TimeMs   int64    `json:"timeMs"`
	PV       []string `json:"pv"`  // UCI
	SAN      []string `json:"san"` // the PV in SAN, as far as it is legal
}

// maxSANPly bounds the moves of a line written in SAN.
const maxSANPly = 12

// newLine converts an info line of search s.
func newLine(s *search, in client.Info) Line {
	l := Line{Ply: s.ply, MultiPV: in.MultiPV, Depth: in.Depth, SelDepth: in.SelDepth,
		CP: in.Score.CP, Mate: in.Score.Mate, Bound: in.Bound, Nodes: in.Nodes, NPS: in.NPS,
		TimeMs: in.Time.Milliseconds(), PV: in.PV, SAN: []string{}}
	if !s.white {
		l.CP, l.Mate = -l.CP, -l.Mate
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
	if ref, err := referee.NewGame(s.fen); err == nil {
		for _, m := range l.PV[:min(len(l.PV), maxSANPly)] {
			san, err := ref.Move(m)
			if err != nil {
				break
			}
			l.SAN = append(l.SAN, san)
		}
	}
	return l
}

// state returns the game's State; g.mu is held.
func (g *game) state() State {
	st := State{ID: g.id, Version: g.version, Settings: g.set, Luft: g.luftName(), StartFEN: g.ref.StartFEN(),
		FEN: g.ref.FEN(), Turn: colorName(g.ref.Turn()), Thinking: g.search != nil,
		Result: "*", Lines: append([]Line{}, g.lines...), Moves: []Move{}}
	st.Settings.Moves = nil
	sans := g.ref.SAN()
	for i, m := range g.ref.Moves() {
		st.Moves = append(st.Moves, Move{UCI: m, SAN: sans[i]})
	}
	if r, t, detail := g.ref.Result(); r != referee.Unfinished {
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
		c.Running = colorName(turn)
	}
	c.WhiteMs, c.BlackMs = left[0].Milliseconds(), left[1].Milliseconds()
	return c
}

// termination names how the game ended, for the page and the PGN tag.
func (g *game) termination(t referee.Termination) string {
	if g.resigned {
		return "resignation"
	}
	return map[referee.Termination]string{
		referee.Checkmate: "checkmate", referee.Stalemate: "stalemate",
		referee.Repetition: "threefold repetition", referee.FiftyMoves: "fifty-move rule",
		referee.InsufficientMaterial: "insufficient material", referee.TimeForfeit: "time forfeit",
		referee.IllegalMove: "illegal move", referee.Stall: "abandoned",
	}[t]
}

// luftName is Luft's name in this game: its version and level.
func (g *game) luftName() string {
	if g.set.Elo == 0 {
		return "Luft " + g.cfg.Version
	}
	return "Luft " + g.cfg.Version + " (" + itoa(g.set.Elo) + ")"
}

func colorName(c referee.Color) string {
	if c == referee.White {
		return "white"
	}
	return "black"
}
