package userfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.bin")
	if err := os.WriteFile(small, make([]byte, 100), 0o644); err != nil {
		t.Fatal(err)
	}
	type test struct {
		name    string
		maxSize int64
		want    string // a part of the error; "" for success
	}
	tests := []test{
		{small, 100, ""},
		{small, 99, "book " + small + ": larger than 0 MiB: not read"},
		{dir, 1 << 20, "not a regular file"},
		{filepath.Join(dir, "missing"), 1 << 20, "no such file"},
	}
	for _, name := range specialFiles(t, dir) {
		tests = append(tests, test{name, 1 << 20, "not a regular file"}) // and does not block
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

// TestRead reads a file through a parser: its value, or the parser's
// error wrapped with the file's name, or the file system's error as it is.
func TestRead(t *testing.T) {
	errEmpty := errors.New("empty")
	parse := func(r io.Reader) (string, error) {
		b, err := io.ReadAll(r)
		if err == nil && len(b) == 0 {
			err = errEmpty
		}
		return string(b), err
	}
	dir := t.TempDir()
	for name, data := range map[string]string{"text": "some text", "empty": ""} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	type result struct{ Value, Err string }
	tests := []struct {
		name string
		want result
	}{
		{"text", result{Value: "some text"}},
		{"empty", result{Err: "book " + filepath.Join(dir, "empty") + ": empty"}},
		{"missing", result{Err: "stat " + filepath.Join(dir, "missing") + ": no such file or directory"}},
	}
	for _, tt := range tests {
		v, err := Read("book", filepath.Join(dir, tt.name), 1<<20, parse)
		got := result{Value: v}
		if err != nil {
			got.Err = err.Error()
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Read(%s) (-want +got):\n%s", tt.name, diff)
		}
		if tt.name == "empty" && !errors.Is(err, errEmpty) {
			t.Errorf("Read(%s) = %v, which does not wrap the parser's error", tt.name, err)
		}
	}
}
