package datagen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/openings"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/eval/nnue"
)

// Adjudication thresholds; doc.go describes them.
const (
	WinScore  = 1000 // centipawns
	WinMoves  = 3    // moves of each side in a row (6 plies)
	DrawMove  = 80   // fullmove number from which draws are adjudicated
	DrawScore = 9    // centipawns either side of zero, inclusive
	DrawMoves = 5    // moves of each side in a row (10 plies)
)

// adjudicator returns the adjudicator of a game, by the thresholds above.
func adjudicator() outcome.Adjudicator {
	return outcome.Adjudicator{
		ResignMoveCount: WinMoves, ResignScore: WinScore, MateWins: true,
		DrawMoveNumber: DrawMove, DrawMoveCount: DrawMoves, DrawScore: DrawScore,
	}
}

// Defaults of Config fields left at zero.
const (
	DefaultNodes    = engine.DefaultDataNodes
	DefaultHashMB   = engine.DefaultHashMB
	DefaultMaxPlies = 400
)

// maxOpeningTries bounds the openings drawn for one game before giving up.
const maxOpeningTries = 1000

// Config says what Run generates.
type Config struct {
	Games       int              // games to play; 0 for no limit
	Positions   int              // positions to write; 0 for no limit
	Nodes       uint64           // node budget per move; 0 for DefaultNodes
	Threads     int              // games played in parallel; at least 1
	HashMB      int              // hash of each game's engine; 0 for DefaultHashMB
	Seed        uint64           // seed of every random choice
	Openings    []openings.Start // positions to start from, one drawn per game (openings.ReadBook reads a file of them); none: the start position
	Chess960    float64          // fraction of games started from a random Chess960 start position instead
	RandomPlies int              // random legal moves played before the search takes over
	Keep        float64          // fraction of the filtered positions kept; 0 for all
	MaxPlies    int              // searched plies after which a game is a draw; 0 for DefaultMaxPlies
	Net         *nnue.Network    // the network the games' engines evaluate with; nil for the hand-crafted evaluation

	Progress      io.Writer     // where progress lines go; nil for none
	ProgressEvery time.Duration // time between progress lines; 0 for 5 seconds
}

// Stats counts what Run did. The searched positions are those written
// plus those left out, for each reason.
type Stats struct {
	Games                       int // complete games
	WhiteWins, Draws, BlackWins int
	Adjudicated                 int // games ended by adjudication or the ply cap
	Searched                    int // positions searched in complete games

	InCheck   int // left out: side to move in check
	Capture   int // left out: best move a capture
	Promotion int // left out: best move a (non-capturing) promotion
	Mate      int // left out: mate score
	Castle960 int // left out: best move castling in Chess960, which a record cannot hold
	Dropped   int // left out by -keep, or past the -positions target

	Written int
	Elapsed time.Duration
}

// PerSecond returns the positions written per second.
func (s Stats) PerSecond() float64 { return float64(s.Written) / max(s.Elapsed.Seconds(), 1e-9) }

// String returns the progress line of s.
func (s Stats) String() string {
	return fmt.Sprintf("games %d  positions %d  %.0f pos/s  elapsed %v", s.Games, s.Written, s.PerSecond(), s.Elapsed.Round(time.Second))
}

// Summary returns the final summary of s: the results and the filters.
func (s Stats) Summary() string {
	return fmt.Sprintf("%v\nresults +%d =%d -%d (White's view), %d adjudicated\nsearched %d: written %d, in check %d, capture %d, promotion %d, mate score %d, Chess960 castling %d, dropped %d",
		s, s.WhiteWins, s.Draws, s.BlackWins, s.Adjudicated,
		s.Searched, s.Written, s.InCheck, s.Capture, s.Promotion, s.Mate, s.Castle960, s.Dropped)
}

// reason says why a searched position is left out, or that it is not.
type reason uint8

const (
	keep reason = iota
	inCheck
	capture
	promotion
	mateScore
	castle960
)

// filter returns why the position searched with best move m and score s
// is left out, or keep.
func filter(pos *board.Position, m board.Move, s engine.Score) reason {
	switch {
	case pos.InCheck():
		return inCheck
	case pos.IsCapture(m):
		return capture
	case m.IsPromotion():
		return promotion
	case s.IsMate():
		return mateScore
	case pos.Chess960() && m.IsCastling():
		return castle960
	}
	return keep
}

