package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/epd"
)

const datagenUsage = `usage: luft datagen (-games N | -positions N) -out FILE [options]

Plays Luft against itself at a fixed node budget per move and writes the
positions with the search score and the game's result, in the binary
format of cmd/luft/internal/datagen (doc.go), for training an NNUE.
Positions in check, with a capture or promotion as best move, or with a
mate score are left out. With -threads 1 a seed gives the same file. The
games evaluate as the engine does by default; -nnue=false or -evalfile
choose otherwise (each round of training data comes from the best network
so far).

options:
`

// runDatagen is the datagen subcommand.
func runDatagen(args []string) int {
	cfg, out, openings, err := datagenConfig(args)
	if errors.Is(err, flag.ErrHelp) {
		return 0 // parseFlags wrote the help
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft datagen: %v\n", err)
		return 2
	}
	if cfg.Openings, err = readOpenings(openings); err != nil {
		fmt.Fprintf(os.Stderr, "luft datagen: %v\n", err)
		return 1
	}
	f, err := os.Create(out)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft datagen: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	w := datagen.NewWriter(f)
	st, err := datagen.Run(ctx, cfg, w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintln(os.Stderr, st.Summary())
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(os.Stderr, "luft datagen: interrupted; %s holds %d complete records\n", out, st.Written)
		return 130
	case err != nil:
		fmt.Fprintf(os.Stderr, "luft datagen: %v\n", err)
		return 1
	}
	return 0
}

// datagenConfig parses the datagen flags into a configuration and the
// output and openings file names.
func datagenConfig(args []string) (cfg datagen.Config, out, openings string, err error) {
	fs := flag.NewFlagSet("luft datagen", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), datagenUsage)
		fs.PrintDefaults()
	}
	fs.IntVar(&cfg.Games, "games", 0, "stop after `N` games")
	fs.IntVar(&cfg.Positions, "positions", 0, "stop after writing `N` positions")
	fs.Uint64Var(&cfg.Nodes, "nodes", datagen.DefaultNodes, "search `N` nodes per move")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "play `T` games in parallel, each on one thread")
	fs.IntVar(&cfg.HashMB, "hash", datagen.DefaultHashMB, "hash of each game's engine in `MiB`")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "`seed` of the random choices")
	fs.StringVar(&openings, "openings", "", "EPD `file` of openings, one drawn per game (default: the start position)")
	fs.IntVar(&cfg.RandomPlies, "random-plies", 8, "play `K` random legal moves from the opening")
	fs.Float64Var(&cfg.Keep, "keep", 1, "keep this `fraction` of the positions that pass the filters")
	fs.IntVar(&cfg.MaxPlies, "max-plies", datagen.DefaultMaxPlies, "adjudicate a draw after `N` searched plies")
	fs.StringVar(&out, "out", "", "output `file`")
	evalf := addEvalFlags(fs)
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return cfg, "", "", err
	}
	if cfg.Net, err = evalf.network(); err != nil {
		return cfg, "", "", err
	}
	switch {
	case fs.NArg() > 0:
		return cfg, "", "", fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case out == "":
		return cfg, "", "", errors.New("-out FILE is required")
	case cfg.Games < 0 || cfg.Positions < 0:
		return cfg, "", "", errors.New("-games and -positions must be at least 0")
	case cfg.Games == 0 && cfg.Positions == 0:
		return cfg, "", "", errors.New("give -games N or -positions N")
	case cfg.Nodes == 0:
		return cfg, "", "", errors.New("-nodes must be at least 1")
	case cfg.Threads < 1:
		return cfg, "", "", errors.New("-threads must be at least 1")
	case cfg.HashMB < 1:
		return cfg, "", "", errors.New("-hash must be at least 1")
	case cfg.RandomPlies < 0:
		return cfg, "", "", errors.New("-random-plies must be at least 0")
	case !(cfg.Keep > 0 && cfg.Keep <= 1):
		return cfg, "", "", errors.New("-keep must be in (0, 1]")
	case cfg.MaxPlies < 1:
		return cfg, "", "", errors.New("-max-plies must be at least 1")
	}
	cfg.Progress = os.Stderr
	return cfg, out, openings, nil
}

// readOpenings returns the FENs of the EPD file name, none for "".
func readOpenings(name string) ([]string, error) {
	if name == "" {
		return nil, nil
	}
	recs, err := epd.ReadFile(name)
	if err != nil {
		return nil, err
	}
	fens := make([]string, 0, len(recs))
	for _, r := range recs {
		if _, err := board.ParseFEN(r.FEN); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, r.Line, err)
		}
		fens = append(fens, r.FEN)
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return fens, nil
}
