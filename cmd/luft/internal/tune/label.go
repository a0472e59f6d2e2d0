package tune

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/luftchess/luft/uci/client"
)

// Labelling says how Label blends a game's result with an engine's score.
// A game result says little about a position sixty moves before the end;
// a shallow search of a strong engine says more, and the blend keeps the
// evaluation anchored to real outcomes.
type Labelling struct {
	Depth  int     // search depth per position
	Weight float64 // weight of the game result; the engine's expected score has the rest
	Scale  float64 // centipawns per factor 10 in odds (ExpectedScore)
	// Progress, when not nil, is called after each position handed out,
	// with their count so far.
	Progress func(done int)
}

// searchTimeout bounds one position's search.
const searchTimeout = time.Minute

// Label relabels samples in place, each with l.Weight times its result
// plus the rest times the expected score, from White's point of view,
// that one of engines finds for it, the engines working at once. It
// stops at the first engine that fails, and returns its error.
func Label(ctx context.Context, samples []Sample, engines []*client.Engine, l Labelling) error {
	next := make(chan int)
	errs := make(chan error, len(engines))
	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Go(func() {
			for i := range next {
				if err := l.label(ctx, e, &samples[i]); err != nil {
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

// label relabels s with e's score.
func (l Labelling) label(ctx context.Context, e *client.Engine, s *Sample) error {
	res, err := e.Go(ctx, "position fen "+s.FEN, fmt.Sprintf("go depth %d", l.Depth), searchTimeout)
	if err == nil && !res.Score.Valid {
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
func ExpectedScore(s client.Score, scale float64) float64 {
	switch {
	case s.Mate > 0:
		return 1
	case s.Mate < 0:
		return 0
	}
	return 1 / (1 + math.Pow(10, -float64(s.CP)/scale))
}