// gameResult is the outcome of one game.
type gameResult struct {
	n           int                   // game number
	recs        []trainingdata.Packed // results filled in
	white       outcome.Result
	adjudicated bool
	counts      [castle960 + 1]int // searched positions by reason
	dropped     int
}

// drawer returns the draw of the games' openings: a random opening line
// (or the start position), or with probability c.Chess960 one of the 960
// start positions of Chess960, followed by c.RandomPlies random legal
// moves, drawn again while the moves end the game.
func (c *Config) drawer() openings.Drawer {
	return openings.Drawer{Book: c.Openings, Chess960: c.Chess960, Plies: c.RandomPlies, BookPlies: c.RandomPlies, Tries: maxOpeningTries}
}

// gameRand returns the random source of game n of seed: its opening,
// then its -keep choices.
func gameRand(seed uint64, n int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(n)))
}

// playGame plays game n with e from an opening drawn by draw and returns
// its records. It returns the context's error, and no records, when ctx
// ends first.
func playGame(ctx context.Context, e *engine.Engine, cfg *Config, draw openings.Drawer, n int) (gameResult, error) {
	g := gameResult{n: n}
	rng := gameRand(cfg.Seed, n)
	pos, err := draw.Draw(rng)
	if err != nil {
		return g, fmt.Errorf("datagen: game %d: %w", n, err)
	}
	e.NewGame()
	adj := adjudicator()
	end := func(r outcome.Result, adjudicated bool) (gameResult, error) {
		g.white, g.adjudicated = r, adjudicated
		for i := range g.recs {
			g.recs[i].SetResult(r)
		}
		return g, nil
	}
	lim := engine.Limits{Nodes: cfg.Nodes}
	for plies := 0; ; plies++ {
		if r, _ := outcome.Judge(pos); r != outcome.Unfinished {
			return end(r, false)
		}
		if plies >= cfg.MaxPlies {
			return end(outcome.Draw, true)
		}
		score, scored := engine.Score(0), false
		res := e.Search(ctx, pos, lim, func(in engine.Info) {
			if in.CurrMove == board.NoMove && in.MultiPV <= 1 && in.Bound == engine.Exact {
				score, scored = in.Score, true
			}
		})
		if err := ctx.Err(); err != nil {
			return g, err
		}
		if !scored || res.Best == board.NoMove {
			return g, fmt.Errorf("datagen: game %d: no score from the search of %s", n, pos.FEN())
		}
		why := filter(pos, res.Best, score)
		g.counts[why]++
		if why == keep {
			if cfg.Keep >= 1 || rng.Float64() < cfg.Keep {
				p, err := trainingdata.Pack(trainingdata.Record{Pos: pos, Score: int16(score), Move: res.Best})
				if err != nil {
					return g, err
				}
				g.recs = append(g.recs, p)
			} else {
				g.dropped++
			}
		}
		if r := adj.Update(pos.SideToMove(), pos.FullMove(), true, score.Reported()); r != outcome.Unfinished {
			return end(r, true)
		}
		pos.Make(res.Best)
	}
}

// Run plays games by cfg and writes their positions to w, game by game,
// until cfg.Games games are played or cfg.Positions positions written
// (the last game's surplus is dropped). When ctx ends first it stops
// within milliseconds, discarding the unfinished games, and returns the
// context's error; w then holds the complete games' records. Run flushes
// w after each game.
func Run(ctx context.Context, cfg Config, w *trainingdata.Writer) (Stats, error) {
	if cfg.Games <= 0 && cfg.Positions <= 0 {
		return Stats{}, errors.New("datagen: no games or positions to generate")
	}
	cfg = cfg.withDefaults()
	start := time.Now()
	var st Stats

	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results, errs := playGames(gctx, cancel, &cfg, cfg.drawer())
	werr := collect(results, &cfg, w, &st, start, cancel)
	st.Elapsed = time.Since(start)
	select {
	case err := <-errs:
		return st, err
	default:
	}
	if werr != nil {
		return st, werr
	}
	return st, ctx.Err()
}

