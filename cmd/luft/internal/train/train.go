package train

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/luftchess/luft/eval/nnue"
)

// Defaults of Config.
const (
	DefaultHidden  = 256
	DefaultBuckets = 8
	// DefaultBatch suits the few million positions of a round: on round
	// 2's data (eval/nnue/nets/ROUNDS.md) 4096 positions a step reached a
	// validation loss of 0.003304 in 10 epochs where 16384, a quarter of
	// the steps, reached 0.003419.
	DefaultBatch  = 4096
	DefaultLR     = 0.001
	DefaultLambda = 1.0
	DefaultK      = 400
	// MinShards is the least number of pieces a batch is split into. The
	// pieces' gradients are summed in a fixed order, so that training is
	// bit for bit the same with any number of threads up to MinShards.
	MinShards = 8
)

// Adam's constants.
const (
	beta1   = 0.9
	beta2   = 0.999
	epsilon = 1e-8
)

// Config is a training run's configuration.
type Config struct {
	Hidden    int     // hidden neurons per perspective (ignored when resuming)
	Buckets   int     // output buckets (ignored when resuming)
	Epochs    int     // total epochs, counting those of a resumed checkpoint
	Batch     int     // positions per step
	Threads   int     // goroutines computing gradients; 0: runtime.NumCPU()
	LR        float64 // Adam's learning rate at epoch 1
	Schedule  string  // learning rate decay over the epochs: "cosine", "step" or "none"
	StepEvery int     // "step": multiply the rate by Gamma every StepEvery epochs
	Gamma     float64
	Lambda    float64 // weight of the score in the target, 1-Lambda of the result
	K         float64 // the sigmoid's scale in centipawns
	Scale     int     // a new network's Scale, the centipawns of one unit of its output (ignored when resuming)
	Mirror    bool    // train on each position or its mirror image (a <-> h), chosen at random per epoch
	Seed      uint64  // initial weights and shuffling
	OutDir    string  // where checkpoints and the quantised net go; "": nowhere
	Progress  io.Writer
	Log       io.Writer
}

// Defaults returns the default configuration.
func Defaults() Config {
	return Config{Hidden: DefaultHidden, Buckets: DefaultBuckets, Epochs: 10, Batch: DefaultBatch, LR: DefaultLR, Schedule: "cosine",
		StepEvery: 4, Gamma: 0.3, Lambda: DefaultLambda, K: DefaultK, Scale: nnue.DefaultScale, Seed: 1}
}

// Check reports a configuration error.
func (c Config) Check() error {
	switch {
	case c.Hidden < 1 || c.Hidden > nnue.MaxHidden:
		return fmt.Errorf("hidden size must be 1 to %d", nnue.MaxHidden)
	case c.Buckets < 1 || c.Buckets > nnue.MaxBuckets:
		return fmt.Errorf("output buckets must be 1 to %d", nnue.MaxBuckets)
	case c.Epochs < 1:
		return errors.New("epochs must be at least 1")
	case c.Batch < 1:
		return errors.New("batch must be at least 1")
	case c.Threads < 0:
		return errors.New("threads must be at least 0 (0: one a CPU)")
	case !(c.LR > 0):
		return errors.New("learning rate must be positive")
	case !(c.Lambda >= 0 && c.Lambda <= 1):
		return errors.New("lambda must be in [0, 1]")
	case !(c.K > 0):
		return errors.New("the sigmoid scale K must be positive")
	case c.Scale < 1 || c.Scale > nnue.MaxScale:
		return fmt.Errorf("the network's scale must be 1 to %d centipawns", nnue.MaxScale)
	case c.Schedule != "cosine" && c.Schedule != "step" && c.Schedule != "none":
		return fmt.Errorf("unknown schedule %q (cosine, step or none)", c.Schedule)
	case c.Schedule == "step" && (c.StepEvery < 1 || !(c.Gamma > 0)):
		return errors.New("step schedule needs a positive period and gamma")
	}
	return nil
}

// LRAt returns the learning rate of epoch e (from 0).
func (c *Config) LRAt(e int) float64 {
	switch c.Schedule {
	case "cosine":
		return c.LR * (1 + math.Cos(math.Pi*float64(e)/float64(c.Epochs))) / 2
	case "step":
		return c.LR * math.Pow(c.Gamma, float64(e/c.StepEvery))
	}
	return c.LR
}

// Trainer holds a network and its optimiser's state.
type Trainer struct {
	Net   *Net
	M, V  []float32 // Adam's moments, laid out like Net.P
	Step  uint64    // Adam steps taken
	Epoch int       // epochs completed

	cfg    Config
	shards []*shard
}

