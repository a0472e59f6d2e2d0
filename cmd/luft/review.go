package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/review"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/game/pgn"
)

const reviewUsage = `usage: luft review [options] [FILE]

Reviews the games of the PGN file FILE (standard input when FILE is
absent or -), standard chess and Chess960 ([Variant "Chess960"] or
"fischerandom", with a [FEN] tag), and writes them to standard output as
PGN annotated the way lichess's computer analysis is:

  - after each move its evaluation, from White's point of view, in the
    comment as [%eval 0.35] (pawns) or [%eval #-3] (Black mates in 3),
    in the place of an earlier [%eval]; the rest of the comment stays:
    lichess's [%clk] clocks, other commands, words;
  - a move that lost winning chances marked ?! (inaccuracy), ? (mistake)
    or ?? (blunder), its comment naming the better move and a variation
    giving the better line;
  - the tags WhiteAccuracy, BlackAccuracy (percent) and WhiteInaccuracies,
    WhiteMistakes, WhiteBlunders and Black's likewise.

Every position is searched within the budget (-nodes, or -movetime when
given), on one thread unless -threads says otherwise. On one thread with
-nodes a review repeats: the same game, budget and options give the same
output, byte for byte. More threads, or -movetime, make it vary from run
to run.

A side's winning chances (win%) at a score of cp centipawns for it are
50 + 50*(2/(1+exp(-0.00368208*cp)) - 1), with cp clamped to ±1000 and a
forced mate counting as 1000. A move that lowers its side's win% by 5,
10 or 15 points (0.1, 0.2, 0.3 on lichess's winning-chances scale of -1 to
1) is an inaccuracy, a mistake or a blunder; a move that walks into a
forced mate, or lets one go, is judged by the score on the other side of
it instead (beyond 9.99 pawns an inaccuracy, beyond 7 a mistake, else a
blunder). Every move is judged so, the search's own choice too: when
that one loses a judgement's worth, its position is searched again
without it, and the evaluation before it becomes the better of its own
and the best other move's, which is named as the better move; if the
other move is no better, the move is not marked. A move's accuracy is
103.1668*exp(-0.04354*(winBefore-winAfter)) - 3.1669 + 1, clamped to
[0, 100] (100 when win% did not fall; the 1 is lichess's allowance for
the imprecision of the analysis). A player's accuracy is the mean of the
harmonic mean of their moves' accuracies and their mean weighted by the
game's volatility around each move (the standard deviation of win% over a
window of a tenth of the game, 2 to 8 moves, clamped to [0.5, 12]), as
lichess computes it.

A progress bar goes to standard error. A game that cannot be read or
replayed is reported by its number and move and left out; the others go
on, and the exit status is 1.

options:
`

// reviewRun is a review command line.
type reviewRun struct {
	lim     engine.Limits
	opts    engine.Options
	eval    *evalFlags
	file    string
	stderr  io.Writer
	showBar bool
}

// runReview is the review subcommand.
func runReview(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return reviewMain(ctx, args, os.Stdin, os.Stdout, os.Stderr)
}

// reviewMain runs luft review with args, reading standard input from
// stdin, and returns the exit code.
func reviewMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r, err := reviewConfig(args, stdout, stderr)
	var ferr flagError
	if errors.As(err, &ferr) {
		return flagStatus(ferr.err) // parseFlags wrote the help or complaint
	}
	if err != nil {
		fmt.Fprintf(stderr, "luft review: %v\n", err)
		return 2
	}
	in := stdin
	if r.file != "-" && r.file != "" {
		f, err := os.Open(r.file)
		if err != nil {
			fmt.Fprintf(stderr, "luft review: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	bad, err := r.reviewAll(ctx, in, stdout)
	switch {
	case errors.Is(err, context.Canceled):
		return 130
	case err != nil:
		fmt.Fprintf(stderr, "luft review: %v\n", err)
		return 1
	case bad > 0:
		return 1
	}
	return 0
}

// reviewConfig parses the command line.
func reviewConfig(args []string, stdout, stderr io.Writer) (*reviewRun, error) {
	fs := newFlagSet("review", reviewUsage)
	fs.SetOutput(stderr)
	r := &reviewRun{stderr: stderr, showBar: true}
	nodes := fs.Uint64("nodes", review.DefaultNodes, "search each position for `n` nodes")
	movetime := fs.Duration("movetime", 0, "search each position for this long instead of -nodes (e.g. 500ms); the review then varies from run to run")
	fs.IntVar(&r.opts.Threads, "threads", review.DefaultThreads, "search threads; more than 1 makes the review vary from run to run")
	fs.IntVar(&r.opts.HashMB, "hash", engine.DefaultHashMB, "transposition table size in MiB")
	r.eval = addEvalFlags(fs)
	if err := parseFlags(fs, args, stdout); err != nil {
		return nil, flagError{err}
	}
	if fs.NArg() > 1 {
		return nil, fmt.Errorf("one PGN file at most, got %q", fs.Args())
	}
	r.file = fs.Arg(0)
	resources := cmp.Or(checkThreads(r.opts.Threads), checkEngines(1, r.opts.HashMB, r.opts.Threads))
	switch {
	case *movetime < 0:
		return nil, errors.New("-movetime must not be negative")
	case resources != nil:
		return nil, resources
	case *movetime > 0:
		r.lim.MoveTime = *movetime
	case *nodes == 0:
		return nil, errors.New("-nodes must be positive")
	default:
		r.lim.Nodes = *nodes
	}
	net, err := r.eval.network()
	if err != nil {
		return nil, err
	}
	r.opts.Net = net
	return r, nil
}

// reviewAll reviews every game of in and writes it to out. It returns the
// number of games it left out, and an error that ends the run: a failed
// read or write, or ctx's.
func (r *reviewRun) reviewAll(ctx context.Context, in io.Reader, out io.Writer) (bad int, err error) {
	e := engine.New(r.opts)
	n := 0
	pr := pgn.NewReader(in)
	for g, err := range pr.Games() {
		n++
		var rv *review.Game
		if err == nil {
			rv, err = review.Review(ctx, e, g, r.lim, r.progress(n))
		}
		if ctx.Err() != nil {
			return bad, ctx.Err()
		}
		if err != nil {
			fmt.Fprintf(r.stderr, "luft review: game %d: %v\n", n, err)
			bad++
			continue
		}
		review.Annotate(g, rv, r.annotator())
		if _, err := g.WriteTo(out); err != nil {
			return bad, err
		}
	}
	return bad, pr.Err()
}

// annotator returns the value of the Annotator tag: Luft, its version and
// the budget, with the threads when more than one.
func (r *reviewRun) annotator() string {
	budget := fmt.Sprintf("%d nodes", r.lim.Nodes)
	if r.lim.MoveTime > 0 {
		budget = r.lim.MoveTime.String()
	}
	if r.opts.Threads > 1 {
		budget += fmt.Sprintf(" on %d threads", r.opts.Threads)
	}
	return fmt.Sprintf("Luft %s, %s a position", version, budget)
}

// progress returns the progress callback of game n: a bar on standard
// error, redrawn in place, ended with a newline once the game is done.
func (r *reviewRun) progress(n int) func(done, total int) {
	start := time.Now()
	return func(done, total int) {
		const width = 30
		k := done * width / total
		fmt.Fprintf(r.stderr, "\rgame %d [%s%s] %d/%d positions %s", n,
			strings.Repeat("#", k), strings.Repeat(".", width-k), done, total,
			time.Since(start).Round(time.Second))
		if done == total {
			fmt.Fprintln(r.stderr)
		}
	}
}
