package match

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/uci/client"
)

// Grace is how long past its time limit the referee waits for a move
// before it stops waiting; a move arriving in that window still loses.
const grace = 200 * time.Millisecond

// pairing is one scheduled game.
type pairing struct {
	number  int // 1-based, in schedule order
	round   int // 1-based
	white   int // index into Config.Players
	black   int
	opening Opening
	pair    int // games with the same pair id were played as a colour-reversed pair; -1 if unpaired
}

// played is a finished game.
type played struct {
	pairing
	result  outcome.Result
	reason  outcome.Termination
	detail  string
	record  *pgn.Game
	aborted bool // cancelled before its end; not counted
	broken  [2]bool
}

// worker plays games one at a time with engines from the players' pools.
type worker struct {
	cfg     *Config
	pools   []*client.Pool         // by player, shared by the workers
	engines map[int]*client.Engine // lent for the game in progress, by player
}

// pools returns a pool of engines for each player: a new process per game
// with Restart, otherwise reused after ucinewgame, and in Chess960 told
// UCI_Chess960 and refused when they do not declare it, since their
// castling would follow the rules of standard chess.
func (c *Config) pools() []*client.Pool {
	pools := make([]*client.Pool, len(c.Players))
	for i, p := range c.Players {
		pools[i] = &client.Pool{Config: p.Engine, NewGame: true, Restart: p.Restart,
			StartTimeout: c.StartTimeout, ReadyTimeout: c.ReadyTimeout, QuitTimeout: c.QuitTimeout}
		if c.chess960() {
			pools[i].Config.Options = append([]client.Option{{Name: "UCI_Chess960", Value: "true"}}, p.Engine.Options...)
			pools[i].Require = []string{"UCI_Chess960"}
		}
	}
	return pools
}

// acquire returns a ready engine for player i.
func (w *worker) acquire(ctx context.Context, i int) (*client.Engine, error) {
	e, err := w.pools[i].Get(ctx)
	if u, ok := errors.AsType[*client.UndeclaredError](err); ok {
		return nil, fmt.Errorf("%s declares no %s, needed for -variant %s", w.cfg.Players[i].Name, u.Option, FischeRandom)
	}
	if err != nil {
		return nil, err
	}
	w.engines[i] = e
	return e, nil
}

// release gives the game's engines back to their pools, which close those
// that must not be reused.
func (w *worker) release(g *played) {
	for c, i := range [2]int{g.white, g.black} {
		if e := w.engines[i]; e != nil {
			w.pools[i].Put(e, !g.broken[c] && !g.aborted)
			delete(w.engines, i)
		}
	}
}

// play plays one game to its end and returns its record.
func (w *worker) play(ctx context.Context, p pairing) *played {
	out := &played{pairing: p}
	g, moves := openingGame(p.opening, w.cfg.chess960())
	t := &table{
		w: w, g: g, p: p,
		players: [2]Player{w.cfg.Players[p.white], w.cfg.Players[p.black]},
		adj:     w.cfg.Adjudication, // a copy: its streaks are this game's
	}
	t.clocks = [2]*referee.Clock{referee.NewClock(t.players[0].TC), referee.NewClock(t.players[1].TC)}
	start := time.Now()
	t.seat(ctx, out)
	for !out.aborted {
		if res, _, _ := g.Result(); res != outcome.Unfinished {
			break
		}
		san, s, ok := t.move(ctx, out)
		if !ok {
			break
		}
		moves = append(moves, pgn.Move{SAN: san, Comment: comment(s)})
	}
	t.stopPondering(ctx, out)
	out.result, out.reason, out.detail = g.Result()
	out.record = record(w.cfg, p, g, moves, start)
	return out
}

// openingGame returns a game with the opening's moves played, and those
// moves for the PGN; a game of Chess960 when chess960 is set.
func openingGame(o Opening, chess960 bool) (*referee.Game, []pgn.Move) {
	g, err := referee.NewGameVariant(o.FEN, chess960)
	if err != nil { // openings are checked when loaded
		panic(err)
	}
	var moves []pgn.Move
	for _, m := range o.Moves {
		san, err := g.Move(m)
		if err != nil {
			panic(err)
		}
		moves = append(moves, pgn.Move{SAN: san, Comment: "book"})
	}
	return g, moves
}

