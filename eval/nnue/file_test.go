package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func encode(t testing.TB, n *Network) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := n.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestRoundTrip(t *testing.T) {
	for _, h := range []int{1, 16, 32} {
		n := testNet(t, h)
		n.Scale = 300 + h // any scale in range is the file's own
		data := encode(t, n)
		if want := headerSize + 2*(Inputs*h+h+2*h*testBuckets) + 4*testBuckets + 4; len(data) != want {
			t.Errorf("H=%d: file is %d bytes, want %d", h, len(data), want)
		}
		got, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("H=%d: Read: %v", h, err)
		}
		if d := cmp.Diff(n, got); d != "" {
			t.Errorf("H=%d: round trip differs (-want +got):\n%s", h, d)
		}
		if again := encode(t, got); !bytes.Equal(again, data) {
			t.Errorf("H=%d: rewriting gives other bytes", h)
		}
	}
}

// TestHeaderLayout pins the byte layout doc.go describes.
func TestHeaderLayout(t *testing.T) {
	n := testNet(t, 2)
	n.OutputBias[testBuckets-1] = -123456
	data := encode(t, n)
	if string(data[:8]) != "LUFTNNUE" {
		t.Errorf("magic %q", data[:8])
	}
	for i, want := range []uint32{2, 2, testBuckets, 255, 64, 400, 1} {
		if got := binary.LittleEndian.Uint32(data[8+4*i:]); got != want {
			t.Errorf("header field %d = %d, want %d", i, got, want)
		}
	}
	off := headerSize
	if got := int16(binary.LittleEndian.Uint16(data[off+2*(5*2+1):])); got != n.FeatureWeights[5*2+1] {
		t.Errorf("feature weight [5][1] = %d, want %d", got, n.FeatureWeights[11])
	}
	off += 2 * (Inputs*2 + 2 + 4*testBuckets)
	if got := int32(binary.LittleEndian.Uint32(data[off+4*(testBuckets-1):])); got != -123456 {
		t.Errorf("last output bias = %d", got)
	}
	off += 4 * (testBuckets - 1)
	if got, want := binary.LittleEndian.Uint32(data[off+4:]), crc32.ChecksumIEEE(data[:off+4]); got != want || len(data) != off+8 {
		t.Errorf("checksum %08x, want %08x; length %d, want %d", got, want, len(data), off+8)
	}
}

func TestReadRefuses(t *testing.T) {
	good := encode(t, testNet(t, 16))
	// put sets the uint32 header field i (0 = version) and fixes the checksum,
	// so that only the field is wrong.
	put := func(i int, v uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[8+4*i:], v)
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		return b
	}
	// output sets the first output weight (H=16: after 768*16+16 feature
	// weights and biases) and fixes the checksum.
	output := func(v int16) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint16(b[headerSize+2*(Inputs*16+16):], uint16(v))
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		return b
	}
	flip := func(off int) []byte {
		b := bytes.Clone(good)
		b[off] ^= 0x10
		return b
	}
	// refusal is a file Read must refuse with err, its message naming msg.
	type refusal struct {
		name string
		data []byte
		err  error
		msg  string
	}
	cases := []refusal{
		{"empty", nil, ErrTruncated, "header"},
		{"bad magic", append([]byte("LUFTNNUF"), good[8:]...), ErrMagic, "magic"},
		{"short bad magic", []byte("PK"), ErrMagic, "magic"},
		{"version 0", put(0, 0), ErrVersion, "version"},
		{"version 1", put(0, 1), ErrVersion, "version"},
		{"version 3", put(0, 3), ErrVersion, "version"},
		{"hidden 0", put(1, 0), ErrHidden, "hidden"},
		{"hidden huge", put(1, 1<<31), ErrHidden, "hidden"},
		{"hidden 4097", put(1, 4097), ErrHidden, "hidden"},
		{"hidden 17", put(1, 17), ErrTruncated, "truncated"},
		{"hidden 15", put(1, 15), ErrTrailing, "trailing"},
		{"buckets 0", put(2, 0), ErrBuckets, "buckets"},
		{"buckets 17", put(2, 17), ErrBuckets, "buckets"},
		{"buckets 4", put(2, testBuckets+1), ErrTruncated, "truncated"},
		{"buckets 2", put(2, testBuckets-1), ErrTrailing, "trailing"},
		{"QA", put(3, 256), ErrConstant, "QA"},
		{"QB", put(4, 128), ErrConstant, "QB"},
		{"scale 0", put(5, 0), ErrScale, "scale"},
		{"scale 4001", put(5, MaxScale+1), ErrScale, "scale"},
		{"scale huge", put(5, 1<<31), ErrScale, "scale"},
		{"activation", put(6, 0), ErrConstant, "activation"},
		{"trailing byte", append(bytes.Clone(good), 0), ErrTrailing, "trailing"},
		{"flipped weight", flip(headerSize + 1000), ErrChecksum, "checksum"},
		{"flipped output bias", flip(len(good) - 5), ErrChecksum, "checksum"},
		{"flipped checksum", flip(len(good) - 1), ErrChecksum, "checksum"},
		{"flipped version byte", flip(9), ErrVersion, "version"},
		{"output weight 128", output(MaxOutputWeight + 1), ErrOutputWeight, "OutputWeights[0] is 128"},
		{"output weight -128", output(-MaxOutputWeight - 1), ErrOutputWeight, "OutputWeights[0] is -128"},
	}
	for _, cut := range []int{4, 8, 12, headerSize - 1, headerSize, headerSize + 1, headerSize + 999, len(good) - 5, len(good) - 4, len(good) - 1} {
		cases = append(cases, refusal{"truncated at " + strconv.Itoa(cut), good[:cut], ErrTruncated, "truncated"})
	}
	for _, c := range cases {
		n, err := Read(bytes.NewReader(c.data))
		if err == nil {
			t.Errorf("%s: Read accepted it (%d hidden)", c.name, n.Hidden)
			continue
		}
		if !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %q, want %v mentioning %q", c.name, err, c.err, c.msg)
		}
	}
}

// TestReadBoundsAllocation: a header declaring the largest network
// followed by little data must not make Read allocate the whole network
// (6.3 MB).
func TestReadBoundsAllocation(t *testing.T) {
	b := bytes.Clone(encode(t, testNet(t, 1))[:headerSize])
	binary.LittleEndian.PutUint32(b[12:], MaxHidden)
	b = append(b, make([]byte, 1000)...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Read(bytes.NewReader(b))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTruncated) {
		t.Fatalf("error %v, want ErrTruncated", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<10 {
		t.Errorf("Read of a %d-byte file allocated %d bytes", len(b), got)
	}
}

func TestWriteValidates(t *testing.T) {
	n := testNet(t, 4)
	n.FeatureBias = n.FeatureBias[:3]
	if err := n.Write(&bytes.Buffer{}); err == nil {
		t.Error("Write accepted a short FeatureBias")
	}
	n = testNet(t, 4)
	n.Hidden = 5
	if err := n.Write(&bytes.Buffer{}); err == nil {
		t.Error("Write accepted a wrong Hidden")
	}
}

func TestFileSize(t *testing.T) {
	n, err := NewNetwork(256, 8)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(encode(t, n)); got != 401992 {
		t.Errorf("H=256, B=8 file is %d bytes, doc.go says 401,992", got)
	}
}
