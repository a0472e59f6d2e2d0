package board

import "math/bits"

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// LSB returns the lowest square in the set; the set must not be empty.
func (b Bitboard) LSB() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// MSB returns the highest square in the set; the set must not be empty.
func (b Bitboard) MSB() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// PopLSB removes the lowest square from the set and returns it.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&s.Bitboard() != 0 }

// more reports whether the set holds more than one square.
func (b Bitboard) more() bool { return b&(b-1) != 0 }

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xFF
	rank8 Bitboard = rank1 << 56
)

// FileMask returns the squares of a 0-based file.
func FileMask(file int) Bitboard { return fileA << (file & 7) }

// RankMask returns the squares of a 0-based rank.
func RankMask(rank int) Bitboard { return rank1 << (8 * (rank & 7)) }

// shift moves every square of b one step in direction d (a delta on the
// square index), dropping squares that would wrap around a board edge.
func shift(b Bitboard, d int) Bitboard {
	switch d {
	case north:
		return b << 8
	case south:
		return b >> 8
	case east:
		return (b &^ fileH) << 1
	case west:
		return (b &^ fileA) >> 1
	case north + east:
		return (b &^ fileH) << 9
	case north + west:
		return (b &^ fileA) << 7
	case south + east:
		return (b &^ fileH) >> 7
	case south + west:
		return (b &^ fileA) >> 9
	}
	panic("board: bad shift direction")
}

// Directions as deltas on the square index.
const (
	north = 8
	south = -8
	east  = 1
	west  = -1
)

var (
	betweenBB [64][64]Bitboard
	lineBB    [64][64]Bitboard
)

// Between returns the squares strictly between a and b when they share a
// rank, file or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// Line returns the whole line (rank, file or diagonal, edge to edge)
// through a and b, or the empty set when they share none.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// String draws the set as an 8x8 grid, rank 8 first, for debugging.
func (b Bitboard) String() string {
	buf := make([]byte, 0, 72)
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(MakeSquare(f, r)) {
				buf = append(buf, 'x')
			} else {
				buf = append(buf, '.')
			}
		}
		buf = append(buf, '\n')
	}
	return string(buf)
}