// table is one game in progress: the board, the clocks and the engines
// seated at it.
type table struct {
	w       *worker
	g       *referee.Game
	p       pairing
	players [2]Player
	clocks  [2]*referee.Clock
	adj     outcome.Adjudicator
	eng     [2]*client.Engine
	// pondering holds, by colour, the move an engine is pondering on, ""
	// when it is not pondering.
	pondering [2]string
}

// seat acquires both engines, ending the game when one fails to start.
func (t *table) seat(ctx context.Context, out *played) {
	side := [2]int{t.p.white, t.p.black}
	for c := range 2 {
		color := board.Color(c)
		e, err := t.w.acquire(ctx, side[c])
		if ctx.Err() != nil {
			out.aborted = true
			return
		}
		if err != nil {
			reason := outcome.Crash
			if errors.Is(err, client.ErrTimeout) {
				reason = outcome.Stall
			}
			t.g.End(outcome.Win(color.Other()), reason, fmt.Sprintf("%s fails to start: %v", outcome.Player(color), err))
			out.broken[c] = true
			return
		}
		t.eng[c] = e
	}
}

// move asks the side to move for its move and plays it. It reports false
// when the game ended without a move (a forfeit, a crash, a cancelled
// match); after a move the game may be over too.
func (t *table) move(ctx context.Context, out *played) (string, client.Search, bool) {
	g := t.g
	color := g.Turn()
	clock := t.clocks[color]
	loses := outcome.Win(color.Other())
	s, searched, err := t.think(ctx, color)
	if ctx.Err() != nil {
		out.aborted = true
		return "", s, false
	}
	if searched && errors.Is(err, client.ErrTimeout) && clock.Limit() > 0 || err == nil && !clock.Spend(s.Elapsed) {
		out.broken[color] = true // it may still be searching
		g.End(loses, outcome.TimeForfeit, fmt.Sprintf("%s loses on time", outcome.Player(color)))
		return "", s, false
	}
	if err != nil {
		out.broken[color] = true
		g.End(loses, failure(err), fmt.Sprintf("%s %s", outcome.Player(color), describe(err)))
		return "", s, false
	}
	fullMove := g.FullMove()
	san, err := g.Move(s.Move)
	if err != nil {
		out.broken[color] = true
		g.End(loses, outcome.IllegalMove, fmt.Sprintf("%s makes an illegal move: %s", outcome.Player(color), printable(s.Move)))
		return "", s, false
	}
	if res, _, _ := g.Result(); res != outcome.Unfinished {
		return san, s, true
	}
	if r := t.adj.Update(color, fullMove, s.Scored, s.Score); r != outcome.Unfinished {
		g.End(r, outcome.Adjudication, adjudicated[r])
		return san, s, true
	}
	t.ponder(color, s)
	return san, s, true
}

// adjudicated says how each result is reached by adjudication.
var adjudicated = map[outcome.Result]string{
	outcome.WhiteWins: "White wins by adjudication",
	outcome.BlackWins: "Black wins by adjudication",
	outcome.Draw:      "Draw by adjudication",
}

// think gets the move of the side to move: a ponderhit when it pondered on
// the move just played, otherwise (after stopping a ponder search on
// another move) a go command. searched is false when the engine failed
// before it was asked for its move.
func (t *table) think(ctx context.Context, color board.Color) (s client.Search, searched bool, err error) {
	cfg, e := t.w.cfg, t.eng[color]
	limit := t.clocks[color].Limit()
	wait := limit + grace
	if limit == 0 {
		wait = cfg.MoveTimeout
	}
	pondered := t.pondering[color]
	t.pondering[color] = ""
	if moves := t.g.Moves(); pondered != "" && pondered == moves[len(moves)-1] {
		s, err = e.PonderHit(ctx, wait)
		return s, true, err
	}
	if pondered != "" {
		if err := e.StopPonder(ctx, cfg.ReadyTimeout); err != nil {
			return s, false, err
		}
	}
	if err := e.IsReady(ctx, cfg.ReadyTimeout); err != nil {
		return s, false, err
	}
	goCmd := referee.GoCommand(color, t.clocks[0], t.clocks[1])
	s, err = e.Go(ctx, positionCommand(t.g.EngineFEN(), t.g.Moves(), t.g.Chess960()), goCmd, wait)
	return s, true, err
}

