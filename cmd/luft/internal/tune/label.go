package tune

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/luftchess/luft/engine/game/score"
	"github.com/luftchess/luft/uci/client"
)

// Labelling says how Label blends a game's result with an engine's score.
// A game result says little about a position sixty moves before the end;
// a shallow search of a strong engine says more, and the blend keeps the
// evaluation anchored to real outcomes.
type Labelling struct {
	Depth   int     // search depth per position
	Weight  float64 // weight of the game result; the engine's expected score has the rest
	Scale   float64 // centipawns per factor 10 in odds (ExpectedScore)
	Engines int     // engines searching at once; 0 means 1
	// Progress, when not nil, is called after each position handed out,
	// with their count so far.
	Progress func(done int)
}

// searchTimeout bounds one position's search.
const searchTimeout = time.Minute

// Label relabels samples in place, each with l.Weight times its result
// plus the rest times the expected score, from White's point of view,
// that an engine from engines finds for it, l.Engines of them working at
// once. An engine that fails on a position is replaced, and the position
// is given to a new engine; Label stops when that one fails too, or when
// no engine starts, and returns the error.
func Label(ctx context.Context, samples []Sample, engines *client.Pool, l Labelling) error {
	workers := max(l.Engines, 1)
	next := make(chan int)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				if err := l.labelOne(ctx, engines, &samples[i]); err != nil {
					errs <- fmt.Errorf("%q: %v", samples[i].FEN, err)
					for range next {
					}
					return
				}
			}
		})
	}
	for i := range samples {
		next <- i
		if l.Progress != nil {
			l.Progress(i + 1)
		}
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// labelOne relabels s with the score of an engine from engines, and when
// that engine fails, which closes it, with a new one's.
func (l Labelling) labelOne(ctx context.Context, engines *client.Pool, s *Sample) error {
	var err error
	for _, get := range []func(context.Context) (*client.Engine, error){engines.Get, engines.GetNew} {
		var e *client.Engine
		if e, err = get(ctx); err != nil {
			return err
		}
		err = l.label(ctx, e, s)
		engines.Put(e, err == nil)
		if err == nil {
			return nil
		}
	}
	return err
}

// label relabels s with e's score.
func (l Labelling) label(ctx context.Context, e *client.Engine, s *Sample) error {
	res, err := e.Go(ctx, "position fen "+s.FEN, fmt.Sprintf("go depth %d", l.Depth), searchTimeout)
	if err == nil && !res.Scored {
		err = fmt.Errorf("no score")
	}
	if err != nil {
		return err
	}
	p := ExpectedScore(res.Score, l.Scale)
	if strings.Fields(s.FEN)[1] == "b" {
		p = 1 - p
	}
	s.Result = l.Weight*s.Result + (1-l.Weight)*p
	return nil
}

// ExpectedScore turns an engine's score for the side to move into an
// expected score between 0 and 1 by the logistic curve on which scale
// centipawns multiply the odds by 10. Mates are certain.
func ExpectedScore(s score.Score, scale float64) float64 {
	switch {
	case s.Mate > 0:
		return 1
	case s.Mate < 0:
		return 0
	}
	return 1 / (1 + math.Pow(10, -float64(s.CP)/scale))
}
