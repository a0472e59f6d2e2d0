package train

import (
	"math"
	"math/rand/v2"

	"github.com/luftchess/luft/eval/nnue"
)

// Network constants: those of the inference side (eval/nnue) and the
// clipping that keeps its quantisation in range.
const (
	Inputs = nnue.Inputs
	QA     = nnue.QA
	QB     = nnue.QB
	// Clip bounds every weight but the output bias after each step, so
	// that quantisation by QA cannot overflow int16.
	Clip = 1.98
)

// flip turns a feature from one perspective into the same piece's feature
// from the other: colour relation swapped, square mirrored.
func flip(f uint16) uint16 {
	if f >= 384 {
		return (f - 384) ^ 56
	}
	return (f + 384) ^ 56
}

// Net is the float network "(768 -> H) x 2 -> 1" with SCReLU and
// Buckets output buckets. Its parameters live in one slice P, in the
// order W (768 columns of H, feature major), B (H), O (2H per bucket,
// bucket-major, side to move first), and the output biases (one per
// bucket). Scale is the centipawns of one unit of its output, as a
// quantised network's file states it (nnue.Network.Scale): the weights
// are the same at any scale, and a network trained at Scale s learns
// labels of s centipawns a unit.
type Net struct {
	H, Buckets int
	Scale      int
	P          []float32
}

// NewNet returns a network with hidden size h and buckets output buckets,
// its weights drawn from seed: feature weights uniform in ±0.5/sqrt(32)
// (about 32 are active), output weights uniform in ±1/sqrt(2H), biases
// zero, at nnue.DefaultScale.
func NewNet(h, buckets int, seed uint64) *Net {
	n := &Net{H: h, Buckets: buckets, Scale: nnue.DefaultScale, P: make([]float32, paramCount(h, buckets))}
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	w := n.W()
	a := float32(0.5 / math.Sqrt(32)) // ~32 active inputs
	for i := range w {
		w[i] = (2*rng.Float32() - 1) * a
	}
	o := n.O()
	b := float32(1 / math.Sqrt(float64(2*h)))
	for i := range o {
		o[i] = (2*rng.Float32() - 1) * b
	}
	return n
}

func paramCount(h, buckets int) int { return Inputs*h + h + (2*h+1)*buckets }

// W returns the feature weights, column f at [f*H, (f+1)*H).
func (n *Net) W() []float32 { return n.P[:Inputs*n.H] }

// B returns the feature bias.
func (n *Net) B() []float32 { return n.P[Inputs*n.H : (Inputs+1)*n.H] }

// O returns the output weights of every bucket, 2H a bucket, the side to
// move's H first.
func (n *Net) O() []float32 { return n.P[(Inputs+1)*n.H : (Inputs+1+2*n.Buckets)*n.H] }

// OB returns the output biases, one per bucket.
func (n *Net) OB() []float32 { return n.P[(Inputs+1+2*n.Buckets)*n.H:] }

// bucket returns the output bucket of s.
func (n *Net) bucket(s *Sample) int { return nnue.Bucket(int(s.N), n.Buckets) }

func screlu(x float32) float32 {
	x = min(max(x, 0), 1)
	return x * x
}

// accumulate sets acc to the bias plus the columns of the features fs,
// each XORed with mirror (0, or MirrorFiles to mirror the board a <-> h).
func (n *Net) accumulate(acc []float32, fs []uint16, them bool, mirror uint16) {
	h := n.H
	copy(acc, n.B())
	w := n.W()
	for _, f := range fs {
		f ^= mirror
		if them {
			f = flip(f)
		}
		add(acc, w[int(f)*h:int(f)*h+h])
	}
}

// MirrorFiles is XORed into a feature index to mirror its square from the a
// file to the h file and back (the low three bits are the file).
const MirrorFiles = 7

// forward returns the network's raw output for s, its board mirrored a <->
// h when mirror is MirrorFiles, leaving the two accumulators (before
// activation) in us and them.
func (n *Net) forward(s *Sample, us, them []float32, mirror uint16) float32 {
	fs := s.F[:s.N]
	n.accumulate(us, fs, false, mirror)
	n.accumulate(them, fs, true, mirror)
	k := n.bucket(s)
	o := n.O()[2*n.H*k:]
	ou, ot := o[:len(us)], o[len(us):2*len(us)]
	var sum float32
	for i, x := range us {
		sum += screlu(x) * ou[i]
	}
	ot = ot[:len(them)]
	for i, x := range them {
		sum += screlu(x) * ot[i]
	}
	return sum + n.OB()[k]
}

// Eval returns the network's evaluation of s in centipawns, side to move's
// view.
func (n *Net) Eval(s *Sample) float64 {
	us, them := make([]float32, n.H), make([]float32, n.H)
	return float64(n.forward(s, us, them, 0)) * float64(n.Scale)
}

// Widen returns a copy of n, which has one output bucket, with buckets
// output buckets, each a copy of that one: the same function of the
// position to start from, which training then tells apart by the number
// of pieces. A round can so start from a network with fewer buckets.
func (n *Net) Widen(buckets int) *Net {
	if n.Buckets != 1 {
		panic("train: Widen of a network with more than one bucket")
	}
	w := &Net{H: n.H, Buckets: buckets, Scale: n.Scale, P: make([]float32, paramCount(n.H, buckets))}
	copy(w.W(), n.W())
	copy(w.B(), n.B())
	for k := range buckets {
		copy(w.O()[2*n.H*k:2*n.H*(k+1)], n.O())
		w.OB()[k] = n.OB()[0]
	}
	return w
}

// Grow returns a copy of n with h hidden neurons, h >= n.H: the first n.H
// are n's, and each new one has feature weights drawn from seed as NewNet
// draws them, a zero bias and zero output weights, so that the grown
// network evaluates every position as n does. Training then gives the new
// neurons their part, so a round can widen the network it starts from
// without losing what it knew.
func (n *Net) Grow(h int, seed uint64) *Net {
	if h < n.H {
		panic("train: Grow to fewer hidden neurons")
	}
	g := NewNet(h, n.Buckets, seed)
	g.Scale = n.Scale
	clear(g.O())
	w, gw := n.W(), g.W()
	for f := range Inputs {
		copy(gw[f*h:f*h+n.H], w[f*n.H:(f+1)*n.H])
	}
	copy(g.B(), n.B())
	for k := range 2 * n.Buckets { // each bucket's side to move's half, then the other's
		copy(g.O()[k*h:k*h+n.H], n.O()[k*n.H:(k+1)*n.H])
	}
	copy(g.OB(), n.OB())
	return g
}

// Clone returns a deep copy of n.
func (n *Net) Clone() *Net {
	return &Net{H: n.H, Buckets: n.Buckets, Scale: n.Scale, P: append([]float32(nil), n.P...)}
}

// add adds src to dst, element by element; len(src) >= len(dst).
func add(dst, src []float32) {
	src = src[:len(dst)]
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		d, s := dst[i:i+8:i+8], src[i:i+8:i+8]
		d[0] += s[0]
		d[1] += s[1]
		d[2] += s[2]
		d[3] += s[3]
		d[4] += s[4]
		d[5] += s[5]
		d[6] += s[6]
		d[7] += s[7]
	}
	for ; i < len(dst); i++ {
		dst[i] += src[i]
	}
}
