package nnue

// The arithmetic of the accumulators and of the output layer, on int16
// slices of equal length. Each function runs the AVX2 kernel of
// kernel_amd64.s over the longest prefix whose length is a multiple of 16
// (where the processor has AVX2 and the build is not tagged purego), and
// the pure-Go loop below over the rest. Both give the same result to the
// bit: int16 additions wrap around alike, and the dot product is exact.

// update sets dst = src + a1 + a2 - s1 - s2 element-wise, where a2 and s2
// may be nil (left out): a quiet move or a promotion has one addition and
// one subtraction, a capture a second subtraction, castling two of each
// (a2 is given only with s2).
//
// The Go loop runs first, and only on a tail the kernel leaves: with a
// hidden layer a multiple of 16 wide there is none, and the kernel's call
// is the last thing done, so that nothing is kept across it. Slicing six
// operands to pass the loop nothing, and saving them around the kernel
// for it, took more instructions than the kernel's work.
func update(dst, src, a1, a2, s1, s2 []int16) {
	k := 0
	if useAVX2 {
		k = len(dst) &^ 15
	}
	if k < len(dst) {
		updateGo(dst[k:], src[k:], a1[k:], tail(a2, k), s1[k:], tail(s2, k))
	}
	if k > 0 {
		updateAVX2(&dst[0], &src[0], &a1[0], first(a2), &s1[0], first(s2), k)
	}
}

// first returns the address of s's first element, or nil for a nil s.
func first(s []int16) *int16 {
	if s == nil {
		return nil
	}
	return &s[0]
}

// tail returns s[k:], or nil for a nil s.
func tail(s []int16, k int) []int16 {
	if s == nil {
		return nil
	}
	return s[k:]
}

// dotChunk is the most neurons one call of screluDotAVX2 may sum: its
// int32 lanes each add at most dotChunk/16 terms of two products
// v*v*w, each at most 255*255*128 in magnitude, which stays below 2^31.
const dotChunk = 1024

// screluDot returns sum clamp(acc[i], 0, QA)^2 * w[i]. Every w[i] must be
// within ±MaxOutputWeight (Validate), which keeps v*w inside an int16 for
// the AVX2 kernel; the sum is exact.
func screluDot(acc, w []int16) int64 {
	w = w[:len(acc)]
	var sum int64
	k := 0
	if useAVX2 {
		for end := len(acc) &^ 15; k < end; {
			n := min(dotChunk, end-k)
			sum += screluDotAVX2(&acc[k], &w[k], n)
			k += n
		}
	}
	if k < len(acc) {
		sum += screluDotGo(acc[k:], w[k:])
	}
	return sum
}

// updateGo is update in pure Go.
func updateGo(dst, src, a1, a2, s1, s2 []int16) {
	src, a1, s1 = src[:len(dst)], a1[:len(dst)], s1[:len(dst)]
	switch {
	case a2 != nil:
		a2, s2 = a2[:len(dst)], s2[:len(dst)]
		for i := range dst {
			dst[i] = src[i] + a1[i] + a2[i] - s1[i] - s2[i]
		}
	case s2 != nil:
		s2 = s2[:len(dst)]
		for i := range dst {
			dst[i] = src[i] + a1[i] - s1[i] - s2[i]
		}
	default:
		for i := range dst {
			dst[i] = src[i] + a1[i] - s1[i]
		}
	}
}

// squares[v] is v*v for v in 0..QA: the SCReLU of a clamped accumulator
// value, scaled by QA*QA. (255 rounds the table up to 256 entries, so that
// a uint8 index needs no bounds check.)
var squares = func() (t [256]int32) {
	for v := range t {
		t[v] = int32(v * v)
	}
	return t
}()

// screluDotGo is screluDot in pure Go. The square comes from a table and
// the loop keeps two sums: measured faster than forming (v*w)*v with one
// sum.
func screluDotGo(acc, w []int16) int64 {
	w = w[:len(acc)]
	var s0, s1 int64
	i := 0
	for ; i+2 <= len(acc); i += 2 {
		v0 := uint8(min(max(acc[i], 0), QA))
		v1 := uint8(min(max(acc[i+1], 0), QA))
		s0 += int64(squares[v0] * int32(w[i]))
		s1 += int64(squares[v1] * int32(w[i+1]))
	}
	if i < len(acc) {
		v := uint8(min(max(acc[i], 0), QA))
		s0 += int64(squares[v] * int32(w[i]))
	}
	return s0 + s1
}
