package main

import (
	"runtime/debug"
	"strings"
)

// version is Luft's version: what make build sets with -ldflags "-X
// main.version=..." (git describe), or, when nothing set it, what the Go
// toolchain stamped into the binary (stampedVersion).
var version string

func init() {
	if version == "" {
		info, _ := debug.ReadBuildInfo()
		version = stampedVersion(info)
	}
}

// stampedVersion returns the version that the build information info
// gives a binary built by go build or go install rather than make: the
// module version (v1.2.0 from go install ...@v1.2.0, or the pseudo-version
// Go makes of a commit) or "dev", with the commit it was built from, its
// first 12 hex digits, where the version does not already name it, and
// +dirty when the working tree had changes. Go stamps no commit where
// -buildvcs=false, nor in a linked git worktree (golang/go#58218).
func stampedVersion(info *debug.BuildInfo) string {
	if info == nil {
		return "dev"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "dev"
	}
	var rev string
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" || strings.Contains(v, rev) {
		return v
	}
	base, meta, _ := strings.Cut(v, "+")
	if modified && meta == "" {
		meta = "dirty"
	}
	v = base + "-" + rev
	if meta != "" {
		v += "+" + meta
	}
	return v
}
