package tune

import (
	"fmt"
	"math"
	"regexp"
	"sync"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/eval"
)

// A Dataset holds samples as linear functions of the weights: for each
// position, White's count minus Black's of every weight that applies,
// and the factors that taper the middlegame and endgame sums.
type Dataset struct {
	pos   []position
	terms []term
}

type position struct {
	result     float64
	mg, eg     float64 // factors of the middlegame and endgame sums
	start, end int     // the position's terms
}

type term struct {
	index uint16
	n     int16 // White's count minus Black's
}

// NewDataset traces the samples with the evaluator e, whose weights
// decide the endgame scale factor of each position. A sample's FEN is
// read by the rules of standard chess, or by Chess960's when only they
// read it, as the positions of a Chess960 game (QuietPositions) need.
func NewDataset(samples []Sample, e *eval.Evaluator) (*Dataset, error) {
	d := &Dataset{pos: make([]position, 0, len(samples))}
	var t eval.Trace
	for _, s := range samples {
		p, err := board.ParseFEN(s.FEN)
		if err != nil {
			var err960 error
			if p, err960 = board.ParseFEN960(s.FEN); err960 != nil {
				return nil, fmt.Errorf("%q: %v", s.FEN, err)
			}
		}
		e.Trace(p, &t)
		start := len(d.terms)
		for i, c := range t.Count {
			if n := c[board.White] - c[board.Black]; n != 0 {
				d.terms = append(d.terms, term{uint16(i), n})
			}
		}
		phase := float64(t.Phase) / eval.MaxPhase
		d.pos = append(d.pos, position{
			result: s.Result,
			mg:     phase,
			eg:     (1 - phase) * float64(t.Scale) / eval.NormalScale,
			start:  start,
			end:    len(d.terms),
		})
	}
	return d, nil
}

// Split traces samples with the evaluator e into a training set and a
// held-out set to measure the error on: the last holdout fraction of the
// samples. It fails when that leaves none to train on.
func Split(samples []Sample, holdout float64, e *eval.Evaluator) (train, test *Dataset, err error) {
	n := len(samples) - int(float64(len(samples))*holdout)
	if n <= 0 || n > len(samples) {
		return nil, nil, fmt.Errorf("no data to fit: %d samples, holdout %g", len(samples), holdout)
	}
	if train, err = NewDataset(samples[:n], e); err != nil {
		return nil, nil, err
	}
	if test, err = NewDataset(samples[n:], e); err != nil {
		return nil, nil, err
	}
	return train, test, nil
}

// Len returns the number of positions.
func (d *Dataset) Len() int { return len(d.pos) }

// vector is the weights as floats: the middlegame value of weight i at
// 2i, the endgame value at 2i+1.
type vector []float64

func toVector(w *eval.Weights) vector {
	v := make(vector, 2*eval.NumWeights)
	for i, x := range w {
		v[2*i], v[2*i+1] = float64(x.MG), float64(x.EG)
	}
	return v
}

func (v vector) weights() *eval.Weights {
	var w eval.Weights
	for i := range w {
		w[i] = eval.Weight{MG: int(math.Round(v[2*i])), EG: int(math.Round(v[2*i+1]))}
	}
	return &w
}

// eval returns the evaluation of position p from White's point of view.
func (d *Dataset) eval(p *position, v vector) float64 {
	var mg, eg float64
	for _, t := range d.terms[p.start:p.end] {
		n := float64(t.n)
		mg += n * v[2*t.index]
		eg += n * v[2*t.index+1]
	}
	return mg*p.mg + eg*p.eg
}

func sigmoid(k, x float64) float64 { return 1 / (1 + math.Exp(-k*x)) }

// Error returns the mean squared error between the results and the
// sigmoid of the evaluation with weights w and scaling constant k.
func (d *Dataset) Error(w *eval.Weights, k float64) float64 {
	return d.error(toVector(w), k)
}

