package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/cmd/luft/internal/train"
	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
)

const trainUsage = `usage: luft train -out DIR [options] [-store] [-bank DIR,...] [FILE...]

Trains Luft's NNUE, (768 -> H) x 2 -> 1 with SCReLU, on the files of luft
datagen (cmd/luft/internal/trainingdata; a name ending in .zst is read
through zstd as a stream): Adam on the mean squared error between
sigmoid(eval/K) and lambda*sigmoid(score/K) + (1-lambda)*result. The last
-val fraction of the positions (of the files in order) is held out for
validation.

-store trains on every finished file of the data store of luft datagen
($LUFT_DATA, else $XDG_DATA_HOME/luft/data, else ~/.local/share/luft/data)
and of the banks, the read-only stores kept off the machine (-bank; by
default $LUFT_BANK, comma-separated, else ../shared/data/selfplay when it
exists), before the FILEs. -bank without -store reads the banks alone.
The stores' files are read oldest first by the time their runs started,
whichever store holds them, so that the newest games are held out; a
file that two stores hold (the same sha256) is read once. The log says
how many positions each store gave, trained on and held out.

A network's scale is the centipawns of one unit of its output; eval is
its output times its scale. A new network has -scale's, one given to
-init or -resume keeps its own. The scores of a store's file are
rescaled to it from the scale of the network that searched them (its
manifest's "scale"; before manifests recorded it, 400, or 300 for
luft-r8s.nnue), so that data searched with networks of different scales
trains one network. Hand-crafted and PGN data, and the FILEs, are read
as they are.

After each epoch it writes DIR/epoch-N.ckpt, a float
checkpoint that -resume continues exactly, and DIR/net.nnue, the quantised
net; cmd/luft/internal/train/doc.go describes both formats. A progress bar
goes to standard error, a line per epoch to standard output.

options:
`

// runTrain is the train subcommand.
func runTrain(args []string) int {
	cfg, data, from, err := trainConfig(args)
	if errors.Is(err, flag.ErrHelp) {
		return 0 // parseFlags wrote the help
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft train: %v\n", err)
		return 2
	}
	ck, code, err := startingPoint(from, cfg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft train: %v\n", err)
		return code
	}
	data.scale = cfg.Scale
	if ck != nil {
		data.scale = ck.Net.Scale
	}
	if err := os.MkdirAll(cfg.OutDir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "luft train: %v\n", err)
		return 1
	}
	trainSet, valSet, err := data.load()
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft train: %v\n", err)
		return 1
	}
	t, err := train.NewTrainer(cfg, ck)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft train: %v\n", err)
		return 2
	}
	if _, err := t.Run(trainSet, valSet); err != nil {
		fmt.Fprintf(os.Stderr, "luft train: %v\n", err)
		return 1
	}
	return 0
}

// start says where a training starts: the float checkpoint to resume, or
// the quantised network whose weights to start from; neither for random
// weights.
type start struct{ resume, init string }

// startingPoint returns the training state that from names, or nil for
// random weights, checking it against cfg. On error it returns the exit
// code too: 1 for a file that cannot be read, 2 for one that does not fit
// the flags.
func startingPoint(from start, cfg train.Config) (*train.Trainer, int, error) {
	var ck *train.Trainer
	name := from.resume
	switch {
	case from.resume != "":
		f, err := os.Open(from.resume)
		if err != nil {
			return nil, 1, err
		}
		ck, err = train.ReadCheckpoint(f)
		f.Close()
		if err != nil {
			return nil, 1, fmt.Errorf("%s: %w", from.resume, err)
		}
	case from.init != "":
		q, err := engine.ReadNetwork(from.init)
		if err != nil {
			return nil, 1, err
		}
		n := train.FromQuantized(q)
		if cfg.Buckets > 1 && n.Buckets == 1 {
			n = n.Widen(cfg.Buckets) // a round may add buckets to the network it starts from
		}
		if cfg.Hidden > n.H {
			n = n.Grow(cfg.Hidden, cfg.Seed) // or hidden neurons
		}
		ck, name = train.StartFrom(n), from.init
	default:
		return nil, 0, nil
	}
	if cfg.Hidden != 0 && cfg.Hidden != ck.Net.H {
		return nil, 2, fmt.Errorf("-hidden %d, but %s has %d hidden neurons", cfg.Hidden, name, ck.Net.H)
	}
	if cfg.Buckets != 0 && cfg.Buckets != ck.Net.Buckets {
		return nil, 2, fmt.Errorf("-buckets %d, but %s has %d output buckets", cfg.Buckets, name, ck.Net.Buckets)
	}
	if cfg.Scale != 0 && cfg.Scale != ck.Net.Scale {
		return nil, 2, fmt.Errorf("-scale %d, but %s has scale %d", cfg.Scale, name, ck.Net.Scale)
	}
	if ck.Epoch >= cfg.Epochs {
		return nil, 2, fmt.Errorf("%s has %d epochs already; -epochs counts them, so raise it", name, ck.Epoch)
	}
	return ck, 0, nil
}