// StartFrom returns the state of a training that starts from the weights
// of n, at epoch 0 with a fresh optimiser, to pass to NewTrainer.
func StartFrom(n *Net) *Trainer {
	return &Trainer{Net: n, M: make([]float32, len(n.P)), V: make([]float32, len(n.P))}
}

// shard is the gradient of one piece of a batch.
type shard struct {
	grad             []float32
	touched          []bool // feature columns of grad that are not zero
	us, them, gu, gt []float32
	loss             float64
}

// NewTrainer returns a trainer of a new network, or of the checkpoint's
// when ck is not nil.
func NewTrainer(cfg Config, ck *Trainer) (*Trainer, error) {
	if cfg.Threads == 0 {
		cfg.Threads = runtime.NumCPU()
	}
	if ck != nil {
		cfg.Hidden, cfg.Buckets, cfg.Scale = ck.Net.H, ck.Net.Buckets, ck.Net.Scale
	}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	t := ck
	if t == nil {
		t = StartFrom(NewNet(cfg.Hidden, cfg.Buckets, cfg.Seed))
		t.Net.Scale = cfg.Scale
	}
	t.cfg = cfg
	h := t.Net.H
	t.shards = make([]*shard, max(MinShards, cfg.Threads))
	for i := range t.shards {
		t.shards[i] = &shard{grad: make([]float32, len(t.Net.P)), touched: make([]bool, Inputs),
			us: make([]float32, h), them: make([]float32, h), gu: make([]float32, h), gt: make([]float32, h)}
	}
	return t, nil
}

