package board

import (
	"testing"
	"time"
)

// TestSliderAttacks checks the magic lookups against the ray walk for
// random occupancies on every square.
func TestSliderAttacks(t *testing.T) {
	rng := prng(12345)
	for sq := A1; sq <= H8; sq++ {
		for range 200 {
			a, b := rng.next(), rng.next()
			occ := Bitboard(a & b)
			if got, want := RookAttacks(sq, occ), slide(sq, occ, rookDirs); got != want {
				t.Fatalf("RookAttacks(%v, %x) = %x, want %x", sq, uint64(occ), got, want)
			}
			if got, want := BishopAttacks(sq, occ), slide(sq, occ, bishopDirs); got != want {
				t.Fatalf("BishopAttacks(%v, %x) = %x, want %x", sq, uint64(occ), got, want)
			}
		}
	}
}

// TestMagicSearch repeats the search that found the multipliers in
// magics.go and checks that it finds the same numbers, so that the pasted
// table stays reproducible. Its time is logged, not bounded: start-up does
// not search (BenchmarkInitMagics measures what it does).
func TestMagicSearch(t *testing.T) {
	start := time.Now()
	var rook, bishop [64]magic
	initMagics(&rook, rookDirs, make([]Bitboard, 0x19000), nil)
	initMagics(&bishop, bishopDirs, make([]Bitboard, 0x1480), nil)
	elapsed := time.Since(start)
	t.Logf("magic search: %v", elapsed)
	for sq := range rook {
		if rook[sq].magic != rookMagicNumbers[sq] || bishop[sq].magic != bishopMagicNumbers[sq] {
			t.Fatalf("square %v: the search finds %#x/%#x, magics.go has %#x/%#x", Square(sq),
				rook[sq].magic, bishop[sq].magic, rookMagicNumbers[sq], bishopMagicNumbers[sq])
		}
	}
}

// BenchmarkInitMagics measures the start-up cost of the slider tables.
func BenchmarkInitMagics(b *testing.B) {
	var rook, bishop [64]magic
	rt, bt := make([]Bitboard, 0x19000), make([]Bitboard, 0x1480)
	for b.Loop() {
		initMagics(&rook, rookDirs, rt, &rookMagicNumbers)
		initMagics(&bishop, bishopDirs, bt, &bishopMagicNumbers)
	}
}

func TestBetweenAndLine(t *testing.T) {
	tests := []struct {
		a, b          Square
		between, line Bitboard
	}{
		{A1, D1, B1.Bitboard() | C1.Bitboard(), rank1},
		{A1, H8, Between(A1, H8), Line(A1, H8)},
		{C2, E4, D3.Bitboard(), Line(B1, H7)},
		{A1, B3, 0, 0},
		{E1, E2, 0, FileMask(4)},
	}
	for _, tt := range tests {
		if Between(tt.a, tt.b) != tt.between || Line(tt.a, tt.b) != tt.line {
			t.Errorf("Between/Line(%v, %v) = %x/%x, want %x/%x", tt.a, tt.b, uint64(Between(tt.a, tt.b)), uint64(Line(tt.a, tt.b)), uint64(tt.between), uint64(tt.line))
		}
	}
	if Between(A1, H8).Count() != 6 || Line(A1, H8).Count() != 8 {
		t.Errorf("a1-h8 diagonal: between %d squares, line %d", Between(A1, H8).Count(), Line(A1, H8).Count())
	}
}