// dataSet says what a training reads: the files in order, the last
// fraction val of their positions held out for validation, and of the
// rest the first limit positions (0: all); their scores brought to the
// network's scale.
type dataSet struct {
	files    []dataFile
	sources  []string // where the files come from, in the order the log names them
	capacity int      // the positions expected, to allocate them at once
	val      float64
	limit    int
	scale    int       // the trained network's Scale
	log      io.Writer // where to say how many positions came from each source; nil: nowhere
}

// dataFile is a file to train on, its source (a store's name, or
// givenFiles) and the scale its scores were searched at (0: the trained
// network's, as for the files given).
type dataFile struct {
	path, source string
	scale        int
}

// givenFiles is the source of the files named on the command line.
const givenFiles = "the files given"

// addFiles appends the files given on the command line.
func (d *dataSet) addFiles(paths []string) {
	if len(paths) > 0 {
		d.sources = append(d.sources, givenFiles)
	}
	for _, p := range paths {
		d.files = append(d.files, dataFile{path: p, source: givenFiles})
		if st, err := os.Stat(p); err == nil && !strings.HasSuffix(p, trainingdata.CompressedExt) {
			d.capacity += trainingdata.Records(st.Size())
		}
	}
}

// addStores puts the finished files of stores before those added so far,
// oldest first (datagen.TrainingFiles).
func (d *dataSet) addStores(stores []*datagen.Store) error {
	files, err := datagen.TrainingFiles(stores)
	if err != nil {
		return err
	}
	var fromStores []dataFile
	for _, f := range files {
		fromStores = append(fromStores, dataFile{f.Path, f.Store.Name(), f.Entry.LabelScale()})
		d.capacity += f.Entry.Positions
	}
	d.files = append(fromStores, d.files...)
	var names []string
	for _, s := range stores {
		names = append(names, s.Name())
	}
	d.sources = append(names, d.sources...)
	if len(d.files) == 0 && len(names) > 0 {
		return fmt.Errorf("%s: no finished file", strings.Join(names, " and "))
	}
	return nil
}

// load reads the data and returns its training and validation sets.
func (d dataSet) load() (trainSet, valSet []train.Sample, err error) {
	paths := make([]string, len(d.files))
	for i, f := range d.files {
		paths[i] = f.path
	}
	all, counts, err := train.ReadFiles(make([]train.Sample, 0, d.capacity), paths)
	if err != nil {
		if i := len(counts); i < len(d.files) {
			err = fmt.Errorf("%s: %w", d.files[i].source, err)
		}
		return nil, nil, err
	}
	rescaled := d.rescale(all, counts)
	trainSet, valSet = train.Split(all, d.val)
	if d.limit > 0 && d.limit < len(trainSet) {
		trainSet = trainSet[:d.limit] // the oldest: the data as it stood when it held this many
	}
	if d.log != nil {
		d.report(counts, len(trainSet), len(all)-len(valSet))
		for _, from := range slices.Sorted(maps.Keys(rescaled)) {
			fmt.Fprintf(d.log, "rescaling the scores of %d positions from scale %d to %d\n", rescaled[from], from, d.scale)
		}
	}
	return trainSet, valSet, nil
}

// rescale brings the scores of all, read from the files in their counts,
// to the trained network's scale, and returns how many positions of each
// other scale it rescaled.
func (d dataSet) rescale(all []train.Sample, counts []int) map[int]int {
	rescaled := map[int]int{}
	at := 0
	for i, n := range counts {
		if from := d.files[i].scale; from > 0 && from != d.scale {
			train.Rescale(all[at:at+n], from, d.scale)
			rescaled[from] += n
		}
		at += n
	}
	return rescaled
}

// report says how many positions came from each source: read, trained
// on (the first trained of them all) and held out (from heldOut on),
// given the counts of each file.
func (d dataSet) report(counts []int, trained, heldOut int) {
	type tally struct{ files, read, trained, held int }
	by := map[string]*tally{}
	for _, s := range d.sources {
		by[s] = &tally{}
	}
	at := 0
	for i, f := range d.files {
		t, n := by[f.source], counts[i]
		t.files++
		t.read += n
		t.trained += max(0, min(at+n, trained)-at)
		t.held += max(0, at+n-max(at, heldOut))
		at += n
	}
	var readBy, trainedBy, heldBy []string
	for _, s := range d.sources {
		t := by[s]
		readBy = append(readBy, fmt.Sprintf("%d from %s (%d files)", t.read, s, t.files))
		if t.trained > 0 {
			trainedBy = append(trainedBy, fmt.Sprintf("%d from %s", t.trained, s))
		}
		if t.held > 0 {
			heldBy = append(heldBy, fmt.Sprintf("%d from %s", t.held, s))
		}
	}
	fmt.Fprintf(d.log, "read %d positions: %s\n", at, strings.Join(readBy, ", "))
	fmt.Fprintf(d.log, "training on %d: %s\n", trained, strings.Join(trainedBy, ", "))
	if heldOut < at {
		fmt.Fprintf(d.log, "holding out the newest %d: %s\n", at-heldOut, strings.Join(heldBy, ", "))
	}
}

