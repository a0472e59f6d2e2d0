package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// Errors Read returns, wrapped with details; test with errors.Is.
var (
	ErrMagic     = errors.New("nnue: bad magic (not a Luft network file)")
	ErrVersion   = errors.New("nnue: unsupported version")
	ErrHidden    = errors.New("nnue: hidden size out of range")
	ErrBuckets   = errors.New("nnue: number of output buckets out of range")
	ErrConstant  = errors.New("nnue: constant differs from this build's")
	ErrScale     = errors.New("nnue: scale out of range")
	ErrTruncated = errors.New("nnue: file truncated")
	ErrTrailing  = errors.New("nnue: trailing bytes after the checksum")
	ErrChecksum  = errors.New("nnue: checksum mismatch")

	ErrOutputWeight = errors.New("nnue: output weight out of range")
)

// headerSize is the size of the header: magic, then seven uint32
// (version, hidden, buckets, QA, QB, Scale, activation).
const headerSize = 8 + 7*4

func errHidden(h int) error {
	return fmt.Errorf("%w: %d, want 1..%d", ErrHidden, h, MaxHidden)
}

func errBuckets(b int) error {
	return fmt.Errorf("%w: %d, want 1..%d", ErrBuckets, b, MaxBuckets)
}

// bodySize returns the number of bytes after the header for hidden
// neurons and buckets output buckets: the weights, the output biases and
// the checksum.
func bodySize(hidden, buckets int) int {
	return 2*(Inputs*hidden+hidden+2*hidden*buckets) + 4*buckets + 4
}

// Read reads a network in the format doc.go describes. It checks the magic,
// the version, the hidden size, the constants, the size of the rest and the
// checksum, and returns an error naming the first that is wrong. It never
// holds more than the declared size plus one byte of the input, and
// allocates as data arrives, so a short file with a large declared size
// costs only its own length.
func Read(r io.Reader) (*Network, error) {
	var h [headerSize]byte
	got, err := io.ReadFull(r, h[:])
	if got >= len(Magic) && string(h[:len(Magic)]) != Magic {
		return nil, fmt.Errorf("%w: got %q", ErrMagic, h[:len(Magic)])
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		if got < len(Magic) && string(h[:got]) != Magic[:got] {
			return nil, fmt.Errorf("%w: got %q", ErrMagic, h[:got])
		}
		return nil, fmt.Errorf("%w: header is %d bytes, want %d", ErrTruncated, got, headerSize)
	}
	if err != nil {
		return nil, fmt.Errorf("nnue: reading the header: %w", err)
	}
	field := func(i int) uint32 { return binary.LittleEndian.Uint32(h[8+4*i:]) }
	if v := field(0); v != Version {
		return nil, fmt.Errorf("%w: %d, want %d", ErrVersion, v, Version)
	}
	hidden, buckets := field(1), field(2)
	if hidden < 1 || hidden > MaxHidden {
		return nil, errHidden(int(hidden))
	}
	if buckets < 1 || buckets > MaxBuckets {
		return nil, errBuckets(int(buckets))
	}
	for _, c := range []struct {
		field int
		name  string
		want  uint32
	}{{3, "QA", QA}, {4, "QB", QB}, {6, "activation", ActivationSCReLU}} {
		if v := field(c.field); v != c.want {
			return nil, fmt.Errorf("%w: %s is %d, want %d", ErrConstant, c.name, v, c.want)
		}
	}

	need := bodySize(int(hidden), int(buckets))
	body, err := io.ReadAll(io.LimitReader(r, int64(need)+1))
	if err != nil {
		return nil, fmt.Errorf("nnue: reading the weights: %w", err)
	}
	if len(body) < need {
		return nil, fmt.Errorf("%w: %d bytes after the header, want %d for hidden size %d and %d buckets",
			ErrTruncated, len(body), need, hidden, buckets)
	}
	if len(body) > need {
		return nil, fmt.Errorf("%w: file is longer than the %d bytes hidden size %d and %d buckets call for",
			ErrTrailing, headerSize+need, hidden, buckets)
	}
	payload := body[:need-4]
	crc := crc32.Update(crc32.ChecksumIEEE(h[:]), crc32.IEEETable, payload)
	if want := binary.LittleEndian.Uint32(body[need-4:]); crc != want {
		return nil, fmt.Errorf("%w: computed %08x, file says %08x", ErrChecksum, crc, want)
	}

	n, err := NewNetwork(int(hidden), int(buckets))
	if err != nil {
		return nil, err
	}
	n.Scale = int(field(5))
	off := 0
	for _, s := range [][]int16{n.FeatureWeights, n.FeatureBias, n.OutputWeights} {
		for i := range s {
			s[i] = int16(binary.LittleEndian.Uint16(payload[off:]))
			off += 2
		}
	}
	for i := range n.OutputBias {
		n.OutputBias[i] = int32(binary.LittleEndian.Uint32(payload[off:]))
		off += 4
	}
	if err := n.Validate(); err != nil {
		return nil, err
	}
	return n, nil
}

// Write writes n in the format doc.go describes, in a single call to
// w.Write.
func (n *Network) Write(w io.Writer) error {
	if err := n.Validate(); err != nil {
		return err
	}
	buf := make([]byte, headerSize+bodySize(n.Hidden, n.Buckets))
	copy(buf, Magic)
	for i, v := range []uint32{Version, uint32(n.Hidden), uint32(n.Buckets), QA, QB, uint32(n.Scale), ActivationSCReLU} {
		binary.LittleEndian.PutUint32(buf[8+4*i:], v)
	}
	off := headerSize
	for _, s := range [][]int16{n.FeatureWeights, n.FeatureBias, n.OutputWeights} {
		for _, v := range s {
			binary.LittleEndian.PutUint16(buf[off:], uint16(v))
			off += 2
		}
	}
	for _, b := range n.OutputBias {
		binary.LittleEndian.PutUint32(buf[off:], uint32(b))
		off += 4
	}
	binary.LittleEndian.PutUint32(buf[off:], crc32.ChecksumIEEE(buf[:off]))
	_, err := w.Write(buf)
	return err
}
