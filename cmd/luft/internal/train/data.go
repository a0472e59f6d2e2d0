package train

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/engine/board"
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

// SampleFromPacked returns the sample of a datagen record.
func SampleFromPacked(p *datagen.Packed) (Sample, error) {
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
	if r := p.Result(); r <= datagen.Win {
		s.Result = uint8(r)
	} else {
		return s, fmt.Errorf("bad result %d", r)
	}
	s.Score = p.Score()
	return s, nil
}

// SampleFromPosition returns the sample of pos with a score and result
// (0 loss, 1 draw, 2 win), both from the side to move's view.
func SampleFromPosition(pos *board.Position, score int16, result uint8) Sample {
	s := Sample{Score: score, Result: result}
	stm := pos.SideToMove()
	for b := pos.Occupied(); b != 0 && s.N < 32; s.N++ {
		sq := b.PopLSB()
		s.F[s.N] = uint16(nnue.FeatureIndex(stm, pos.PieceAt(sq), sq))
	}
	return s
}

// ReadSamples appends the samples of the datagen file r to dst.
func ReadSamples(dst []Sample, r io.Reader) ([]Sample, error) {
	rd, err := datagen.NewReader(r)
	if err != nil {
		return dst, err
	}
	for {
		p, err := rd.ReadPacked()
		if err == io.EOF {
			return dst, nil
		}
		if err != nil {
			return dst, err
		}
		s, err := SampleFromPacked(&p)
		if err != nil {
			return dst, fmt.Errorf("record %d: %v", rd.Count(), err)
		}
		dst = append(dst, s)
	}
}

// Load reads the datagen files in order and splits the samples: the last
// fraction val of them (at least one when val > 0 and there are two or
// more) is the validation set, the rest the training set.
func Load(files []string, val float64) (trainSet, valSet []Sample, err error) {
	var all []Sample
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		if st, err := f.Stat(); err == nil && all == nil {
			all = make([]Sample, 0, max(st.Size()/datagen.RecordSize, 1))
		}
		all, err = ReadSamples(all, f)
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	trainSet, valSet = Split(all, val)
	return trainSet, valSet, nil
}

// Split returns all without its last fraction val, and that fraction.
func Split(all []Sample, val float64) (trainSet, valSet []Sample) {
	nv := int(float64(len(all)) * val)
	if val > 0 && nv == 0 && len(all) >= 2 {
		nv = 1
	}
	return all[:len(all)-nv], all[len(all)-nv:]
}
