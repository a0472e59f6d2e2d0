// Package match plays engine-versus-engine matches between UCI engines and
// reports their results: PGN, Elo estimates and SPRT decisions.
//
// A match is a round robin or a gauntlet over two or more players. The
// referee (package referee) keeps the clocks and applies the rules; every
// engine failure (crash, hang, illegal move, garbage) loses the game with
// the reason written in the PGN, and every process started is killed
// before Run returns.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/engine/game/stats"
	"github.com/luftchess/luft/uci/client"
)

// Player is an engine taking part in a match.
type Player struct {
	Name    string
	Engine  client.Config
	TC      referee.TimeControl
	Restart bool // start a new process for every game instead of ucinewgame
	Ponder  bool // think on the opponent's time (go ponder, then ponderhit or stop)
}

// Tournament kinds.
const (
	RoundRobin = "round-robin"
	Gauntlet   = "gauntlet" // the first player against each of the others
)

// Variants of chess, as cutechess-cli names them.
const (
	Standard     = "standard"
	FischeRandom = "fischerandom" // Chess960
)

// MaxConcurrency bounds Config.Concurrency: each game at once runs two
// engine processes, so a mistyped count would start thousands of them.
const MaxConcurrency = 256

// Config describes a match.
type Config struct {
	Players     []Player
	Variant     string // Standard (the default) or FischeRandom
	Tournament  string // RoundRobin (the default) or Gauntlet
	Rounds      int    // encounters of each pairing
	Games       int    // games per encounter; 2 with Repeat
	Repeat      bool   // play each opening twice with colours reversed
	Concurrency int    // games played at once, at most MaxConcurrency

	Book         *Book  // nil: every game starts from the standard position, or in Chess960 from a random one
	Seed         uint64 // for the random opening order
	PGNOut       string // file the games are appended to; empty for none
	Event        string
	Site         string
	SPRT         *stats.SPRT // stop when the test decides; two players only
	Adjudication outcome.Adjudicator

	StartTimeout time.Duration // for uciok and the first readyok
	ReadyTimeout time.Duration // for readyok during the game
	MoveTimeout  time.Duration // for a move without a time limit (depth or nodes)
	QuitTimeout  time.Duration // before an engine that was told to quit is killed
}

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&c.StartTimeout, 10*time.Second)
	def(&c.ReadyTimeout, 10*time.Second)
	def(&c.MoveTimeout, 60*time.Second)
	def(&c.QuitTimeout, time.Second)
	if c.Tournament == "" {
		c.Tournament = RoundRobin
	}
	if c.Variant == "" {
		c.Variant = Standard
	}
	if c.Rounds == 0 {
		c.Rounds = 1
	}
	if c.Games == 0 {
		c.Games = 1
		if c.Repeat {
			c.Games = 2
		}
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	if c.Event == "" {
		c.Event = "luft match"
	}
	if c.Site == "" {
		c.Site = "?"
	}
	return c
}

// validate reports the first problem with the configuration.
func (c *Config) validate() error {
	if len(c.Players) < 2 {
		return errors.New("a match needs at least two engines")
	}
	for i, p := range c.Players {
		if p.Engine.Cmd == "" {
			return fmt.Errorf("engine %d has no cmd", i+1)
		}
		if _, err := exec.LookPath(p.Engine.Cmd); err != nil {
			return fmt.Errorf("engine %s: %v", p.Name, err)
		}
		if !p.TC.Limited() {
			return fmt.Errorf("engine %s has no time control (tc, st, nodes or depth)", p.Name)
		}
	}
	switch {
	case c.Tournament != RoundRobin && c.Tournament != Gauntlet:
		return fmt.Errorf("unknown tournament %q", c.Tournament)
	case c.Variant != Standard && c.Variant != FischeRandom:
		return fmt.Errorf("unknown variant %q (standard or fischerandom)", c.Variant)
	case c.Rounds < 1 || c.Games < 1 || c.Concurrency < 1:
		return errors.New("rounds, games and concurrency must be positive")
	case c.Concurrency > MaxConcurrency:
		return fmt.Errorf("concurrency must be at most %d", MaxConcurrency)
	case c.Repeat && c.Games != 2:
		return errors.New("-repeat needs -games 2")
	case c.SPRT != nil && len(c.Players) != 2:
		return errors.New("SPRT needs exactly two engines")
	}
	if t := c.SPRT; t != nil && (t.Elo0 >= t.Elo1 || t.Alpha <= 0 || t.Beta <= 0 || t.Alpha+t.Beta >= 1) {
		return errors.New("SPRT needs elo0 < elo1 and 0 < alpha, beta with alpha+beta < 1")
	}
	return nil
}

