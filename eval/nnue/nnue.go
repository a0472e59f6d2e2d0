package nnue

import (
	"errors"
	"fmt"

	"github.com/luftchess/luft/engine/board"
)

// The network's fixed constants. A file must state the same values.
const (
	Inputs = 768 // 2 colours x 6 piece types x 64 squares, per perspective
	QA     = 255 // quantisation of the feature layer (weights, biases, accumulators)
	QB     = 64  // quantisation of the output weights
)

// DefaultScale is the Scale of a new network, the one the trainer learns
// in: centipawns per unit of network output.
const DefaultScale = 400

// MaxScale is the largest Scale a file may state.
const MaxScale = 4000

// MaxHidden is the largest number of hidden neurons per perspective a file
// may declare.
const MaxHidden = 4096

// MaxBuckets is the largest number of output buckets a file may declare.
const MaxBuckets = 16

// MaxOutputWeight bounds the output weights in magnitude: the trainer's
// clipping of float weights to 1.98 gives at most round(1.98*QB) = 127, and
// the bound keeps v*w (v <= QA) inside an int16, which the vector kernels
// rely on.
const MaxOutputWeight = 127

// Version is the file format version this package reads and writes.
const Version = 2

// ActivationSCReLU is the activation code of SCReLU in the file header,
// the only activation there is.
const ActivationSCReLU = 1

// Magic is the first 8 bytes of a network file.
const Magic = "LUFTNNUE"

// Network is a quantised network.
type Network struct {
	Hidden         int     // H, neurons per perspective
	Buckets        int     // output buckets, chosen by the number of pieces (Bucket)
	FeatureWeights []int16 // Inputs*Hidden, feature-major: feature f's column is [f*Hidden : (f+1)*Hidden]
	FeatureBias    []int16 // Hidden
	// OutputWeights holds 2*Hidden weights per bucket, bucket-major: the
	// side to move's accumulator's first, then the other's.
	OutputWeights []int16
	OutputBias    []int32 // one per bucket, scaled by QA*QB
	// Scale is the centipawns of one unit of output, 1..MaxScale. A
	// network is rescaled by its Scale alone, exactly, where rounding its
	// output weights would add noise.
	Scale int
}

// Bucket returns the output bucket of a position with pieces pieces (kings
// and pawns included) for a network of buckets buckets: the range 2..32
// cut into equal parts, (pieces-2)*buckets/31.
func Bucket(pieces, buckets int) int {
	return (min(max(pieces, 2), 32) - 2) * buckets / 31
}

// FeatureIndex is the input index of piece pc on square sq from perspective
// persp: ((pc's colour != persp)*6 + pc's type)*64 + (sq if persp is White, else sq^56),
// types ordered pawn, knight, bishop, rook, queen, king = 0..5; a1 = square 0.
func FeatureIndex(persp board.Color, pc board.Piece, sq board.Square) int {
	them := int(pc.Color()^persp) & 1
	return (them*6+int(pc.Type()))*64 + (int(sq&63) ^ (56 * int(persp&1)))
}

// NewNetwork returns a network of hidden neurons per perspective and
// buckets output buckets with all weights and biases zero, or an error if
// hidden is out of 1..MaxHidden or buckets out of 1..MaxBuckets.
func NewNetwork(hidden, buckets int) (*Network, error) {
	if hidden < 1 || hidden > MaxHidden {
		return nil, errHidden(hidden)
	}
	if buckets < 1 || buckets > MaxBuckets {
		return nil, errBuckets(buckets)
	}
	return &Network{
		Hidden:         hidden,
		Buckets:        buckets,
		FeatureWeights: make([]int16, Inputs*hidden),
		FeatureBias:    make([]int16, hidden),
		OutputWeights:  make([]int16, 2*hidden*buckets),
		OutputBias:     make([]int32, buckets),
		Scale:          DefaultScale,
	}, nil
}

// Validate reports whether the slices of n have the lengths its Hidden
// calls for and the output weights are within ±MaxOutputWeight. Evaluate
// is right only for a valid network; Read returns only valid ones.
func (n *Network) Validate() error {
	switch {
	case n.Hidden < 1 || n.Hidden > MaxHidden:
		return errHidden(n.Hidden)
	case n.Buckets < 1 || n.Buckets > MaxBuckets:
		return errBuckets(n.Buckets)
	case len(n.FeatureWeights) != Inputs*n.Hidden:
		return errors.New("nnue: FeatureWeights has the wrong length")
	case len(n.FeatureBias) != n.Hidden:
		return errors.New("nnue: FeatureBias has the wrong length")
	case len(n.OutputWeights) != 2*n.Hidden*n.Buckets:
		return errors.New("nnue: OutputWeights has the wrong length")
	case len(n.OutputBias) != n.Buckets:
		return errors.New("nnue: OutputBias has the wrong length")
	case n.Scale < 1 || n.Scale > MaxScale:
		return fmt.Errorf("%w: %d, want 1..%d", ErrScale, n.Scale, MaxScale)
	}
	for i, w := range n.OutputWeights {
		if w < -MaxOutputWeight || w > MaxOutputWeight {
			return fmt.Errorf("%w: OutputWeights[%d] is %d, want within ±%d", ErrOutputWeight, i, w, MaxOutputWeight)
		}
	}
	return nil
}
