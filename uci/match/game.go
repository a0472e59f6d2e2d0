package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/match/pgn"
	"github.com/luftchess/luft/uci/match/referee"
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
	result  referee.Result
	reason  referee.Termination
	detail  string
	record  *pgn.Game
	aborted bool // cancelled before its end; not counted
	broken  [2]bool
}

// worker plays games one at a time and keeps engines between games.
type worker struct {
	cfg     *Config
	engines map[int]*client.Engine
}

func (w *worker) close() {
	for i, e := range w.engines {
		e.Close(w.cfg.QuitTimeout)
		delete(w.engines, i)
	}
}

// acquire returns a ready engine for player i, reusing the last one with
// ucinewgame unless the player restarts per game.
func (w *worker) acquire(ctx context.Context, i int) (*client.Engine, error) {
	p := w.cfg.Players[i]
	if e := w.engines[i]; e != nil {
		delete(w.engines, i)
		if !p.Restart && e.NewGame(ctx, w.cfg.ReadyTimeout) == nil {
			w.engines[i] = e
			return e, nil
		}
		e.Close(w.cfg.QuitTimeout)
	}
	e, err := client.Start(p.Engine)
	if err != nil {
		return nil, err
	}
	if err := e.Handshake(ctx, p.Engine.Options, w.cfg.StartTimeout); err != nil {
		e.Close(w.cfg.QuitTimeout)
		return nil, err
	}
	if err := e.NewGame(ctx, w.cfg.ReadyTimeout); err != nil {
		e.Close(w.cfg.QuitTimeout)
		return nil, err
	}
	w.engines[i] = e
	return e, nil
}

// release closes the engines that must not be reused.
func (w *worker) release(g *played) {
	for c, i := range [2]int{g.white, g.black} {
		if e := w.engines[i]; e != nil && (g.broken[c] || g.aborted || w.cfg.Players[i].Restart) {
			e.Close(w.cfg.QuitTimeout)
			delete(w.engines, i)
		}
	}
}

// play plays one game to its end and returns its record.
func (w *worker) play(ctx context.Context, p pairing) *played {
	cfg := w.cfg
	out := &played{pairing: p}
	g, err := referee.NewGame(p.opening.FEN)
	if err != nil { // openings are checked when loaded
		panic(err)
	}
	var moves []pgn.Move
	for _, m := range p.opening.Moves {
		san, err := g.Move(m)
		if err != nil {
			panic(err)
		}
		moves = append(moves, pgn.Move{SAN: san, Comment: "book"})
	}
	side := [2]int{p.white, p.black}
	players := [2]Player{cfg.Players[p.white], cfg.Players[p.black]}
	clocks := [2]*referee.Clock{referee.NewClock(players[0].TC), referee.NewClock(players[1].TC)}
	adj := cfg.Adjudication
	start := time.Now()

	var eng [2]*client.Engine
	for c := range 2 {
		color := referee.Color(c)
		e, err := w.acquire(ctx, side[c])
		if ctx.Err() != nil {
			out.aborted = true
			break
		}
		if err != nil {
			reason := referee.Crash
			if errors.Is(err, client.ErrTimeout) {
				reason = referee.Stall
			}
			g.End((1 - color).Win(), reason, fmt.Sprintf("%s fails to start: %v", color, err))
			out.broken[c] = true
			break
		}
		eng[c] = e
	}

	for !out.aborted {
		if res, _, _ := g.Result(); res != referee.Unfinished {
			break
		}
		color := g.Turn()
		e, clock := eng[color], clocks[color]
		loses := (1 - color).Win()
		if err := e.IsReady(ctx, cfg.ReadyTimeout); err != nil {
			if ctx.Err() != nil {
				out.aborted = true
				break
			}
			out.broken[color] = true
			g.End(loses, failure(err), fmt.Sprintf("%s %s", color, describe(err)))
			break
		}
		limit := clock.Limit()
		wait := limit + grace
		if limit == 0 {
			wait = cfg.MoveTimeout
		}
		s, err := e.Go(ctx, positionCommand(p.opening.FEN, g.Moves()), referee.GoCommand(color, clocks[0], clocks[1]), wait)
		if ctx.Err() != nil {
			out.aborted = true
			break
		}
		if errors.Is(err, client.ErrTimeout) && limit > 0 {
			out.broken[color] = true
			g.End(loses, referee.TimeForfeit, fmt.Sprintf("%s loses on time", color))
			break
		}
		if err != nil {
			out.broken[color] = true
			g.End(loses, failure(err), fmt.Sprintf("%s %s", color, describe(err)))
			break
		}
		if !clock.Spend(s.Elapsed) {
			out.broken[color] = true // it may still be searching
			g.End(loses, referee.TimeForfeit, fmt.Sprintf("%s loses on time", color))
			break
		}
		fullMove := g.FullMove()
		san, err := g.Move(s.Move)
		if err != nil {
			out.broken[color] = true
			g.End(loses, referee.IllegalMove, fmt.Sprintf("%s makes an illegal move: %s", color, printable(s.Move)))
			break
		}
		moves = append(moves, pgn.Move{SAN: san, Comment: comment(s)})
		if res, _, _ := g.Result(); res != referee.Unfinished {
			break
		}
		switch adj.Update(color, fullMove, s.Score.Valid, s.Score.CP, s.Score.Mate) {
		case referee.WhiteWins:
			g.End(referee.WhiteWins, referee.Adjudication, "White wins by adjudication")
		case referee.BlackWins:
			g.End(referee.BlackWins, referee.Adjudication, "Black wins by adjudication")
		case referee.Draw:
			g.End(referee.Draw, referee.Adjudication, "Draw by adjudication")
		}
	}
	out.result, out.reason, out.detail = g.Result()
	out.record = record(cfg, p, g, moves, start)
	return out
}

// failure maps a client error to a termination.
func failure(err error) referee.Termination {
	if errors.Is(err, client.ErrTimeout) {
		return referee.Stall
	}
	return referee.Crash
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
// fen: startpos for the standard start, as cutechess does.
func positionCommand(fen string, moves []string) string {
	var b strings.Builder
	if isStart(fen) {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves " + strings.Join(moves, " "))
	}
	return b.String()
}

// comment returns a cutechess-style move comment: "+0.31/12 0.520s".
func comment(s client.Search) string {
	t := fmt.Sprintf("%.3fs", s.Elapsed.Seconds())
	if !s.Score.Valid {
		return t
	}
	var sc string
	switch {
	case s.Score.Mate > 0:
		sc = fmt.Sprintf("+M%d", s.Score.Mate)
	case s.Score.Mate < 0:
		sc = fmt.Sprintf("-M%d", -s.Score.Mate)
	default:
		sc = fmt.Sprintf("%+.2f", float64(s.Score.CP)/100)
	}
	return fmt.Sprintf("%s/%d %s", sc, s.Depth, t)
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
	if !isStart(p.opening.FEN) {
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
