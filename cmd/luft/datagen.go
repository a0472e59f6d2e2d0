package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/game/openings"
)

const datagenUsage = `usage: luft datagen (-games N | -positions N) [-out FILE] [options]
       luft datagen -from-pgn [-out FILE] [-store DIR] FILE...
       luft datagen -list [-verify] [-store DIR] [-bank DIR,...]
       luft datagen -export DIR [-store DIR]

Plays Luft against itself at a fixed node budget per move and writes the
positions with the search score and the game's result, in the binary
format of cmd/luft/internal/trainingdata (doc.go), for training an NNUE.
Positions in check, with a capture or promotion as best move, or with a
mate score are left out. With -threads 1 a seed gives the same file. The
games evaluate as the engine does by default; -nnue=false or -evalfile
choose otherwise (each round of training data comes from the best network
so far).

Without -out, each run adds a file to the data store (-store; by default
$LUFT_DATA, else $XDG_DATA_HOME/luft/data, else ~/.local/share/luft/data)
and lists it in the store's manifest.jsonl with its seed, network, node
budget, openings, games, positions and checksum. Ctrl-C or SIGTERM stops
a run cleanly; a killed run keeps its complete games, and the next run
lists them.

-list shows the data store and the banks: stores in the same format kept
off the machine, read-only, whose files may be compressed with zstd
(.bin.zst, read as a stream; the manifest gives the positions and sha256
of the data uncompressed). The banks are those of -bank, by default
$LUFT_BANK (comma-separated), else ../shared/data/selfplay when it exists.
Each store's files are listed, with "? games" for a run that is killed
or still going, whose games are not counted, and "N+ positions" for one
still going, whose file holds N complete records so far; then what the
store holds, and the total of all (a file two stores hold, by its
checksum, counted once). -verify checks each finished file against its
manifest's positions and sha256. Only the local store is ever written:
killed runs are settled there, never in a bank. -export DIR puts the
data store's finished files that the store in DIR lacks (by checksum)
there, compressed, with their manifest lines: how files go to a bank.

-from-pgn converts games instead: the PGN files (plain or bzip2, as
OpenBench's DATAGEN workloads return them) of cutechess-cli, fastchess or
luft match, with each move's evaluation in its comment ("+0.35/12 0.120s"),
become records of the positions before the scored moves, the move played
as the best move, by the same filters. A game that cannot be read or
replayed, or has no result, is reported by its number and left out.

options:
`

// datagenRun is a datagen command line: what to generate and where.
type datagenRun struct {
	cfg      datagen.Config
	out      string // a file outside the store; "" for the store
	store    string
	banks    *bankFlag
	openings string
	net      string // the evaluation's name, for the manifest
	list     bool
	export   string // a directory to export the store's files to
	verify   bool
	fromPGN  []string // PGN files to convert instead of playing games
}

// runDatagen is the datagen subcommand.
func runDatagen(args []string) int {
	r, err := datagenConfig(args)
	if errors.Is(err, flag.ErrHelp) {
		return 0 // parseFlags wrote the help
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft datagen: %v\n", err)
		return 2
	}
	if err := r.run(args); err != nil {
		if errors.Is(err, context.Canceled) {
			return 130
		}
		fmt.Fprintf(os.Stderr, "luft datagen: %v\n", err)
		return 1
	}
	return 0
}

