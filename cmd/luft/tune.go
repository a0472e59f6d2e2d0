package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/cmd/luft/internal/match/pgn"
	"github.com/luftchess/luft/cmd/luft/internal/tune"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/eval"
)

func init() {
	register(command{
		name:  "tune",
		usage: "extract|label|fit ...   make training data from PGN games, label it with an engine's scores, fit the evaluation weights (-h for options)",
		run:   runTune,
	})
}

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
	if errors.Is(err, flag.ErrHelp) {
		return 2
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft tune %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

// tuneOutput returns the named output file, or standard output for "" or "-".
func tuneOutput(name string) (io.WriteCloser, error) {
	if name == "" || name == "-" {
		return tuneStdout{os.Stdout}, nil
	}
	return os.Create(name)
}

// tuneStdout is standard output, which closing leaves open.
type tuneStdout struct{ io.Writer }

func (tuneStdout) Close() error { return nil }

func tuneExtract(args []string) error {
	fs := flag.NewFlagSet("luft tune extract", flag.ContinueOnError)
	out := fs.String("out", "-", "output `file` of FEN;result lines")
	skip := fs.Int("skip", 8, "plies to skip at the start of each game, besides book moves")
	perGame := fs.Int("per-game", 0, "at most `N` positions per game, picked at random (0: all)")
	seed := fs.Uint64("seed", 1, "random seed for -per-game")
	if err := fs.Parse(args); err != nil {
		return err
	}
	f, err := tuneOutput(*out)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(*seed, 0))
	var read, games, positions int
	for _, name := range fs.Args() {
		in, err := os.Open(name)
		if err != nil {
			return err
		}
		r := pgn.NewReader(in)
		for {
			g, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				in.Close()
				return fmt.Errorf("%s: %v", name, err)
			}
			read++
			ss, err := quietPositions(g, *skip)
			if err != nil {
				fmt.Fprintf(os.Stderr, "luft tune extract: %s: game %d skipped: %v\n", name, read, err)
				continue
			}
			if *perGame > 0 && len(ss) > *perGame {
				rng.Shuffle(len(ss), func(i, j int) { ss[i], ss[j] = ss[j], ss[i] })
				ss = ss[:*perGame]
			}
			for _, s := range ss {
				fmt.Fprintln(w, s)
			}
			games++
			positions += len(ss)
		}
		in.Close()
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d games, %d positions\n", games, positions)
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
	note := &chess.Position{} // the same position, to read the SAN moves in
	if err := note.UnmarshalText([]byte(p.FEN())); err != nil {
		return nil, err
	}
	var out []tune.Sample
	for i, mv := range g.Moves {
		c := mv.Comment
		mate := strings.HasPrefix(c, "+M") || strings.HasPrefix(c, "-M")
		if i >= skip && c != "book" && !mate && tune.Quiet(p) {
			out = append(out, tune.Sample{FEN: p.FEN(), Result: r})
		}
		cm, err := pgn.DecodeSAN(note, mv.SAN)
		if err != nil {
			return nil, fmt.Errorf("ply %d: %v", i+1, err)
		}
		m, err := p.ParseMove(chess.UCINotation{}.Encode(note, cm))
		if err != nil {
			return nil, fmt.Errorf("ply %d: %v", i+1, err)
		}
		p.Make(m)
		note = note.Update(cm)
	}
	return out, nil
}

func tuneFit(args []string) error {
	fs := flag.NewFlagSet("luft tune fit", flag.ContinueOnError)
	from := fs.String("from", "default", "starting weights: default, hand or a weights `file`")
	epochs := fs.Int("epochs", 1000, "passes of gradient descent")
	rate := fs.Float64("rate", 1, "Adam step size in centipawns")
	holdout := fs.Float64("holdout", 0.1, "`fraction` of the data, from its end, kept out of fitting to measure the error")
	threads := fs.Int("threads", 1, "goroutines computing the gradient")
	lambda := fs.Float64("lambda", 0, "weight of the L2 penalty on moving away from the starting weights (per squared centipawn)")
	only := fs.String("only", "", "fit only the weights whose names match this `regexp` (e.g. '^(material|passed)'); the rest stay fixed")
	out := fs.String("out", "-", "output `file` for the fitted weights")
	if err := fs.Parse(args); err != nil {
		return err
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