// chess960 reports whether the games are Chess960 ones.
func (c *Config) chess960() bool { return c.Variant == FischeRandom }

// schedule returns every game of the match in order.
func (c *Config) schedule(openings []Opening) []pairing {
	type encounter struct{ a, b int }
	var encounters []encounter
	for a := range c.Players {
		for b := a + 1; b < len(c.Players); b++ {
			if c.Tournament == Gauntlet && a > 0 {
				continue
			}
			encounters = append(encounters, encounter{a, b})
		}
	}
	next := 0
	if c.Book != nil && c.Book.Start > 1 {
		next = c.Book.Start - 1
	}
	var games []pairing
	pair := 0
	for r := range c.Rounds {
		for _, e := range encounters {
			var op Opening
			for g := range c.Games {
				if g == 0 || !c.Repeat {
					if len(openings) > 0 {
						op = openings[next%len(openings)]
						next++
					}
				}
				p := pairing{number: len(games) + 1, round: r + 1, white: e.a, black: e.b, opening: op, pair: -1}
				if (r+g)%2 == 1 {
					p.white, p.black = e.b, e.a
				}
				if c.Repeat {
					p.pair = pair
				}
				games = append(games, p)
			}
			pair++
		}
	}
	return games
}

// Run plays the match, appending games to the PGN file and writing a
// line per finished game and a final report to out. It returns the
// results when the match ends, ctx is cancelled or the SPRT decides.
func Run(ctx context.Context, cfg Config, out io.Writer) (*Results, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	var openings []Opening
	switch {
	case cfg.Book != nil:
		var err error
		if openings, err = LoadOpenings(*cfg.Book, cfg.chess960()); err != nil {
			return nil, err
		}
		if cfg.Book.Random {
			openings = shuffle(openings, cfg.Seed)
		}
	case cfg.chess960():
		openings = shuffle(chess960Openings(), cfg.Seed) // as cutechess draws them
	}
	var pgnFile *os.File
	if cfg.PGNOut != "" {
		f, err := os.OpenFile(cfg.PGNOut, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		pgnFile = f
	}
	games := cfg.schedule(openings)
	res := newResults(&cfg, len(games))

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan pairing)
	done := make(chan *played)
	pools := cfg.pools()
	defer func() {
		for _, p := range pools {
			p.Close()
		}
	}()
	var wg sync.WaitGroup
	for range min(cfg.Concurrency, len(games)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{cfg: &cfg, pools: pools, engines: map[int]*client.Engine{}}
			for p := range todo {
				g := w.play(ctx, p)
				w.release(g)
				done <- g
			}
		}()
	}
	go func() {
		defer close(todo)
		for _, g := range games {
			select {
			case todo <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()

	var werr error
	for g := range done {
		if g.aborted {
			continue
		}
		if pgnFile != nil && werr == nil {
			if _, err := g.record.WriteTo(pgnFile); err != nil {
				werr = err
				cancel()
			}
		}
		res.add(g)
		res.printGame(out, g)
		if cfg.SPRT != nil && res.sprtDecision() != stats.Continue {
			cancel()
		}
	}
	res.Print(out)
	return res, werr
}
