package syzygy

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// checkFile reports what is wrong with a table file before it is used: a
// size that no table file has (16 bytes more than a multiple of 64) or a
// wrong magic number.
func checkFile(path string, k kind) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if info.Size()%64 != 16 {
		return fmt.Errorf("%s: size %d is not that of a table file (truncated?)", path, info.Size())
	}
	var magic [4]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if le.Uint32(magic[:]) != magics[k] {
		return fmt.Errorf("%s: wrong magic number", path)
	}
	return nil
}

// openTableFile maps and parses a table file.
func openTableFile(path string, k kind, tab *table) (*tableFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size()%64 != 16 || info.Size() > 1<<40 {
		return nil, fmt.Errorf("%s: size %d is not that of a table file", path, info.Size())
	}
	data, unmap, err := mapFile(f, int(info.Size()))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	tf, err := parseTableFile(data, k, tab)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("%s: %w", path, err), unmap())
	}
	tf.unmap = unmap
	return tf, nil
}