// withDefaults fills in the zero fields that have defaults.
func (c Config) withDefaults() Config {
	if c.Nodes == 0 {
		c.Nodes = DefaultNodes
	}
	if c.HashMB <= 0 {
		c.HashMB = DefaultHashMB
	}
	if c.MaxPlies <= 0 {
		c.MaxPlies = DefaultMaxPlies
	}
	if c.Keep <= 0 {
		c.Keep = 1
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = 5 * time.Second
	}
	return c
}

// playGames plays games from openings drawn by draw on cfg.Threads
// threads, each with its own engine, numbering them from 0 until
// cfg.Games are started (no limit at 0) or ctx ends, and sends each complete game on the returned channel, which is
// closed when every thread has stopped. A failed game's error goes on the
// returned error channel and cancels ctx, unless ctx had already ended.
func playGames(ctx context.Context, cancel context.CancelFunc, cfg *Config, draw openings.Drawer) (<-chan gameResult, <-chan error) {
	threads := max(cfg.Threads, 1)
	if cfg.Games > 0 {
		threads = min(threads, cfg.Games)
	}
	var (
		mu   sync.Mutex
		next int // number of the next game to start
	)
	claim := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if cfg.Games > 0 && next >= cfg.Games {
			return 0, false
		}
		next++
		return next - 1, true
	}
	results := make(chan gameResult)
	errs := make(chan error, threads)
	var wg sync.WaitGroup
	for range threads {
		wg.Go(func() {
			e := engine.New(engine.Options{HashMB: cfg.HashMB, Threads: 1, Net: cfg.Net})
			for {
				n, ok := claim()
				if !ok {
					return
				}
				g, err := playGame(ctx, e, cfg, draw, n)
				if err != nil {
					if ctx.Err() == nil {
						errs <- err
						cancel()
					}
					return
				}
				select {
				case results <- g:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results, errs
}

// collect counts the games from results in st and writes their records
// to w, flushing after each game, until results is closed, and prints st
// to cfg.Progress every cfg.ProgressEvery. Once cfg.Positions are written
// it cancels the games, as it does when a write fails, and leaves out the
// games that still arrive; it returns the error of the write or flush.
func collect(results <-chan gameResult, cfg *Config, w *trainingdata.Writer, st *Stats, start time.Time, cancel context.CancelFunc) error {
	tick := time.NewTicker(cfg.ProgressEvery)
	defer tick.Stop()
	reached := func() bool { return cfg.Positions > 0 && st.Written >= cfg.Positions }
	var werr error
	for {
		select {
		case g, ok := <-results:
			if !ok {
				return werr
			}
			if werr != nil || reached() {
				continue // a game finished after the target was reached
			}
			st.add(g)
			werr = st.write(w, g.recs, cfg.Positions)
			if werr == nil {
				werr = w.Flush() // a run that is killed keeps its complete games
			}
			if werr != nil || reached() {
				cancel()
			}
		case <-tick.C:
			if cfg.Progress != nil {
				st.Elapsed = time.Since(start)
				fmt.Fprintln(cfg.Progress, *st)
			}
		}
	}
}

// add counts game g in s: its result and its searched positions, those
// it keeps and those it leaves out by each filter or by -keep. Its
// records are counted by write.
func (s *Stats) add(g gameResult) {
	s.Games++
	switch g.white {
	case outcome.WhiteWins:
		s.WhiteWins++
	case outcome.Draw:
		s.Draws++
	default:
		s.BlackWins++
	}
	if g.adjudicated {
		s.Adjudicated++
	}
	for _, c := range g.counts {
		s.Searched += c
	}
	s.InCheck += g.counts[inCheck]
	s.Capture += g.counts[capture]
	s.Promotion += g.counts[promotion]
	s.Mate += g.counts[mateScore]
	s.Castle960 += g.counts[castle960]
	s.Dropped += g.dropped
}

// write writes recs to w while fewer than positions are written (no
// limit at 0), counting them as written in s and the rest as dropped.
func (s *Stats) write(w *trainingdata.Writer, recs []trainingdata.Packed, positions int) error {
	for i, p := range recs {
		if positions > 0 && s.Written >= positions {
			s.Dropped += len(recs) - i
			break
		}
		if err := w.WritePacked(p); err != nil {
			return err
		}
		s.Written++
	}
	return nil
}