// trainConfig parses the train flags into a configuration, the data to
// read and where to start.
func trainConfig(args []string) (cfg train.Config, data dataSet, from start, err error) {
	cfg = train.Defaults()
	fs := newFlagSet("train", trainUsage)
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "train until `N` epochs in all (a resumed checkpoint's included)")
	fs.IntVar(&cfg.Batch, "batch", cfg.Batch, "`positions` per optimiser step")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam's learning `rate` at the first epoch")
	fs.StringVar(&cfg.Schedule, "schedule", cfg.Schedule, "learning rate decay over the epochs: cosine, step or none")
	fs.IntVar(&cfg.StepEvery, "step-every", cfg.StepEvery, "step schedule: multiply the rate by -gamma every `N` epochs")
	fs.Float64Var(&cfg.Gamma, "gamma", cfg.Gamma, "step schedule: the rate's `factor`")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "`weight` of the score in the target; 1-lambda goes to the result")
	fs.Float64Var(&cfg.K, "k", cfg.K, "sigmoid scale `K` in centipawns")
	fs.IntVar(&cfg.Scale, "scale", cfg.Scale, "a new network's scale: the `centipawns` of one unit of its output (-init and -resume keep the network's)")
	fs.BoolVar(&cfg.Mirror, "mirror", cfg.Mirror, "train on each position or its mirror image (files a <-> h), drawn at random each epoch")
	fs.IntVar(&cfg.Hidden, "hidden", cfg.Hidden, "hidden neurons `H` per perspective (with -init: more than the network has adds neurons that start silent)")
	fs.IntVar(&cfg.Buckets, "buckets", cfg.Buckets, "`B` output buckets, chosen by the number of pieces")
	fs.IntVar(&cfg.Threads, "threads", min(runtime.NumCPU(), engine.MaxThreads), "compute gradients on `T` goroutines")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "`seed` of the initial weights and the shuffles")
	fs.Float64Var(&data.val, "val", 0.05, "hold out this last `fraction` of the positions for validation")
	fs.IntVar(&data.limit, "positions", 0, "train on the first `N` positions that are not held out (0: all), for a learning curve over one validation set")
	store := fs.Bool("store", false, "train on the files of the data store and the banks too (see above)")
	banks := addBankFlag(fs)
	fs.StringVar(&cfg.OutDir, "out", "", "write checkpoints and net.nnue to `DIR` (created if need be)")
	fs.StringVar(&from.resume, "resume", "", "continue training from float checkpoint `FILE`")
	fs.StringVar(&from.init, "init", "", "start from the weights of the quantised network `FILE` ("+nets.DefaultName+": the built-in one), with a fresh optimiser; a network of one output bucket is widened to -buckets")
	if err = parseFlags(fs, args, os.Stdout); err != nil {
		return
	}
	data.addFiles(fs.Args())
	if *store || banks.set {
		var stores []*datagen.Store
		if stores, err = trainStores(*store, banks); err != nil {
			return
		}
		if err = data.addStores(stores); err != nil {
			return
		}
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case len(data.files) == 0:
		err = errors.New("give one or more datagen files, or -store or -bank")
	case cfg.OutDir == "":
		err = errors.New("-out DIR is required")
	case checkThreads(cfg.Threads) != nil:
		err = checkThreads(cfg.Threads)
	case !(data.val >= 0 && data.val < 1):
		err = errors.New("-val must be in [0, 1)")
	case data.limit < 0:
		err = errors.New("-positions must be 0 (all) or more")
	case from.resume != "" && from.init != "":
		err = errors.New("give -resume or -init, not both")
	}
	if from.resume != "" || from.init != "" {
		// Sizes not given are taken from the checkpoint or the network.
		if !set["hidden"] {
			cfg.Hidden = 0
		}
		if !set["buckets"] {
			cfg.Buckets = 0
		}
		if !set["scale"] {
			cfg.Scale = 0
		}
	}
	if err == nil {
		c := cfg
		c.Hidden, c.Buckets = max(c.Hidden, 1), max(c.Buckets, 1) // 0: the checkpoint's
		if !set["scale"] {
			c.Scale = nnue.DefaultScale // the checkpoint's or the network's
		}
		err = c.Check()
	}
	cfg.Progress, cfg.Log, data.log = os.Stderr, os.Stdout, os.Stdout
	return
}

// trainStores returns the stores that -store and -bank name: with local
// the local data store, as it is (training only reads it; luft datagen
// settles it), and the banks.
func trainStores(local bool, banks *bankFlag) ([]*datagen.Store, error) {
	var stores []*datagen.Store
	if local {
		dir, err := localStoreDir("")
		if err != nil {
			return nil, err
		}
		stores = append(stores, &datagen.Store{Dir: dir})
	}
	b, err := banks.open()
	return append(stores, b...), err
}
