package board

import (
	"fmt"
	"strings"
)

// Chess960Positions is the number of Chess960 starting positions.
const Chess960Positions = 960

// Chess960StartFEN returns the FEN of the Chess960 starting position
// number n, 0 <= n < 960, in the standard (Scharnagl) numbering, in which
// 518 is the starting position of standard chess. Its castling rights are
// written KQkq, as X-FEN writes the outermost rooks; ParseFEN960 reads it.
// It panics when n is out of range.
func Chess960StartFEN(n int) string {
	if n < 0 || n >= Chess960Positions {
		panic(fmt.Sprintf("board: Chess960 position %d not in [0, %d)", n, Chess960Positions))
	}
	back := chess960BackRank(n)
	return fmt.Sprintf("%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1", back, strings.ToUpper(back))
}

// chess960BackRank returns the pieces of position n on the first rank,
// from a to h, as lower-case letters. The digits of n in the mixed radix
// 4, 4, 6, 10 place, in turn, the bishop on a light square (b, d, f, h),
// the bishop on a dark square (a, c, e, g), the queen on one of the six
// empty squares, and the two knights on one of the ten pairs of the five
// empty squares left; rook, king and rook take the last three, in order.
func chess960BackRank(n int) string {
	var rank [8]byte
	rank[2*(n%4)+1] = 'b'
	n /= 4
	rank[2*(n%4)] = 'b'
	n /= 4
	place(&rank, n%6, 'q')
	n /= 6
	first, second := knightPair(n)
	place(&rank, second, 'n') // the later one first: it does not shift the earlier
	place(&rank, first, 'n')
	for _, pc := range []byte("rkr") {
		place(&rank, 0, pc)
	}
	return string(rank[:])
}

// knightPair returns the pair number k (0 <= k < 10) of the pairs i < j
// of 0-4, in the order (0,1), (0,2), ..., (3,4).
func knightPair(k int) (i, j int) {
	for i = 0; i < 4; i++ {
		for j = i + 1; j < 5; j++ {
			if k == 0 {
				return i, j
			}
			k--
		}
	}
	panic("board: knight pair out of range")
}

// place puts pc on the i-th empty square (from 0) of rank.
func place(rank *[8]byte, i int, pc byte) {
	for f := range rank {
		if rank[f] != 0 {
			continue
		}
		if i == 0 {
			rank[f] = pc
			return
		}
		i--
	}
	panic("board: no empty square left")
}
