//go:build web

package serve

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/luftchess/luft/engine/board/boardtest"
)

// TestBundle rebuilds the page from web/ with the pinned packages (npm ci,
// then build.mjs into a temporary directory) and checks that the committed
// web/dist is that build, byte for byte; then it runs the page's unit
// tests (npm test). It needs node, npm and the npm registry (or its
// cache), so it runs behind the build tag web (make serve-e2e), not in go
// test ./...; without node and npm it skips, except under CI=true, where
// it fails.
func TestBundle(t *testing.T) {
	for _, prog := range []string{"node", "npm"} {
		_, err := exec.LookPath(prog)
		boardtest.Need(t, err)
	}
	dir := t.TempDir()
	for _, name := range []string{"package.json", "package-lock.json", "build.mjs"} {
		copyFile(t, filepath.Join("web", name), filepath.Join(dir, name))
	}
	for _, name := range []string{"src", "test"} {
		if err := os.CopyFS(filepath.Join(dir, name), os.DirFS(filepath.Join("web", name))); err != nil {
			t.Fatal(err)
		}
	}
	run(t, dir, "npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error")
	run(t, dir, "node", "build.mjs", filepath.Join(dir, "dist"))
	checkSameFiles(t, filepath.Join(dir, "dist"), filepath.Join("web", "dist"))
	run(t, dir, "npm", "test")
}

// checkSameFiles checks that the built directory holds the committed
// one's files, with the same contents.
func checkSameFiles(t *testing.T, built, committedDir string) {
	t.Helper()
	fresh, committed := files(t, built), files(t, committedDir)
	names := slices.Sorted(maps.Keys(fresh))
	names = slices.Compact(slices.Sorted(slices.Values(append(names, slices.Collect(maps.Keys(committed))...))))
	for _, name := range names {
		if !bytes.Equal(fresh[name], committed[name]) {
			t.Errorf("web/dist/%s differs from a fresh build (%d bytes committed, %d built): run npm ci && npm run build in web/",
				name, len(committed[name]), len(fresh[name]))
		}
	}
}

// copyFile copies one regular file.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// run runs a command in dir and fails the test with its output if it fails.
func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
}

// files returns the contents of the files in dir by name.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = data
	}
	return out
}
