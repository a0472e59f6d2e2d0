package boardtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recorder is a testing.TB that records the first Skipf or Fatalf
// instead of ending the test.
type recorder struct {
	testing.TB
	got string
}

func (r *recorder) Helper() {}

func (r *recorder) Skipf(format string, args ...any) { r.record("skip: ", format, args) }

func (r *recorder) Fatalf(format string, args ...any) { r.record("fail: ", format, args) }

func (r *recorder) record(kind, format string, args []any) {
	if r.got == "" {
		r.got = kind + fmt.Sprintf(format, args...)
	}
}

// TestNeed checks the rule for missing data: skip, but fail under CI.
func TestNeed(t *testing.T) {
	missing := errors.New("no tables")
	tests := []struct {
		ci   string
		err  error
		want string
	}{
		{"", nil, ""},
		{"true", nil, ""},
		{"", missing, "skip: skipping: no tables"},
		{"false", missing, "skip: skipping: no tables"},
		{"true", missing, "fail: no tables (CI=true requires it)"},
	}
	for _, tt := range tests {
		t.Setenv("CI", tt.ci)
		r := &recorder{TB: t}
		Need(r, tt.err)
		if diff := cmp.Diff(tt.want, r.got); diff != "" {
			t.Errorf("CI=%q, %v (-want +got):\n%s", tt.ci, tt.err, diff)
		}
	}
}

// TestLines checks that a data file's records come trimmed, without its
// blank and comment lines.
func TestLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data.txt")
	data := "# a comment\n\n  first record \n\t\nsecond;1;2\r\n   # an indented comment\nlast, with no newline"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []string{"first record", "second;1;2", "last, with no newline"}
	if diff := cmp.Diff(want, Lines(t, path)); diff != "" {
		t.Errorf("Lines (-want +got):\n%s", diff)
	}
}

// TestSharedDataInModule checks that the shared data's path lies inside
// the module, lexically, as go test's cache needs to recheck it (see
// SharedData), and that it leads to ../shared/data beside the repository.
func TestSharedDataInModule(t *testing.T) {
	t.Setenv("CI", "")
	root := ModuleRoot(t)
	r := &recorder{TB: t} // missing data is recorded, not skipped
	path := SharedData(r, "books")
	if !strings.HasPrefix(path, root+string(filepath.Separator)) {
		t.Errorf("SharedData = %s, outside the module %s: go test's cache would not see it", path, root)
	}
	want := filepath.Join(root, "..", "shared", "data", "books")
	got, err := filepath.EvalSymlinks(path)
	if err != nil {
		Need(t, err)
	}
	if want, _ = filepath.EvalSymlinks(want); got != want {
		t.Errorf("SharedData leads to %s, want %s", got, want)
	}
}