func (d *Dataset) error(v vector, k float64) float64 {
	if len(d.pos) == 0 {
		return 0
	}
	var sum float64
	for i := range d.pos {
		p := &d.pos[i]
		e := p.result - sigmoid(k, d.eval(p, v))
		sum += e * e
	}
	return sum / float64(len(d.pos))
}

// FitK returns the scaling constant of the sigmoid that minimizes the
// error of weights w, found by golden-section search.
func (d *Dataset) FitK(w *eval.Weights) float64 {
	v := toVector(w)
	lo, hi := 0.0, 0.05
	g := (math.Sqrt(5) - 1) / 2
	for range 60 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if d.error(v, a) < d.error(v, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// Options control Fit.
type Options struct {
	Epochs  int     // passes over the data
	Rate    float64 // Adam step size, in centipawns
	Threads int     // goroutines computing the gradient
	// Lambda weighs an L2 penalty on the distance from the starting
	// weights, in error units per squared centipawn: against overfitting
	// small data sets.
	Lambda float64
	// Fixed, if set, tells which weights to leave as they are: fitting a
	// few terms needs far less data than fitting all.
	Fixed func(i int) bool
	// Report, if set, is called every tenth epoch with the current weights.
	Report func(epoch int, w *eval.Weights)
}

// Only returns an Options.Fixed that fixes every weight whose name re
// does not match.
func Only(re *regexp.Regexp) func(i int) bool {
	return func(i int) bool { return !re.MatchString(eval.WeightName(i)) }
}

// Fit returns the weights, starting from w, that minimize the error with
// scaling constant k (plus the penalty, if any), by full-batch gradient
// descent with Adam.
func (d *Dataset) Fit(w *eval.Weights, k float64, o Options) *eval.Weights {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	v := toVector(w)
	start := toVector(w)
	m, s := make(vector, len(v)), make(vector, len(v))
	fixed := make([]bool, len(v))
	for i := range fixed {
		fixed[i] = o.Fixed != nil && o.Fixed(i/2)
	}
	grad := make(vector, len(v))
	for epoch := 1; epoch <= o.Epochs; epoch++ {
		d.gradient(v, k, max(o.Threads, 1), grad)
		c1 := 1 - math.Pow(beta1, float64(epoch))
		c2 := 1 - math.Pow(beta2, float64(epoch))
		for i, g := range grad {
			if fixed[i] {
				continue
			}
			g += 2 * o.Lambda * (v[i] - start[i])
			m[i] = beta1*m[i] + (1-beta1)*g
			s[i] = beta2*s[i] + (1-beta2)*g*g
			v[i] -= o.Rate * (m[i] / c1) / (math.Sqrt(s[i]/c2) + eps)
		}
		if o.Report != nil && epoch%10 == 0 {
			o.Report(epoch, v.weights())
		}
	}
	return v.weights()
}

// gradient stores in grad the gradient of the error at v.
func (d *Dataset) gradient(v vector, k float64, threads int, grad vector) {
	parts := make([]vector, threads)
	var wg sync.WaitGroup
	chunk := (len(d.pos) + threads - 1) / threads
	for t := range threads {
		parts[t] = make(vector, len(v))
		lo, hi := min(t*chunk, len(d.pos)), min((t+1)*chunk, len(d.pos))
		wg.Add(1)
		go func(g vector, ps []position) {
			defer wg.Done()
			for i := range ps {
				p := &ps[i]
				s := sigmoid(k, d.eval(p, v))
				f := (p.result - s) * s * (1 - s)
				for _, t := range d.terms[p.start:p.end] {
					n := f * float64(t.n)
					g[2*t.index] += n * p.mg
					g[2*t.index+1] += n * p.eg
				}
			}
		}(parts[t], d.pos[lo:hi])
	}
	wg.Wait()
	scale := -2 * k / float64(max(len(d.pos), 1))
	for i := range grad {
		var sum float64
		for _, g := range parts {
			sum += g[i]
		}
		grad[i] = scale * sum
	}
}
