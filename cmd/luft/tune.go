package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/match/pgn"
	"github.com/luftchess/luft/cmd/luft/internal/tune"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/eval"
	"github.com/luftchess/luft/uci/client"
)

const tuneUsage = `usage: luft tune extract [-out FILE] [-skip N] [-per-game N] GAMES.pgn ...
       luft tune label [-engine PATH] [-depth N] [-weight W] [-scale CP] [-threads N] [-out FILE] DATA ...
       luft tune fit [-from default|hand|FILE] [-only REGEXP] [-epochs N] [-rate R] [-lambda L]
                     [-holdout F] [-threads N] [-out FILE] DATA ...

extract writes the quiet positions of the games, each with its game's
result, as FEN;result lines. label blends each result with the expected
score from a UCI engine's search (Stockfish by default). fit reads such lines and fits all evaluation
weights to the results (Texel's method), holding out the last part of the
data to measure the error, and writes the weights as 'name mg eg' lines.
`

func runTune(args []string) int {
	if asksHelp(args) {
		fmt.Fprint(os.Stdout, tuneUsage)
		return 0
	}
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, tuneUsage)
		return 2
	}
	var err error
	switch args[0] {
	case "extract":
		err = tuneExtract(args[1:])
	case "label":
		err = tuneLabel(args[1:])
	case "fit":
		err = tuneFit(args[1:])
	default:
		fmt.Fprint(os.Stderr, tuneUsage)
		return 2
	}
	if ferr, ok := errors.AsType[flagError](err); ok {
		return flagStatus(ferr.err) // parseFlags wrote the help or complaint
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft tune %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

// tuneFlags returns the flag set of the tune subcommand name, which reads
// the files files, with the flag all of them take: -out, the output file,
// where out says what is written.
func tuneFlags(name, files, out string) (*flag.FlagSet, *string) {
	fs := newFlagSet("tune "+name, "usage: luft tune "+name+" [options] "+files+"\n\noptions:\n")
	return fs, fs.String("out", "-", "output `file` of "+out)
}

// tuneOutput creates the named output file, or standard output for "" or
// "-", buffered.
func tuneOutput(name string) (io.WriteCloser, error) {
	f := os.Stdout
	if name != "" && name != "-" {
		var err error
		if f, err = os.Create(name); err != nil {
			return nil, err
		}
	}
	return tuneFile{bufio.NewWriter(f), f}, nil
}

// tuneFile is a buffered output file. Closing it flushes the buffer and
// closes the file, unless it is standard output.
type tuneFile struct {
	*bufio.Writer
	f *os.File
}

func (t tuneFile) Close() error {
	err := t.Flush()
	if t.f != os.Stdout {
		if cerr := t.f.Close(); err == nil {
			err = cerr
		}
	}
	return err
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

func tuneExtract(args []string) error {
	fs, out := tuneFlags("extract", "GAMES.pgn ...", "FEN;result lines")
	skip := fs.Int("skip", 8, "plies to skip at the start of each game, besides book moves")
	perGame := fs.Int("per-game", 0, "at most `N` positions per game, picked at random (0: all)")
	seed := fs.Uint64("seed", 1, "random seed for -per-game")
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return flagError{err}
	}
	f, err := tuneOutput(*out)
	if err != nil {
		return err
	}
	x := extractor{out: f, log: os.Stderr, skip: *skip, perGame: *perGame, rng: rand.New(rand.NewPCG(*seed, 0))}
	for _, name := range fs.Args() {
		if err := x.file(name); err != nil {
			f.Close()
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d games, %d positions\n", x.games, x.positions)
	return nil
}

// extractor writes the quiet positions of games, as tune extract does.
type extractor struct {
	out, log  io.Writer // for the positions, and the games left out
	skip      int       // plies left out at the start of a game
	perGame   int       // positions at most a game, picked with rng; 0: all
	rng       *rand.Rand
	games     int // games whose positions it wrote
	positions int // positions written
}

// file writes the quiet positions of the games of the PGN file name. A
// game it cannot read or replay is reported on standard error and left
// out; it fails when it cannot read the file.
func (x *extractor) file(name string) error {
	in, err := os.Open(name)
	if err != nil {
		return err
	}
	defer in.Close()
	n := 0
	pr := pgn.NewReader(in)
	for g, err := range pr.Games() {
		n++
		var ss []tune.Sample
		if err == nil {
			ss, err = quietPositions(g, x.skip)
		}
		if err != nil {
			fmt.Fprintf(x.log, "luft tune extract: %s: game %d skipped: %v\n", name, n, err)
			continue
		}
		if x.perGame > 0 && len(ss) > x.perGame {
			x.rng.Shuffle(len(ss), func(i, j int) { ss[i], ss[j] = ss[j], ss[i] })
			ss = ss[:x.perGame]
		}
		for _, s := range ss {
			fmt.Fprintln(x.out, s)
		}
		x.games++
		x.positions += len(ss)
	}
	if err := pr.Err(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

// quietPositions returns the quiet positions of a finished game, labelled
// with its result, leaving out the first skip plies, book moves and
// positions where the mover saw a forced mate.
func quietPositions(g *pgn.Game, skip int) ([]tune.Sample, error) {
	r, ok := tune.ParseResult(g.Result)
	if !ok {
		return nil, fmt.Errorf("no result (%q)", g.Result)
	}
	fen, ok := g.Tag("FEN")
	if !ok {
		fen = board.StartFEN
	}
	p, err := board.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	var out []tune.Sample
	for i, mv := range g.Moves {
		c := mv.Comment
		mate := strings.HasPrefix(c, "+M") || strings.HasPrefix(c, "-M")
		if i >= skip && c != "book" && !mate && tune.Quiet(p) {
			out = append(out, tune.Sample{FEN: p.FEN(), Result: r})
		}
		m, err := p.ParseSAN(mv.SAN)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %v", i+1, err)
		}
		p.Make(m)
	}
	return out, nil
}

// tuneLabel re-labels tuning data with an engine's scores: each position's
// label becomes weight*result + (1-weight)*expected score from the
// engine's evaluation. A game result says little about a position sixty
// moves before the end; a shallow search of a strong engine says more,
// and the blend keeps the evaluation anchored to real outcomes.
func tuneLabel(args []string) error {
	fs, out := tuneFlags("label", "DATA ...", "FEN;label lines")
	engine := fs.String("engine", "/usr/games/stockfish", "UCI engine `path` that scores the positions")
	depth := fs.Int("depth", 8, "search depth per position")
	weight := fs.Float64("weight", 0.5, "weight of the game result in the label; the engine's score has the rest")
	scale := fs.Float64("scale", 400, "centipawns per factor 10 in odds when a score becomes an expected score")
	procs := fs.Int("threads", 2, "engine processes run at once")
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return flagError{err}
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
	fmt.Fprintf(f, "# luft tune label -engine %s -depth %d -weight %g -scale %g\n", *engine, *depth, *weight, *scale)
	for _, s := range samples {
		fmt.Fprintln(f, s)
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d positions labelled in %v\n", len(samples), time.Since(start).Round(time.Second))
	return nil
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

func tuneFit(args []string) error {
	fs, out := tuneFlags("fit", "DATA ...", "the fitted weights")
	from := fs.String("from", "default", "starting weights: default, hand or a weights `file`")
	epochs := fs.Int("epochs", 1000, "passes of gradient descent")
	rate := fs.Float64("rate", 1, "Adam step size in centipawns")
	holdout := fs.Float64("holdout", 0.1, "`fraction` of the data, from its end, kept out of fitting to measure the error")
	threads := fs.Int("threads", 1, "goroutines computing the gradient")
	lambda := fs.Float64("lambda", 0, "weight of the L2 penalty on moving away from the starting weights (per squared centipawn)")
	only := fs.String("only", "", "fit only the weights whose names match this `regexp` (e.g. '^(material|passed)'); the rest stay fixed")
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return flagError{err}
	}
	var fixed func(int) bool
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			return err
		}
		fixed = func(i int) bool { return !re.MatchString(eval.WeightName(i)) }
	}
	start, err := startWeights(*from)
	if err != nil {
		return err
	}
	samples, err := readSamples(fs.Args()...)
	if err != nil {
		return err
	}
	n := len(samples) - int(float64(len(samples))**holdout)
	if n <= 0 || n > len(samples) {
		return fmt.Errorf("no data to fit: %d samples, holdout %g", len(samples), *holdout)
	}
	e := eval.NewWith(start)
	train, err := tune.NewDataset(samples[:n], e)
	if err != nil {
		return err
	}
	test, err := tune.NewDataset(samples[n:], e)
	if err != nil {
		return err
	}
	k := train.FitK(start)
	fmt.Fprintf(os.Stderr, "%d training positions, %d held out; K = %.6f\n", train.Len(), test.Len(), k)
	fmt.Fprintf(os.Stderr, "before: training error %.6f, held-out error %.6f\n", train.Error(start, k), test.Error(start, k))
	fitted := train.Fit(start, k, tune.Options{
		Epochs: *epochs, Rate: *rate, Threads: *threads, Lambda: *lambda, Fixed: fixed,
		Report: func(epoch int, w *eval.Weights) {
			if epoch%100 == 0 {
				fmt.Fprintf(os.Stderr, "epoch %d: training error %.6f, held-out error %.6f\n",
					epoch, train.Error(w, k), test.Error(w, k))
			}
		},
	})
	before, after := test.Error(start, k), test.Error(fitted, k)
	fmt.Fprintf(os.Stderr, "after:  training error %.6f, held-out error %.6f\n", train.Error(fitted, k), after)
	f, err := tuneOutput(*out)
	if err != nil {
		return err
	}
	fmt.Fprintf(f, "# Evaluation weights: name, middlegame and endgame value in centipawns.\n"+
		"# luft tune fit -from %s -epochs %d -rate %g -lambda %g -only %q: %d positions, %d held out,\n"+
		"# K %.6f, held-out error %.6f before, %.6f after.\n",
		*from, *epochs, *rate, *lambda, *only, train.Len(), test.Len(), k, before, after)
	if _, err := fitted.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// startWeights returns the weights named by -from.
func startWeights(from string) (*eval.Weights, error) {
	switch from {
	case "default":
		return eval.Default(), nil
	case "hand":
		return eval.Hand(), nil
	}
	f, err := os.Open(from)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return eval.ReadWeights(f)
}
