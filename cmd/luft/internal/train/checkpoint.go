package train

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/luftchess/luft/eval/nnue"
)

// The float checkpoint file; doc.go describes it.
const (
	CheckpointMagic   = "LUFTCKPT"
	CheckpointVersion = 3
	maxHidden         = 1 << 16
)

// WriteCheckpoint writes the network, its scale, Adam's state and the
// epoch count.
func (t *Trainer) WriteCheckpoint(w io.Writer) error {
	le := binary.LittleEndian
	var hdr []byte
	hdr = append(hdr, CheckpointMagic...)
	hdr = le.AppendUint32(hdr, CheckpointVersion)
	hdr = le.AppendUint32(hdr, uint32(t.Net.H))
	hdr = le.AppendUint32(hdr, uint32(t.Net.Buckets))
	hdr = le.AppendUint32(hdr, uint32(t.Epoch))
	hdr = le.AppendUint64(hdr, t.Step)
	hdr = le.AppendUint32(hdr, uint32(t.Net.Scale))
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	bw.Write(hdr)
	buf := make([]byte, 0, 4096)
	for _, a := range [][]float32{t.Net.P, t.M, t.V} {
		for i, x := range a {
			buf = le.AppendUint32(buf, math.Float32bits(x))
			if len(buf) == cap(buf) || i == len(a)-1 {
				bw.Write(buf)
				buf = buf[:0]
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(le.AppendUint32(nil, crc.Sum32()))
	return err
}

// ReadCheckpoint reads a checkpoint into a trainer for NewTrainer. A
// version 2 checkpoint, which has no scale, is at nnue.DefaultScale, the
// only scale the trainer had then.
func ReadCheckpoint(r io.Reader) (*Trainer, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	hdr := 8 + 4 + 4 + 4 + 4 + 8 + 4
	switch {
	case len(data) < hdr+4:
		return nil, errors.New("checkpoint: truncated")
	case string(data[:8]) != CheckpointMagic:
		return nil, fmt.Errorf("checkpoint: not a Luft checkpoint (magic %q)", data[:8])
	case le.Uint32(data[8:]) == 2:
		hdr -= 4
	case le.Uint32(data[8:]) != CheckpointVersion:
		return nil, fmt.Errorf("checkpoint: version %d, want 2 or %d", le.Uint32(data[8:]), CheckpointVersion)
	}
	h := int(le.Uint32(data[12:]))
	if h < 1 || h > maxHidden {
		return nil, fmt.Errorf("checkpoint: bad hidden size %d", h)
	}
	buckets := int(le.Uint32(data[16:]))
	if buckets < 1 || buckets > nnue.MaxBuckets {
		return nil, fmt.Errorf("checkpoint: bad number of output buckets %d", buckets)
	}
	scale := nnue.DefaultScale
	if hdr > 32 {
		scale = int(le.Uint32(data[32:]))
	}
	if scale < 1 || scale > nnue.MaxScale {
		return nil, fmt.Errorf("checkpoint: bad scale %d", scale)
	}
	np := paramCount(h, buckets)
	if want := hdr + 3*4*np + 4; len(data) != want {
		return nil, fmt.Errorf("checkpoint: %d bytes, want %d for hidden size %d and %d buckets", len(data), want, h, buckets)
	}
	body := data[:len(data)-4]
	if got, want := crc32.ChecksumIEEE(body), le.Uint32(data[len(body):]); got != want {
		return nil, fmt.Errorf("checkpoint: CRC %08x, want %08x", got, want)
	}
	t := &Trainer{Net: &Net{H: h, Buckets: buckets, Scale: scale}, Epoch: int(le.Uint32(data[20:])), Step: le.Uint64(data[24:])}
	rd := bytes.NewReader(body[hdr:])
	for _, a := range []*[]float32{&t.Net.P, &t.M, &t.V} {
		*a = make([]float32, np)
		if err := binary.Read(rd, le, *a); err != nil {
			return nil, err
		}
	}
	return t, nil
}
