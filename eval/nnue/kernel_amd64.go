//go:build amd64 && !purego

package nnue

import "golang.org/x/sys/cpu"

// useAVX2 says whether the kernels of kernel_amd64.s run; tests turn it
// off to compare them with the pure-Go loops.
var useAVX2 = cpu.X86.HasAVX2

// The AVX2 kernels: n is the number of int16 elements, a positive
// multiple of 16, and every pointer addresses at least n of them.

// updateAVX2 is update over n elements; a2 and s2 may be nil.
//
//go:noescape
func updateAVX2(dst, src, a1, a2, s1, s2 *int16, n int)

// screluDotAVX2 is screluDot over n <= dotChunk elements.
//
//go:noescape
func screluDotAVX2(acc, w *int16, n int) int64

// pureGo says whether the build is tagged purego.
const pureGo = false
