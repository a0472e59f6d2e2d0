//go:build !unix

package syzygy

import (
	"io"
	"os"
)

// mapFile reads a whole file into memory where there is no mmap.
func mapFile(f *os.File, size int) ([]byte, func() error, error) {
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}
