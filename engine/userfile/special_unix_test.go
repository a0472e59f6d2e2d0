//go:build unix

package userfile

import (
	"path/filepath"
	"syscall"
	"testing"
)

// specialFiles returns files that are not regular ones, in dir or the
// system's: a device that never ends and a FIFO without a writer, whose
// open blocks.
func specialFiles(t *testing.T, dir string) []string {
	t.Helper()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"/dev/zero", fifo}
}
