//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels of kernel.go: 16 int16 per YMM register, n a positive
// multiple of 16. DX is the byte offset, CX the byte count.

// FIRST loads 16 elements of src into Y0, adds a1 and subtracts s1.
#define FIRST VMOVDQU (SI)(DX*1), Y0; VPADDW (AX)(DX*1), Y0, Y0; VPSUBW (BX)(DX*1), Y0, Y0

// NEXT stores Y0 to dst, steps to the next 16 elements and loops back to
// label while there are more.
#define NEXT(label) VMOVDQU Y0, (DI)(DX*1); ADDQ $32, DX; CMPQ DX, CX; JLT label

// func updateAVX2(dst, src, a1, a2, s1, s2 *int16, n int)
//
// dst = src + a1 + a2 - s1 - s2 with VPADDW and VPSUBW, which wrap around
// as Go's int16 arithmetic does; a loop for each number of columns: a2 is
// given only with s2.
TEXT ·updateAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a1+16(FP), AX
	MOVQ a2+24(FP), R9
	MOVQ s1+32(FP), BX
	MOVQ s2+40(FP), R8
	MOVQ n+48(FP), CX
	SHLQ $1, CX
	XORQ DX, DX
	TESTQ R9, R9
	JNZ  two
	TESTQ R8, R8
	JNZ  capture

quiet:
	FIRST
	NEXT(quiet)
	JMP done

capture:
	FIRST
	VPSUBW (R8)(DX*1), Y0, Y0
	NEXT(capture)
	JMP done

two:
	FIRST
	VPADDW (R9)(DX*1), Y0, Y0
	VPSUBW (R8)(DX*1), Y0, Y0
	NEXT(two)

done:
	VZEROUPPER
	RET

// func screluDotAVX2(acc, w *int16, n int) int64
//
// v = clamp(acc, 0, 255); v*w fits an int16 since |w| <= 128 (VPMULLW);
// VPMADDWD multiplies by v again and adds neighbouring pairs into int32
// lanes, which cannot overflow for n <= 1024. The eight lanes are widened
// to int64 before the final sum.
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-32
	MOVQ acc+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
	SHLQ $1, CX
	XORQ DX, DX
	VPXOR Y0, Y0, Y0 // int32 sums
	VPXOR Y1, Y1, Y1 // zero
	MOVL $255, AX
	VMOVD AX, X2
	VPBROADCASTW X2, Y2 // QA

dot:
	VMOVDQU  (SI)(DX*1), Y3
	VPMAXSW  Y1, Y3, Y3
	VPMINSW  Y2, Y3, Y3
	VPMULLW  (DI)(DX*1), Y3, Y4
	VPMADDWD Y3, Y4, Y4
	VPADDD   Y4, Y0, Y0
	ADDQ     $32, DX
	CMPQ     DX, CX
	JLT      dot

	VEXTRACTI128 $1, Y0, X1
	VPMOVSXDQ    X0, Y3
	VPMOVSXDQ    X1, Y4
	VPADDQ       Y3, Y4, Y3
	VEXTRACTI128 $1, Y3, X4
	VPADDQ       X3, X4, X3
	VPSHUFD      $0x4e, X3, X4
	VPADDQ       X3, X4, X3
	VMOVQ        X3, AX
	VZEROUPPER
	MOVQ         AX, ret+24(FP)
	RET
