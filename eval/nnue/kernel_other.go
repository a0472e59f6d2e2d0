//go:build !amd64 || purego

package nnue

// useAVX2 is false: this build has only the pure-Go loops.
var useAVX2 = false

func updateAVX2(dst, src, a1, a2, s1, s2 *int16, n int) { panic("nnue: no AVX2 kernels") }
func screluDotAVX2(acc, w *int16, n int) int64          { panic("nnue: no AVX2 kernels") }

// pureGo says whether the build is tagged purego (or the architecture has
// no kernels).
const pureGo = true
