package main

import (
	"io"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/uci"
)

// benchSignature is the node count of luft bench with the default
// evaluation, the built-in network, and benchSignatureHandCrafted that of
// luft bench -nnue=false: the search's signatures, which OpenBench checks.
// They are the one source of the figure: TestBenchSignature holds luft
// bench to them and TestDocsBenchSignature the Markdown pages. A change to
// the search or the evaluation that changes them changes them here.
const (
	benchSignature            = 2044193
	benchSignatureHandCrafted = 2205097
)

// TestBenchSignature checks that luft bench counts benchSignature nodes
// with the built-in network and benchSignatureHandCrafted with the
// hand-crafted evaluation.
func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("two searches of the bench positions to depth 11; -short leaves them out")
	}
	for _, tt := range []struct {
		name string
		net  *nnue.Network
		want uint64
	}{
		{"network", uci.DefaultOptions().Net, benchSignature},
		{"hand-crafted", nil, benchSignatureHandCrafted},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := bench(io.Discard, defaultBenchDepth, tt.net)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("luft bench counted %d nodes, want %d: a change to the search changes the signature; set it in bench_test.go", got, tt.want)
			}
		})
	}
}

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
