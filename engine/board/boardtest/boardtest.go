// Package boardtest helps the tests of the packages above the board:
// positions from FENs, the repository's root and the shared data beside
// it, the lines of a data file, and the rule for data or programs that
// are missing (skip, but fail under CI=true). It is imported by tests
// only.
package boardtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/luftchess/luft/engine/board"
)

// Position returns the position fen describes, or fails t.
func Position(t testing.TB, fen string) *board.Position {
	t.Helper()
	return parse(t, "ParseFEN", board.ParseFEN, fen)
}

// Position960 returns the position fen describes by the rules of
// Chess960, or fails t.
func Position960(t testing.TB, fen string) *board.Position {
	t.Helper()
	return parse(t, "ParseFEN960", board.ParseFEN960, fen)
}

// parse returns the position that the parser called name reads in fen,
// or fails t.
func parse(t testing.TB, name string, parser func(string) (*board.Position, error), fen string) *board.Position {
	t.Helper()
	p, err := parser(fen)
	if err != nil {
		t.Fatalf("%s(%q): %v", name, fen, err)
	}
	return p
}

// Need skips t when err reports missing data or a missing program; under
// CI (CI=true), which provides them all, it fails t instead.
func Need(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (CI=true requires it)", err)
		}
		t.Skipf("skipping: %v", err)
	}
}

// SharedData returns the path of elem in the shared data beside the
// repository, ../shared/data from its root. When it is missing, Need skips
// t or fails it.
//
// The path goes through the link .shared (to ../shared) at the root of
// the repository, not straight to ../shared: go test's cache rechecks the
// files that a test stats or opens only inside the module, so that a test
// that skipped for want of the data stayed a cached skip after the data
// was added. Through the link the cache sees the data appear, and reruns
// the test. A checkout without symbolic links, where .shared is a
// plain file, goes to ../shared/data directly.
func SharedData(t testing.TB, elem ...string) string {
	t.Helper()
	root := ModuleRoot(t)
	shared := filepath.Join(root, ".shared")
	if fi, err := os.Lstat(shared); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		shared = filepath.Join(root, "..", "shared")
	}
	path := filepath.Join(append([]string{shared, "data"}, elem...)...)
	if _, err := os.Stat(path); err != nil {
		Need(t, fmt.Errorf("%w (the shared data, ../shared beside the repository)", err))
	}
	return path
}

// Lines returns the lines of the text file at path, trimmed of white
// space, leaving out blank lines and comments (lines starting with #), or
// fails t: the records of a test's data file.
func Lines(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines
}

// ModuleRoot returns the repository's root: the nearest directory at or
// above the working directory that holds go.mod, or fails t. A test runs
// in its package's directory, so that the root is found from any package.
func ModuleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod at or above the working directory")
		}
		dir = up
	}
}

// Mirror returns the FEN of fen with the board flipped vertically and the
// colours (pieces, side to move, castling rights, en passant) swapped: the
// same position for the other side. fen needs at least its first four
// fields; the counters are dropped.
func Mirror(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	out := []string{swap(strings.Join(ranks, "/")), map[string]string{"w": "b", "b": "w"}[f[1]], swap(f[2]), f[3]}
	if f[3] != "-" {
		out[3] = string(f[3][0]) + map[byte]string{'3': "6", '6': "3"}[f[3][1]]
	}
	return strings.Join(out, " ")
}
