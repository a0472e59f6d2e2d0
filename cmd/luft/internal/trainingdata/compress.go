package trainingdata

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// CompressedExt ends the name of a data file compressed with zstd, as the
// self-play bank keeps them ("data-....bin.zst").
const CompressedExt = ".zst"

// Open opens the data file name for reading. A file whose name ends in
// CompressedExt is decompressed as it is read, a stream that is never
// unpacked to disk; any other is read as it is. A compressed file cut
// short fails when its reader reaches the cut.
func Open(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil || !strings.HasSuffix(name, CompressedExt) {
		return f, err
	}
	// One decoder goroutine: the reader is read in order, and the
	// machine's other cores train or generate meanwhile.
	d, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1))
	if err != nil {
		f.Close()
		return nil, err
	}
	return &decompressed{d, f}, nil
}

// decompressed reads a compressed file's data, by Read alone: the
// decoder's other methods (WriteTo) would bypass Read's errors.
type decompressed struct {
	d *zstd.Decoder
	f *os.File
}

// Read reads decompressed data; a stream that ends before its last
// frame does fails with an error that says so.
func (d *decompressed) Read(p []byte) (int, error) {
	n, err := d.d.Read(p)
	if err == io.ErrUnexpectedEOF {
		err = fmt.Errorf("trainingdata: compressed data cut short: %w", err)
	}
	return n, err
}

// Close releases the decoder and closes the file.
func (d *decompressed) Close() error {
	d.d.Close()
	return d.f.Close()
}

// Compress writes the data of r to w compressed with zstd at the
// encoder's best level, as a file named with CompressedExt holds it; any
// zstd reader (Open, `zstd -d`) gives the data back.
func Compress(w io.Writer, r io.Reader) error {
	enc, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return err
	}
	if _, err := io.Copy(enc, r); err != nil {
		enc.Close()
		return err
	}
	return enc.Close()
}
