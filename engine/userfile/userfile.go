// Package userfile opens the files a user names, through an option or a
// flag, such as opening books and networks: a file the program did not
// choose, which may be anything. It accepts only regular files of a
// bounded size, and checks before opening: opening a named pipe blocks
// until a writer comes, and a device such as /dev/zero never ends. The
// formats of the files are their readers' (engine/book, eval/nnue).
package userfile

import (
	"fmt"
	"io"
	"os"
)

// Open opens the named file for reading once it has checked that it is a
// regular file of at most maxSize bytes. what names the kind of file in
// the errors ("book", "network"); errors of the file system are returned
// as they are.
func Open(what, name string, maxSize int64) (*os.File, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s %s: not a regular file", what, name)
	}
	if fi.Size() > maxSize {
		return nil, fmt.Errorf("%s %s: larger than %d MiB: not read", what, name, maxSize>>20)
	}
	return os.Open(name)
}

// Read opens the named file as Open does and parses it with read. An error
// of read comes back as "what name: err", wrapping err.
func Read[T any](what, name string, maxSize int64, read func(io.Reader) (T, error)) (T, error) {
	f, err := Open(what, name, maxSize)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	v, err := read(f)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s %s: %w", what, name, err)
	}
	return v, nil
}
