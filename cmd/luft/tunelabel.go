package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/tune"
	"github.com/luftchess/luft/uci/client"
)

// tuneLabel re-labels tuning data with an engine's scores: each position's
// label becomes weight*result + (1-weight)*expected score from the
// engine's evaluation. A game result says little about a position sixty
// moves before the end; a shallow search of a strong engine says more,
// and the blend keeps the evaluation anchored to real outcomes.
func tuneLabel(args []string) error {
	fs := flag.NewFlagSet("luft tune label", flag.ContinueOnError)
	engine := fs.String("engine", "/usr/games/stockfish", "UCI engine `path` that scores the positions")
	depth := fs.Int("depth", 8, "search depth per position")
	weight := fs.Float64("weight", 0.5, "weight of the game result in the label; the engine's score has the rest")
	scale := fs.Float64("scale", 400, "centipawns per factor 10 in odds when a score becomes an expected score")
	procs := fs.Int("threads", 2, "engine processes run at once")
	out := fs.String("out", "-", "output `file` of FEN;label lines")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *weight < 0 || *weight > 1 || *depth < 1 || *procs < 1 || *scale <= 0 {
		return fmt.Errorf("want 0 <= -weight <= 1, -depth >= 1, -threads >= 1, -scale > 0")
	}
	samples, err := readSamples(fs.Args()...)
	if err != nil {
		return err
	}

	ctx := context.Background()
	engines := make([]*client.Engine, *procs)
	for i := range engines {
		e, err := client.Start(client.Config{Cmd: *engine})
		if err != nil {
			return err
		}
		defer e.Close(time.Second)
		if err := e.Handshake(ctx, []client.Option{{Name: "Threads", Value: "1"}}, 10*time.Second); err != nil {
			return fmt.Errorf("%s: %v", *engine, err)
		}
		engines[i] = e
	}
	next := make(chan int)
	errs := make(chan error, len(engines))
	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				s := &samples[i]
				res, err := e.Go(ctx, "position fen "+s.FEN, fmt.Sprintf("go depth %d", *depth), time.Minute)
				if err == nil && !res.Score.Valid {
					err = fmt.Errorf("no score")
				}
				if err != nil {
					errs <- fmt.Errorf("%s on %q: %v", *engine, s.FEN, err)
					for range next {
					}
					return
				}
				p := expectedScore(res.Score, *scale)
				if strings.Fields(s.FEN)[1] == "b" {
					p = 1 - p
				}
				s.Result = *weight*s.Result + (1-*weight)*p
			}
		}()
	}
	start := time.Now()
	for i := range samples {
		next <- i
		if (i+1)%100000 == 0 {
			fmt.Fprintf(os.Stderr, "%d positions labelled, %.0f/s\n", i+1, float64(i+1)/time.Since(start).Seconds())
		}
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}

	f, err := tuneOutput(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# luft tune label -engine %s -depth %d -weight %g -scale %g\n", *engine, *depth, *weight, *scale)
	for _, s := range samples {
		fmt.Fprintln(w, s)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d positions labelled in %v\n", len(samples), time.Since(start).Round(time.Second))
	return f.Close()
}

// expectedScore turns an engine's score for the side to move into an
// expected score between 0 and 1 by the logistic curve on which scale
// centipawns multiply the odds by 10. Mates are certain.
func expectedScore(s client.Score, scale float64) float64 {
	switch {
	case s.Mate > 0:
		return 1
	case s.Mate < 0:
		return 0
	}
	return 1 / (1 + math.Pow(10, -float64(s.CP)/scale))
}

// readSamples reads files of FEN;result lines.
func readSamples(names ...string) ([]tune.Sample, error) {
	var samples []tune.Sample
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		ss, err := tune.ReadSamples(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		samples = append(samples, ss...)
	}
	return samples, nil
}
