//go:build unix

package syzygy

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps a whole file read-only into memory and returns its bytes
// and the function that unmaps them.
func mapFile(f *os.File, size int) ([]byte, func() error, error) {
	data, err := unix.Mmap(int(f.Fd()), 0, size, unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	// Probes jump around the file: reading ahead would only waste memory.
	_ = unix.Madvise(data, unix.MADV_RANDOM)
	return data, func() error { return unix.Munmap(data) }, nil
}
