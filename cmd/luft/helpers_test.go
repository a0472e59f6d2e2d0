package main

import (
	"os"
	"path/filepath"
	"testing"
)

// exitCase is a command line of a subcommand and the exit code it must
// return: 0 for success, 1 for a failure, 2 for bad usage.
type exitCase struct {
	args []string
	want int
}

// checkExits runs each case through run, the subcommand name, and reports
// every exit code that differs.
func checkExits(t *testing.T, name string, run func([]string) int, tests []exitCase) {
	t.Helper()
	for _, tt := range tests {
		if got := run(tt.args); got != tt.want {
			t.Errorf("luft %s %q returned %d, want %d", name, tt.args, got, tt.want)
		}
	}
}

// writeFile writes data to the file name in dir and returns its path.
func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
