package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/tune"
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
	x := tune.Extractor{Skip: *skip, PerGame: *perGame, Rand: rand.New(rand.NewPCG(*seed, 0))}
	for _, name := range fs.Args() {
		x.Skipped = func(game int, err error) {
			fmt.Fprintf(os.Stderr, "luft tune extract: %s: game %d skipped: %v\n", name, game, err)
		}
		if err := x.ExtractFile(f, name); err != nil {
			f.Close()
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d games, %d positions\n", x.Games, x.Positions)
	return nil
}

// tuneLabel re-labels tuning data with an engine's scores (tune.Label).
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
	if *weight < 0 || *weight > 1 || *depth < 1 || *scale <= 0 {
		return fmt.Errorf("want 0 <= -weight <= 1, -depth >= 1, -scale > 0")
	}
	if err := checkThreads(*procs); err != nil {
		return err
	}
	samples, err := tune.ReadFiles(fs.Args()...)
	if err != nil {
		return err
	}

	engines := &client.Pool{Config: client.Config{Cmd: *engine, Options: []client.Option{{Name: "Threads", Value: "1"}}}}
	defer engines.Close()
	start := time.Now()
	err = tune.Label(context.Background(), samples, engines, tune.Labelling{Depth: *depth, Weight: *weight, Scale: *scale, Engines: *procs,
		Progress: func(done int) {
			if done%100000 == 0 {
				fmt.Fprintf(os.Stderr, "%d positions labelled, %.0f/s\n", done, float64(done)/time.Since(start).Seconds())
			}
		}})
	if err != nil {
		return fmt.Errorf("%s on %v", *engine, err)
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
	if err := checkThreads(*threads); err != nil {
		return err
	}
	var fixed func(int) bool
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			return err
		}
		fixed = tune.Only(re)
	}
	start, err := startWeights(*from)
	if err != nil {
		return err
	}
	samples, err := tune.ReadFiles(fs.Args()...)
	if err != nil {
		return err
	}
	train, test, err := tune.Split(samples, *holdout, eval.NewWith(start))
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
