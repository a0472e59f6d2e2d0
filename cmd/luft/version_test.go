package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestStampedVersion(t *testing.T) {
	const rev = "8548872b3700983d1d735fd886cb1b75ab891f2a"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: "2026-11-27T16:12:56Z"}, {Key: "vcs.modified", Value: modified}}
	}
	for _, tt := range []struct {
		name     string
		version  string // the main module's
		settings []debug.BuildSetting
		want     string
	}{
		{"no build information", "", nil, "dev"},
		{"built without VCS stamping", "(devel)", nil, "dev"},
		{"go install of a release", "v1.2.0", nil, "v1.2.0"},
		{"a commit, as Go before 1.24 stamped it", "(devel)", vcs("false"), "dev-8548872b3700"},
		{"a commit with changes, as Go before 1.24 stamped it", "(devel)", vcs("true"), "dev-8548872b3700+dirty"},
		{"a pseudo-version, which names the commit", "v0.0.0-20261127161256-8548872b3700", vcs("false"), "v0.0.0-20261127161256-8548872b3700"},
		{"a pseudo-version with changes", "v0.0.0-20261127161256-8548872b3700+dirty", vcs("true"), "v0.0.0-20261127161256-8548872b3700+dirty"},
		{"a tagged commit", "v1.2.0", vcs("false"), "v1.2.0-8548872b3700"},
		{"a tagged commit with changes", "v1.2.0+dirty", vcs("true"), "v1.2.0-8548872b3700+dirty"},
		{"a short revision", "(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}, "dev-abc"},
	} {
		info := &debug.BuildInfo{Main: debug.Module{Path: module, Version: tt.version}, Settings: tt.settings}
		if tt.name == "no build information" {
			info = nil
		}
		if got := stampedVersion(info); got != tt.want {
			t.Errorf("%s: stampedVersion = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestVersionOfGoBuild checks that a binary built by go build, without
// make's -X, names the commit it was built from in luft version and in
// its UCI id. Go stamps no commit in a linked git worktree
// (golang/go#58218), so the test builds from a copy of the source tree
// made a repository of its own.
func TestVersionOfGoBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds luft; -short leaves it out")
	}
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	t.Parallel()
	src := t.TempDir()
	files := gitOutput(t, repoRoot, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	for name := range strings.SplitSeq(strings.TrimSuffix(files, "\x00"), "\x00") {
		if link, err := os.Readlink(filepath.Join(repoRoot, name)); err == nil {
			if err := os.Symlink(link, filepath.Join(src, name)); err != nil {
				t.Fatal(err) // a link at the root, as .shared is
			}
			continue
		}
		data, err := os.ReadFile(filepath.Join(repoRoot, name))
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		} else if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(src, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, src, name, string(data))
	}
	gitOutput(t, src, "init", "-q")
	gitOutput(t, src, "add", "-A")
	gitOutput(t, src, "-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "test")
	rev := strings.TrimSpace(gitOutput(t, src, "rev-parse", "HEAD"))[:12]

	bin := filepath.Join(t.TempDir(), "luft")
	// -buildvcs=true overrides a GOFLAGS that turns stamping off; -trimpath
	// lets the build reuse the cache of builds from other directories.
	build := exec.Command("go", "build", "-buildvcs=true", "-trimpath", "-o", bin, "./cmd/luft")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	v := printedVersion(t, bin)
	if !strings.Contains(v, rev) {
		t.Errorf("luft version printed the version %q, want one naming the commit %s", v, rev)
	}
	out, err := exec.Command(bin, "uci", "quit").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "\nid name Luft "+v+"\n") {
		t.Errorf("UCI mode printed %q, want id name Luft %s", out, v)
	}
}

// gitOutput runs git with args in dir and returns its standard output.
func gitOutput(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

// printedVersion returns the version that the binary bin's luft version
// prints.
func printedVersion(t *testing.T, bin string) string {
	t.Helper()
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	v, ok := strings.CutPrefix(strings.TrimSpace(string(out)), "Luft ")
	v, _, found := strings.Cut(v, " by the Luft developers")
	if !ok || !found {
		t.Fatalf("luft version printed %q", out)
	}
	return v
}