// run generates the data, into the store or -out, or lists the store.
func (r *datagenRun) run(args []string) error {
	if err := r.readInputs(); err != nil {
		return err // before the store is touched: no entry for a run that cannot start
	}
	var store *datagen.Store
	if r.out == "" || r.list || r.export != "" {
		var err error
		if store, err = openStore(r.store); err != nil {
			return err
		}
		if r.export != "" {
			return export(store, r.export)
		}
		if r.list {
			banks, err := r.banks.open()
			if err != nil {
				return err
			}
			return listStores(append([]*datagen.Store{store}, banks...), r.verify)
		}
		if sum, err := store.Summary(); err == nil {
			fmt.Fprintln(os.Stderr, sum)
		}
	}
	write := r.generate
	if r.fromPGN != nil {
		write = r.convert
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if store == nil {
		return r.toFile(ctx, write)
	}
	return r.toStore(ctx, store, args, write)
}

// export puts the files of store that the store in dir lacks there,
// compressed.
func export(store *datagen.Store, dir string) error {
	added, err := store.Export(dir)
	for _, e := range added {
		fmt.Fprintf(os.Stderr, "%s: %d positions\n", filepath.Join(dir, e.File), e.Positions)
	}
	if err == nil {
		fmt.Fprintf(os.Stderr, "exported %d files to %s\n", len(added), dir)
	}
	return err
}

// readInputs reads the openings of a run that plays games, and checks
// that the PGN files of one that converts them are there to read.
func (r *datagenRun) readInputs() error {
	if r.list || r.export != "" {
		return nil
	}
	for _, name := range r.fromPGN {
		fi, err := os.Stat(name)
		if err != nil {
			return err
		}
		if fi.IsDir() {
			return fmt.Errorf("%s is a directory, not a PGN file", name)
		}
	}
	var err error
	if r.fromPGN == nil {
		r.cfg.Openings, err = readOpenings(r.openings)
	}
	return err
}

// writeFunc writes training data into f and closes it, and returns the
// games and positions it wrote.
type writeFunc func(ctx context.Context, f *os.File) (games, positions int, err error)

// generate is the writeFunc of self-play.
func (r *datagenRun) generate(ctx context.Context, f *os.File) (games, positions int, err error) {
	st, err := generate(ctx, r.cfg, f)
	return st.Games, st.Written, err
}

// toFile writes into the file r.out.
func (r *datagenRun) toFile(ctx context.Context, write writeFunc) error {
	f, err := os.Create(r.out)
	if err != nil {
		return err
	}
	_, n, err := write(ctx, f)
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(os.Stderr, "luft datagen: interrupted; %s holds %d complete records\n", r.out, n)
	}
	return err
}

// toStore writes into a new file of store and lists it there.
func (r *datagenRun) toStore(ctx context.Context, store *datagen.Store, args []string, write writeFunc) error {
	e := datagen.Entry{Luft: version, Command: strings.Join(append([]string{"luft", "datagen"}, args...), " "),
		Net: r.net, Nodes: r.cfg.Nodes, Seed: r.cfg.Seed, Openings: r.openings,
		RandomPlies: r.cfg.RandomPlies, Chess960: r.cfg.Chess960}
	if r.cfg.Net != nil {
		e.Scale = r.cfg.Net.Scale
	}
	if r.fromPGN != nil {
		e = datagen.Entry{Luft: version, Command: e.Command, Net: datagen.FromPGN, Openings: strings.Join(r.fromPGN, " ")}
	}
	f, err := store.Create(&e)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "writing %s\n", f.Name())
	games, _, err := write(ctx, f)
	status := datagen.Complete
	switch {
	case errors.Is(err, context.Canceled):
		status = datagen.Interrupted
	case err != nil:
		return err // the entry stays Running until a later run settles it
	}
	if ferr := store.Finish(&e, status, games); ferr != nil {
		return ferr
	}
	fmt.Fprintf(os.Stderr, "%s: %s, %d positions\n", e.File, status, e.Positions)
	if sum, serr := store.Summary(); serr == nil {
		fmt.Fprintln(os.Stderr, sum)
	}
	return err
}

