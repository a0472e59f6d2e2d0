// Package clienttest helps the tests that drive real engine processes:
// Luft built from source, and the chess engines and tools that Debian
// installs in /usr/games (CI installs them all).
package clienttest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/luftchess/luft/engine/board/boardtest"
)

// Program returns the path of the named program in PATH or else in
// /usr/games, where Debian installs the chess engines and polyglot.
func Program(name string) (string, error) {
	if path, err := exec.LookPath(name); err == nil {
		return path, nil
	}
	return exec.LookPath(filepath.Join("/usr/games", name))
}

// NeedProgram returns the path of the named program, as Program finds
// it; when it is missing it skips t, or under CI fails it, as
// boardtest.Need does.
func NeedProgram(t testing.TB, name string) string {
	t.Helper()
	path, err := Program(name)
	boardtest.Need(t, err)
	return path
}

// Luft is the import path of the luft command.
const Luft = "github.com/luftchess/luft/cmd/luft"

// BuildIn builds the command pkg (an import path or a directory) with go
// build and the flags into dir and returns the binary's path.
func BuildIn(dir, pkg string, flags ...string) (string, error) {
	path := filepath.Join(dir, filepath.Base(pkg))
	args := append(append([]string{"build", "-o", path}, flags...), pkg)
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return path, nil
}

// Build is BuildIn into t's temporary directory; it fails t when the
// build fails.
func Build(t testing.TB, pkg string, flags ...string) string {
	t.Helper()
	path, err := BuildIn(t.TempDir(), pkg, flags...)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// FakeEngine is the import path of fakeengine, a UCI engine for tests
// that plays the first legal move or misbehaves as it is told.
const FakeEngine = "github.com/luftchess/luft/uci/client/clienttest/fakeengine"

// Fake is the path of the fake engine that Main builds from FakeEngine.
var Fake string

// Main is a TestMain for tests of the fake engine: it builds FakeEngine
// into a temporary directory, at the path Fake, runs the tests, removes
// the directory and exits with the tests' status.
func Main(m *testing.M) {
	dir, err := os.MkdirTemp("", "luft-fakeengine")
	if err == nil {
		Fake, err = BuildIn(dir, FakeEngine)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "building the fake engine: %v\n", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
