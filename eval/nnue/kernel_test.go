package nnue

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/cpu"
)

// kernelLengths covers lengths below, at and around multiples of 16, the
// trained sizes and more than one dotChunk.
var kernelLengths = []int{1, 7, 15, 16, 17, 31, 32, 33, 100, 256, 1024, 1040, 2049, MaxHidden}

// randomInt16s returns n values drawn from the whole int16 range, with
// the extremes and the clamping bounds of Evaluate over-represented.
func randomInt16s(r *rand.Rand, n int) []int16 {
	special := []int16{math.MinInt16, math.MaxInt16, -1, 0, 1, QA - 1, QA, QA + 1}
	s := make([]int16, n)
	for i := range s {
		if r.IntN(4) == 0 {
			s[i] = special[r.IntN(len(special))]
		} else {
			s[i] = int16(r.Uint32())
		}
	}
	return s
}

// TestKernels compares every kernel, as the package runs it, with its
// pure-Go loop on random data, including wrap-around and the largest
// output weights. Where the processor has AVX2 this tests the assembly.
func TestKernels(t *testing.T) {
	t.Logf("AVX2 kernels: %v", useAVX2)
	r := rand.New(rand.NewPCG(7, 11))
	for _, n := range kernelLengths {
		src, a1, a2, s1, s2 := randomInt16s(r, n), randomInt16s(r, n), randomInt16s(r, n), randomInt16s(r, n), randomInt16s(r, n)
		want, got := make([]int16, n), make([]int16, n)

		for _, c := range []struct {
			name           string
			a1, a2, s1, s2 []int16
		}{
			{"quiet", a1, nil, s1, nil},
			{"capture", a1, nil, s1, s2},
			{"castling", a1, a2, s1, s2},
		} {
			updateGo(want, src, c.a1, c.a2, c.s1, c.s2)
			update(got, src, c.a1, c.a2, c.s1, c.s2)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("update %s n=%d (-go +kernel):\n%s", c.name, n, d)
			}
			// In place, as ApplyMove runs it.
			copy(got, src)
			update(got, got, c.a1, c.a2, c.s1, c.s2)
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("update %s in place n=%d (-go +kernel):\n%s", c.name, n, d)
			}
		}

		w := make([]int16, n)
		for i := range w {
			w[i] = int16(r.IntN(2*MaxOutputWeight+1) - MaxOutputWeight)
		}
		if g, want := screluDot(src, w), screluDotGo(src, w); g != want {
			t.Errorf("screluDot n=%d: %d, want %d", n, g, want)
		}
		// The largest sum: every value clamped to QA, every weight at the bound.
		for _, bound := range []int16{MaxOutputWeight, -MaxOutputWeight} {
			for i := range w {
				src[i], w[i] = math.MaxInt16, bound
			}
			want := int64(n) * QA * QA * int64(bound)
			if g := screluDot(src, w); g != want {
				t.Errorf("screluDot n=%d at the bound %d: %d, want %d", n, bound, g, want)
			}
		}
	}
}

// TestKernelsUsed makes sure the assembly is what a test run exercises
// where it can run, so that TestKernels compares two different things.
func TestKernelsUsed(t *testing.T) {
	if cpu.X86.HasAVX2 && !useAVX2 && !pureGo {
		t.Error("the processor has AVX2, but the kernels are off")
	}
}