// generate runs the generation into f and closes it, printing the
// summary.
func generate(ctx context.Context, cfg datagen.Config, f *os.File) (datagen.Stats, error) {
	w := trainingdata.NewWriter(f)
	st, err := datagen.Run(ctx, cfg, w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintln(os.Stderr, st.Summary())
	return st, err
}

// datagenConfig parses the datagen flags.
func datagenConfig(args []string) (*datagenRun, error) {
	r := &datagenRun{}
	cfg := &r.cfg
	fs := newFlagSet("datagen", datagenUsage)
	fs.IntVar(&cfg.Games, "games", 0, "stop after `N` games")
	fs.IntVar(&cfg.Positions, "positions", 0, "stop after writing `N` positions")
	fs.Uint64Var(&cfg.Nodes, "nodes", datagen.DefaultNodes, "search `N` nodes per move")
	fs.IntVar(&cfg.Threads, "threads", min(runtime.NumCPU(), engine.MaxThreads), "play `T` games in parallel, each on one thread")
	fs.IntVar(&cfg.HashMB, "hash", datagen.DefaultHashMB, "hash of each game's engine in `MiB`")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "`seed` of the random choices")
	fs.StringVar(&r.openings, "openings", "", "EPD `file` of openings, one drawn per game (default: the start position)")
	fs.Float64Var(&cfg.Chess960, "chess960", 0.1, "start this `fraction` of the games from Chess960 start positions")
	fs.IntVar(&cfg.RandomPlies, "random-plies", 8, "play `K` random legal moves from the opening")
	fs.Float64Var(&cfg.Keep, "keep", 1, "keep this `fraction` of the positions that pass the filters")
	fs.IntVar(&cfg.MaxPlies, "max-plies", datagen.DefaultMaxPlies, "adjudicate a draw after `N` searched plies")
	fs.StringVar(&r.out, "out", "", "write to `file` instead of the data store")
	fs.StringVar(&r.store, "store", "", "the data store's `directory` (default: see above)")
	r.banks = addBankFlag(fs)
	fs.BoolVar(&r.list, "list", false, "list the files of the data store and the banks (see above)")
	fs.BoolVar(&r.verify, "verify", false, "with -list: check each file against its manifest's sha256")
	fs.StringVar(&r.export, "export", "", "put the data store's finished files that the store in `dir` lacks there, compressed (see above)")
	fromPGN := fs.Bool("from-pgn", false, "convert the PGN `files` given as arguments (plain or .bz2) instead of playing games")
	evalf := addEvalFlags(fs)
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return nil, err
	}
	var err error
	if cfg.Net, err = evalf.network(); err != nil {
		return nil, err
	}
	r.net = evalf.name()
	if *fromPGN && !r.list {
		if fs.NArg() == 0 {
			return nil, errors.New("-from-pgn: give the PGN files")
		}
		r.fromPGN = fs.Args()
		return r, nil
	}
	if err := checkArgs(fs, 0); err != nil {
		return nil, err
	}
	if r.list || r.export != "" {
		return r, nil
	}
	if err := checkDatagen(cfg); err != nil {
		return nil, err
	}
	cfg.Progress = os.Stderr
	return r, nil
}

// checkDatagen refuses a configuration that cannot run.
func checkDatagen(cfg *datagen.Config) error {
	resources := cmp.Or(checkThreads(cfg.Threads), checkEngines(cfg.Threads, cfg.HashMB, 1))
	switch {
	case cfg.Games < 0 || cfg.Positions < 0:
		return errors.New("-games and -positions must be at least 0")
	case cfg.Games == 0 && cfg.Positions == 0:
		return errors.New("give -games N or -positions N")
	case cfg.Nodes == 0:
		return errors.New("-nodes must be at least 1")
	case resources != nil:
		return resources
	case cfg.RandomPlies < 0:
		return errors.New("-random-plies must be at least 0")
	case !(cfg.Keep > 0 && cfg.Keep <= 1):
		return errors.New("-keep must be in (0, 1]")
	case !(cfg.Chess960 >= 0 && cfg.Chess960 <= 1):
		return errors.New("-chess960 must be in [0, 1]")
	case cfg.MaxPlies < 1:
		return errors.New("-max-plies must be at least 1")
	}
	return nil
}

// readOpenings returns the starts of the EPD file name, none for "", read
// by openings.ReadBook: by the rules of standard chess, or Chess960's for
// a position whose castling rights only Chess960 allows.
func readOpenings(name string) ([]openings.Start, error) {
	if name == "" {
		return nil, nil
	}
	book, err := openings.ReadBook(name, false)
	if err != nil {
		return nil, err
	}
	if len(book) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return book, nil
}