// parallel calls f(i) for i in [0, n) on the configured number of
// goroutines.
func (t *Trainer) parallel(n int, f func(i int)) {
	workers := min(t.cfg.Threads, n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}

// pieces returns the bounds of piece i of n of a slice of length l.
func pieces(l, n, i int) (int, int) { return l * i / n, l * (i + 1) / n }

// gradient adds to sh the gradient of the mean loss over the batch (of
// size total) of the samples idx, and its summed loss.
func (t *Trainer) gradient(sh *shard, data []Sample, idx []int32, total int) {
	n := t.Net
	h := n.H
	g := sh.grad
	gw := g[:Inputs*h]
	gb := g[Inputs*h : (Inputs+1)*h]
	gO := g[(Inputs+1)*h : (Inputs+1+2*n.Buckets)*h]
	us, them, gu, gt := sh.us, sh.them, sh.gu, sh.gt
	k, lambda, scale := t.cfg.K, t.cfg.Lambda, float64(n.Scale)
	inv := 1 / float64(total)
	var dob [nnue.MaxBuckets]float64
	for _, j := range idx {
		s := &data[j]
		mirror := t.mirror(j)
		out := n.forward(s, us, them, mirror)
		p := sigmoid(float64(out) * scale / k)
		d := p - s.target(lambda, k)
		sh.loss += d * d
		gs := float32(2 * d * p * (1 - p) * scale / k * inv) // dLoss/dout
		b := n.bucket(s)
		dob[b] += float64(gs)
		o, gob := n.O()[2*h*b:2*h*(b+1)], gO[2*h*b:2*h*(b+1)]
		ou, ot, gou, got := o[:h], o[h:], gob[:h], gob[h:]
		gou, got, gu, gt = gou[:len(us)], got[:len(us)], gu[:len(us)], gt[:len(us)]
		them, gb, ou, ot = them[:len(us)], gb[:len(us)], ou[:len(us)], ot[:len(us)]
		for i, x := range us {
			var du, dt float32
			if x > 0 {
				if x < 1 {
					gou[i] += gs * x * x
					du = gs * ou[i] * 2 * x
				} else {
					gou[i] += gs
				}
			}
			if y := them[i]; y > 0 {
				if y < 1 {
					got[i] += gs * y * y
					dt = gs * ot[i] * 2 * y
				} else {
					got[i] += gs
				}
			}
			gu[i], gt[i] = du, dt
			gb[i] += du + dt
		}
		for _, f := range s.F[:s.N] {
			f ^= mirror
			add(gw[int(f)*h:int(f)*h+h], gu)
			sh.touched[f] = true
			f = flip(f)
			add(gw[int(f)*h:int(f)*h+h], gt)
			sh.touched[f] = true
		}
	}
	for b, d := range dob[:n.Buckets] {
		g[len(g)-n.Buckets+b] += float32(d)
	}
}

// mirror returns the mask that mirrors training sample j in the current
// epoch (MirrorFiles or 0), drawn from the seed, the epoch and j so that
// it does not depend on the threads; 0 unless Config.Mirror is set.
// Mirroring the files keeps a position's value (castling rights, which
// the inputs do not see, aside), so it doubles the distinct positions the
// network learns from.
func (t *Trainer) mirror(j int32) uint16 {
	if !t.cfg.Mirror {
		return 0
	}
	x := t.cfg.Seed ^ uint64(t.Epoch)<<32 ^ uint64(uint32(j))
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return uint16(x&1) * MirrorFiles
}

// TrainBatch takes one optimiser step on the samples idx of data at
// learning rate lr and returns their summed loss.
func (t *Trainer) TrainBatch(data []Sample, idx []int32, lr float64) float64 {
	ns := len(t.shards)
	t.parallel(ns, func(i int) {
		lo, hi := pieces(len(idx), ns, i)
		t.gradient(t.shards[i], data, idx[lo:hi], len(idx))
	})
	// Sum into shard 0 in shard order, touching only the feature
	// columns some shard touched, then zero the others.
	h := t.Net.H
	s0 := t.shards[0]
	loss := s0.loss
	s0.loss = 0
	for _, sh := range t.shards[1:] {
		loss += sh.loss
		sh.loss = 0
	}
	t.parallel(t.cfg.Threads, func(w int) {
		lo, hi := pieces(Inputs+1, t.cfg.Threads, w) // Inputs: the dense tail
		for f := lo; f < hi; f++ {
			if f == Inputs {
				tail := s0.grad[Inputs*h:]
				for _, sh := range t.shards[1:] {
					st := sh.grad[Inputs*h:]
					st = st[:len(tail)]
					for i := range tail {
						tail[i] += st[i]
						st[i] = 0
					}
				}
				continue
			}
			dst := s0.grad[f*h : f*h+h]
			for _, sh := range t.shards[1:] {
				if !sh.touched[f] {
					continue
				}
				src := sh.grad[f*h : f*h+h]
				src = src[:len(dst)]
				for i := range dst {
					dst[i] += src[i]
					src[i] = 0
				}
				sh.touched[f] = false
				s0.touched[f] = true
			}
		}
	})
	t.adam(lr)
	return loss
}

// adam takes a dense Adam step with the gradient in shard 0, clips the
// weights (all but the output biases, the last Buckets parameters) and
// zeroes the gradient.
func (t *Trainer) adam(lr float64) {
	t.Step++
	step := float32(lr * math.Sqrt(1-math.Pow(beta2, float64(t.Step))) / (1 - math.Pow(beta1, float64(t.Step))))
	s0 := t.shards[0]
	p, m, v, g := t.Net.P, t.M, t.V, s0.grad
	biases := len(p) - t.Net.Buckets
	t.parallel(t.cfg.Threads, func(w int) {
		lo, hi := pieces(len(p), t.cfg.Threads, w)
		pp, mm, vv, gg := p[lo:hi], m[lo:hi], v[lo:hi], g[lo:hi]
		mm, vv, gg = mm[:len(pp)], vv[:len(pp)], gg[:len(pp)]
		for i := range pp {
			gi := gg[i]
			mi := beta1*mm[i] + (1-beta1)*gi
			vi := beta2*vv[i] + (1-beta2)*gi*gi
			mm[i], vv[i] = mi, vi
			x := pp[i] - step*mi/(float32(math.Sqrt(float64(vi)))+epsilon)
			if lo+i < biases {
				x = min(max(x, -Clip), Clip)
			}
			pp[i] = x
			gg[i] = 0
		}
	})
	for f := range s0.touched {
		s0.touched[f] = false
	}
}

// Loss returns the mean loss of the network over data, NaN for none.
func (t *Trainer) Loss(data []Sample) float64 {
	if len(data) == 0 {
		return math.NaN()
	}
	ns := len(t.shards)
	t.parallel(ns, func(i int) {
		sh := t.shards[i]
		lo, hi := pieces(len(data), ns, i)
		for j := lo; j < hi; j++ {
			s := &data[j]
			p := sigmoid(float64(t.Net.forward(s, sh.us, sh.them, 0)) * float64(t.Net.Scale) / t.cfg.K)
			d := p - s.target(t.cfg.Lambda, t.cfg.K)
			sh.loss += d * d
		}
	})
	var loss float64
	for _, sh := range t.shards {
		loss += sh.loss
		sh.loss = 0
	}
	return loss / float64(len(data))
}

// EpochStats is what one epoch measured.
type EpochStats struct {
	Epoch              int // from 1
	LR                 float64
	TrainLoss, ValLoss float64
	Elapsed            time.Duration
	PerSecond          float64 // training positions per second
}

func (e EpochStats) String() string {
	val := "-"
	if !math.IsNaN(e.ValLoss) {
		val = fmt.Sprintf("%.6f", e.ValLoss)
	}
	return fmt.Sprintf("epoch %d  lr %.6f  train loss %.6f  val loss %s  %.0f pos/s  %s",
		e.Epoch, e.LR, e.TrainLoss, val, e.PerSecond, e.Elapsed.Round(10*time.Millisecond))
}

// RunEpoch trains one epoch over trainSet, shuffled by the seed and the
// epoch's number, then measures the loss over valSet.
func (t *Trainer) RunEpoch(trainSet, valSet []Sample) EpochStats {
	e := t.Epoch
	lr := t.cfg.LRAt(e)
	perm := make([]int32, len(trainSet))
	for i := range perm {
		perm[i] = int32(i)
	}
	rng := rand.New(rand.NewPCG(t.cfg.Seed, uint64(e)+1))
	rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	start := time.Now()
	var loss float64
	var drawn time.Time
	for lo := 0; lo < len(perm); lo += t.cfg.Batch {
		hi := min(lo+t.cfg.Batch, len(perm))
		loss += t.TrainBatch(trainSet, perm[lo:hi], lr)
		if t.cfg.Progress != nil && (time.Since(drawn) > 250*time.Millisecond || hi == len(perm)) {
			drawn = time.Now()
			t.progress(hi, len(perm), start)
		}
	}
	el := time.Since(start)
	t.Epoch++
	if t.cfg.Progress != nil {
		fmt.Fprint(t.cfg.Progress, "\r\033[K")
	}
	return EpochStats{Epoch: t.Epoch, LR: lr, TrainLoss: loss / float64(max(len(perm), 1)),
		ValLoss: t.Loss(valSet), Elapsed: el, PerSecond: float64(len(perm)) / max(el.Seconds(), 1e-9)}
}

// progress draws the bar of the current epoch.
func (t *Trainer) progress(done, total int, start time.Time) {
	const width = 30
	frac := float64(done) / float64(max(total, 1))
	el := time.Since(start).Seconds()
	rate := float64(done) / max(el, 1e-9)
	left := float64(total-done) / max(rate, 1e-9)
	// The run: the epochs after this one at this one's speed.
	runLeft := left + float64(t.cfg.Epochs-t.Epoch-1)*float64(total)/max(rate, 1e-9)
	bar := strings.Repeat("=", int(frac*width)) + strings.Repeat(" ", width-int(frac*width))
	fmt.Fprintf(t.cfg.Progress, "\repoch %d/%d [%s] %3.0f%% %d/%d  %.0f pos/s  epoch left %s  run left %s\033[K",
		t.Epoch+1, t.cfg.Epochs, bar, 100*frac, done, total, rate,
		dur(left), dur(runLeft))
}

func dur(s float64) time.Duration { return time.Duration(s * float64(time.Second)).Round(time.Second) }

// Run trains from t.Epoch to cfg.Epochs, writing after each epoch
// OutDir/epoch-N.ckpt and OutDir/net.nnue when OutDir is set, and
// returns each epoch's stats.
func (t *Trainer) Run(trainSet, valSet []Sample) ([]EpochStats, error) {
	if len(trainSet) == 0 {
		return nil, errors.New("no training positions")
	}
	if t.cfg.Log != nil {
		fmt.Fprintf(t.cfg.Log, "training (768 -> %d) x 2 -> 1, %d output buckets, on %d positions, validating on %d; epochs %d-%d, batch %d, %d threads\n",
			t.Net.H, t.Net.Buckets, len(trainSet), len(valSet), t.Epoch+1, t.cfg.Epochs, t.cfg.Batch, t.cfg.Threads)
		if len(valSet) > 0 {
			// Where training starts from: the network given by -init or -resume is
			// measured on the same validation set as the epochs that follow.
			fmt.Fprintf(t.cfg.Log, "before epoch %d  val loss %.6f\n", t.Epoch+1, t.Loss(valSet))
		}
	}
	var stats []EpochStats
	for t.Epoch < t.cfg.Epochs {
		st := t.RunEpoch(trainSet, valSet)
		stats = append(stats, st)
		if t.cfg.Log != nil {
			fmt.Fprintln(t.cfg.Log, st)
		}
		if t.cfg.OutDir != "" {
			if err := writeFileAtomic(filepath.Join(t.cfg.OutDir, fmt.Sprintf("epoch-%d.ckpt", t.Epoch)), t.WriteCheckpoint); err != nil {
				return stats, err
			}
			if err := writeFileAtomic(filepath.Join(t.cfg.OutDir, "net.nnue"), t.Net.WriteQuantized); err != nil {
				return stats, err
			}
		}
	}
	return stats, nil
}

// writeFileAtomic writes name through a temporary file and a rename.
func writeFileAtomic(name string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-"+filepath.Base(name))
	if err != nil {
		return err
	}
	err = f.Chmod(0o644)
	if err == nil {
		err = write(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
