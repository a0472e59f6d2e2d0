package train

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/eval/nnue"
)

// Sample is one training position in sparse form: the features of its
// pieces from the side to move's perspective (the other perspective's are
// derived from them), its score and its result. 68 bytes.
type Sample struct {
	F      [32]uint16 // nnue.FeatureIndex(side to move, piece, square) of each piece
	N      uint8      // pieces in F
	Result uint8      // 0 loss, 1 draw, 2 win, side to move's view
	Score  int16      // centipawns, side to move's view
}

// target returns the blended training target of s.
func (s *Sample) target(lambda, k float64) float64 {
	return lambda*sigmoid(float64(s.Score)/k) + (1-lambda)*float64(s.Result)/2
}

// SampleFromPacked returns the sample of a training record.
func SampleFromPacked(p *trainingdata.Packed) (Sample, error) {
	var s Sample
	stm := p.SideToMove()
	bad := false
	p.Pieces(func(sq board.Square, pc board.Piece) {
		if pc >= board.NoPiece || s.N >= 32 {
			bad = true
			return
		}
		s.F[s.N] = uint16(nnue.FeatureIndex(stm, pc, sq))
		s.N++
	})
	if bad {
		return s, errors.New("bad piece code")
	}
	r := p.Result()
	if r == outcome.Unfinished {
		return s, errors.New("no result")
	}
	s.Result = label(r, stm)
	s.Score = p.Score()
	return s, nil
}

// label returns the game's result r as a Sample holds it, for the side
// to move stm.
func label(r outcome.Result, stm board.Color) uint8 { return uint8(2 * r.Points(stm)) }

// SampleFromPosition returns the sample of pos with a score, from the
// side to move's view, and the game's result.
func SampleFromPosition(pos *board.Position, score int16, result outcome.Result) Sample {
	s := Sample{Score: score, Result: label(result, pos.SideToMove())}
	stm := pos.SideToMove()
	for b := pos.Occupied(); b != 0 && s.N < 32; s.N++ {
		sq := b.PopLSB()
		s.F[s.N] = uint16(nnue.FeatureIndex(stm, pos.PieceAt(sq), sq))
	}
	return s
}

// ReadSamples appends the samples of the training data file r to dst.
func ReadSamples(dst []Sample, r io.Reader) ([]Sample, error) {
	err := trainingdata.ReadEach(r, func(p *trainingdata.Packed) error {
		s, err := SampleFromPacked(p)
		if err == nil {
			dst = append(dst, s)
		}
		return err
	})
	return dst, err
}

// ReadFiles appends the samples of the training data files to dst, in
// order, and returns them with the number each file gave. A file whose
// name ends in trainingdata.CompressedExt is decompressed as it is read.
func ReadFiles(dst []Sample, files []string) ([]Sample, []int, error) {
	counts := make([]int, 0, len(files))
	for _, name := range files {
		f, err := trainingdata.Open(name)
		if err != nil {
			return dst, counts, err
		}
		n := len(dst)
		dst, err = ReadSamples(dst, f)
		f.Close()
		if err != nil {
			return dst, counts, fmt.Errorf("%s: %v", name, err)
		}
		counts = append(counts, len(dst)-n)
	}
	return dst, counts, nil
}

// Rescale multiplies the score of each sample by to/from, rounded half
// away from zero and clamped to int16: the labels of a search whose
// network evaluated at Scale from, brought to a network of Scale to. A
// network's weights mean the same at any scale, so a label's centipawns
// are its network's output times that network's scale; a trainer at
// another scale must see them times its own.
func Rescale(samples []Sample, from, to int) {
	if from == to || from <= 0 || to <= 0 {
		return
	}
	f := float64(to) / float64(from)
	for i := range samples {
		x := math.Round(float64(samples[i].Score) * f)
		samples[i].Score = int16(min(max(x, math.MinInt16), math.MaxInt16))
	}
}

// Split returns all without its last fraction val, and that fraction.
func Split(all []Sample, val float64) (trainSet, valSet []Sample) {
	nv := int(float64(len(all)) * val)
	if val > 0 && nv == 0 && len(all) >= 2 {
		nv = 1
	}
	return all[:len(all)-nv], all[len(all)-nv:]
}
