package main

import (
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/luftchess/luft/uci"
)

// TestBenchDeterministic checks that the bench counts the same nodes on
// every run and whatever GOMAXPROCS the harness sets, as OpenBench's
// worker needs (it runs bench with several copies at once and compares
// the counts), and that its last line gives nodes and nps.
func TestBenchDeterministic(t *testing.T) {
	const depth = 6
	net := uci.DefaultOptions().Net
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var counts []uint64
	for _, procs := range []int{1, 2, 4, 1} {
		runtime.GOMAXPROCS(procs)
		var out strings.Builder
		n, err := bench(&out, depth, net)
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, n)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if last := lines[len(lines)-1]; !regexp.MustCompile(`^\d+ nodes \d+ nps$`).MatchString(last) {
			t.Errorf("last line %q, want N nodes N nps", last)
		}
	}
	for i, n := range counts {
		if n != counts[0] {
			t.Errorf("run %d counted %d nodes, run 1 %d", i+1, n, counts[0])
		}
	}
	if _, err := bench(io.Discard, 1, nil); err != nil {
		t.Error(err)
	}
}
