package train

import (
	"bytes"
	"io"
	"math"

	"github.com/luftchess/luft/eval/nnue"
)

// quant returns round(x*q), clamped to [lo, hi].
func quant(x float32, q float64, lo, hi float64) float64 {
	return min(max(math.Round(float64(x)*q), lo), hi)
}

// Quantized returns n quantised for the engine: feature weights and
// biases times QA, output weights times QB, the output bias times QA*QB,
// each rounded half away from zero and clamped to its integer type, at
// n's Scale.
func (n *Net) Quantized() *nnue.Network {
	i16 := func(xs []float32, q float64) []int16 {
		out := make([]int16, len(xs))
		for i, x := range xs {
			out[i] = int16(quant(x, q, math.MinInt16, math.MaxInt16))
		}
		return out
	}
	ob := make([]int32, n.Buckets)
	for i, x := range n.OB() {
		ob[i] = int32(quant(x, QA*QB, math.MinInt32, math.MaxInt32))
	}
	return &nnue.Network{
		Hidden:         n.H,
		Buckets:        n.Buckets,
		FeatureWeights: i16(n.W(), QA),
		FeatureBias:    i16(n.B(), QA),
		OutputWeights:  clampOutput(i16(n.O(), QB)),
		OutputBias:     ob,
		Scale:          n.Scale,
	}
}

// FromQuantized returns the float network whose quantisation is q: each
// integer divided by its scale, at q's Scale, so that it evaluates as q
// does. Training can start from it, so that a round continues from the
// committed network (luft train -init).
func FromQuantized(q *nnue.Network) *Net {
	n := &Net{H: q.Hidden, Buckets: q.Buckets, Scale: q.Scale, P: make([]float32, paramCount(q.Hidden, q.Buckets))}
	for _, part := range []struct {
		dst   []float32
		src   []int16
		scale float32
	}{{n.W(), q.FeatureWeights, QA}, {n.B(), q.FeatureBias, QA}, {n.O(), q.OutputWeights, QB}} {
		for i, v := range part.src {
			part.dst[i] = float32(v) / part.scale
		}
	}
	for i, b := range q.OutputBias {
		n.OB()[i] = float32(b) / (QA * QB)
	}
	return n
}

// QuantizedBytes returns the quantised file of n, in eval/nnue's format.
func (n *Net) QuantizedBytes() []byte {
	var b bytes.Buffer
	if err := n.WriteQuantized(&b); err != nil {
		panic("train: " + err.Error()) // the slices have the sizes Write checks
	}
	return b.Bytes()
}

// WriteQuantized writes the quantised file of n to w.
func (n *Net) WriteQuantized(w io.Writer) error { return n.Quantized().Write(w) }

// clampOutput bounds output weights to ±nnue.MaxOutputWeight, which the
// clipping of the float weights already gives; the clamp makes sure of it.
func clampOutput(w []int16) []int16 {
	for i := range w {
		w[i] = min(max(w[i], -nnue.MaxOutputWeight), nnue.MaxOutputWeight)
	}
	return w
}