// ponder starts the engine that just moved pondering on the reply its
// bestmove suggested, when its player ponders and the reply is legal.
func (t *table) ponder(color board.Color, s client.Search) {
	if !t.players[color].Ponder || s.Ponder == "" || !t.g.Legal(s.Ponder) {
		return
	}
	moves := append(slices.Clone(t.g.Moves()), strings.ToLower(s.Ponder))
	goCmd := referee.GoCommand(color, t.clocks[0], t.clocks[1])
	if t.eng[color].Ponder(positionCommand(t.g.EngineFEN(), moves, t.g.Chess960()), goCmd) == nil {
		t.pondering[color] = moves[len(moves)-1]
	}
}

// stopPondering stops the ponder searches still running when the game
// ends; an engine that does not answer is not reused.
func (t *table) stopPondering(ctx context.Context, out *played) {
	for c, m := range t.pondering {
		if m != "" && t.eng[c].StopPonder(ctx, t.w.cfg.ReadyTimeout) != nil {
			out.broken[c] = true
		}
	}
}

// failure maps a client error to a termination.
func failure(err error) outcome.Termination {
	if errors.Is(err, client.ErrTimeout) {
		return outcome.Stall
	}
	return outcome.Crash
}

func describe(err error) string {
	switch {
	case errors.Is(err, client.ErrTimeout):
		return "stops answering (" + err.Error() + ")"
	case errors.Is(err, client.ErrExited):
		return "disconnects: the engine exited"
	}
	return "fails: " + err.Error()
}

// printable quotes a move token for the PGN; garbage may hold anything.
func printable(s string) string {
	if s == "" {
		return "(no move)"
	}
	if len(s) > 20 {
		s = s[:20] + "..."
	}
	return strings.Map(func(r rune) rune {
		if r < ' ' || r > '~' || r == '{' || r == '}' {
			return '?'
		}
		return r
	}, s)
}

// positionCommand returns the UCI position command for a game started at
// fen: startpos for the standard start, but fen always in Chess960
// (chess960 set), as cutechess does.
func positionCommand(fen string, moves []string, chess960 bool) string {
	var b strings.Builder
	if isStart(fen) && !chess960 {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves " + strings.Join(moves, " "))
	}
	return b.String()
}

// comment returns a cutechess-style move comment: "+0.31/12 0.520s",
// whose evaluation pgn.ParseEval reads.
func comment(s client.Search) string {
	t := fmt.Sprintf("%.3fs", s.Elapsed.Seconds())
	if !s.Scored {
		return t
	}
	return pgn.Eval{Score: s.Score, Depth: s.Depth}.String() + " " + t
}

// record builds the PGN record of a game.
func record(cfg *Config, p pairing, g *referee.Game, moves []pgn.Move, start time.Time) *pgn.Game {
	res, reason, detail := g.Result()
	white, black := cfg.Players[p.white], cfg.Players[p.black]
	r := &pgn.Game{
		Tags: []pgn.Tag{
			{Name: "Event", Value: cfg.Event},
			{Name: "Site", Value: cfg.Site},
			{Name: "Date", Value: start.Format("2006.01.02")},
			{Name: "Round", Value: fmt.Sprint(p.round)},
			{Name: "White", Value: white.Name},
			{Name: "Black", Value: black.Name},
			{Name: "Result", Value: res.String()},
		},
		Moves:         moves,
		Result:        res.String(),
		ResultComment: detail,
	}
	add := func(name, value string) { r.Tags = append(r.Tags, pgn.Tag{Name: name, Value: value}) }
	if g.Chess960() {
		add("Variant", pgn.Variant960)
	}
	if !isStart(p.opening.FEN) || g.Chess960() {
		add("FEN", g.StartFEN())
		add("SetUp", "1")
	}
	add("GameStartTime", start.Format(time.RFC3339))
	add("GameDuration", time.Since(start).Round(time.Second).String())
	if wt, bt := white.TC.String(), black.TC.String(); wt == bt {
		add("TimeControl", wt)
	} else {
		add("WhiteTimeControl", wt)
		add("BlackTimeControl", bt)
	}
	add("Termination", reason.Tag())
	add("PlyCount", fmt.Sprint(len(moves)))
	return r
}
