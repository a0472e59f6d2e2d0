package datafile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.bin")
	if err := os.WriteFile(small, make([]byte, 100), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		maxSize int64
		want    string // a part of the error; "" for success
	}{
		{small, 100, ""},
		{small, 99, "book " + small + ": larger than 0 MiB: not read"},
		{"/dev/zero", 1 << 20, "not a regular file"},
		{dir, 1 << 20, "not a regular file"},
		{fifo, 1 << 20, "not a regular file"}, // and does not block
		{filepath.Join(dir, "missing"), 1 << 20, "no such file"},
	}
	for _, tt := range tests {
		f, err := Open("book", tt.name, tt.maxSize)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Open(%s, %d): %v", tt.name, tt.maxSize, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("Open(%s, %d) = %v, want an error with %q", tt.name, tt.maxSize, err, tt.want)
		}
		if f != nil {
			f.Close()
		}
	}
}
