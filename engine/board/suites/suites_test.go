package suites

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSuites checks that each suite is there, whole, and that testdata
// holds no suite without a name here.
func TestSuites(t *testing.T) {
	want := map[string]int{
		PerftSuite:          126,
		CPWPerft:            7,
		Sedlak:              14,
		WAC:                 300,
		BratkoKopec:         24,
		Chess960:            960,
		Chess960Middlegames: 24,
		Chess960Castling:    22,
	}
	got := map[string]int{}
	paths, err := fs.Glob(files, "testdata/*.epd")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		name := strings.TrimPrefix(path, "testdata/")
		got[name] = len(Records(t, name))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("positions a suite (-want +got):\n%s", diff)
	}
	if n, want := len(StandardFENs(t)), 126+7+14+300+24; n != want {
		t.Errorf("StandardFENs: %d positions, want %d", n, want)
	}
}
