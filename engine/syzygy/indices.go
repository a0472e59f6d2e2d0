package syzygy

import "github.com/luftchess/luft/engine/board"

// The tables below turn squares into the numbers the encodings of doc.go
// use. All are built by init from their definitions.
var (
	// binomial[k][n] is the number of ways to choose k of n squares.
	binomial [maxPieces][64]uint64

	// triangle numbers the ten squares of the a1-d1-d4 triangle, the six
	// below the diagonal (0-5) before the four on it (6-9), and gives every
	// other square the number of its image in the triangle.
	triangle [64]int

	// diagonal numbers a1-h8 0-7 and h1-a8 8-15, rank by rank.
	diagonal [64]int

	// lower numbers the 28 squares below the a1-h8 diagonal (0-27, rank by
	// rank), the diagonal 28-35, and squares above it as their mirror.
	lower [64]int

	// kkIndex[triangle[k1]][k2] numbers the 462 placements of two kings
	// that are not adjacent, the first king in the triangle and, when it is
	// on the diagonal, the second not above it; -1 marks the others.
	kkIndex [10][64]int

	// flap numbers the squares a pawn can lead from in the file encoding:
	// six ranks per file, files a-d, e-h as their mirror.
	flap [64]int

	// pawnTwist orders pawn squares for the other pawns of the leading
	// colour: centre files and far ranks first, numbered from the top.
	pawnTwist [64]int

	// pawnIndex[n-1][flap[sq]] is where the placements of n leading pawns
	// whose lead stands on sq start within its file, and pawnFactor[n-1][f]
	// the number of such placements on file f.
	pawnIndex  [maxPieces - 1][24]uint64
	pawnFactor [maxPieces - 1][4]uint64
)

func init() {
	initBinomial()
	initTriangle()
	initDiagonals()
	initKKIndex()
	initPawns()
}

func initBinomial() {
	for n := 0; n < 64; n++ {
		binomial[0][n] = 1
		for k := 1; k < maxPieces && n > 0; k++ {
			binomial[k][n] = binomial[k-1][n-1] + binomial[k][n-1]
		}
	}
}

// sq returns the square on a file and rank, both 0-7.
func sq(file, rank int) int { return 8*rank + file }

// offDiagonal returns the sign of rank minus file: 0 on the a1-h8
// diagonal, 1 above it, -1 below it.
func offDiagonal(s int) int {
	d := s>>3 - s&7
	switch {
	case d > 0:
		return 1
	case d < 0:
		return -1
	}
	return 0
}

// flipDiagonal mirrors a square in the a1-h8 diagonal.
func flipDiagonal(s int) int { return (s>>3 | s<<3) & 63 }

func initTriangle() {
	var tri [64]int
	n := 0
	for r := 0; r < 4; r++ {
		for f := r + 1; f < 4; f++ {
			tri[sq(f, r)] = n
			n++
		}
		tri[sq(r, r)] = 6 + r
	}
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		f, r = min(f, 7-f), min(r, 7-r)
		if r > f {
			f, r = r, f
		}
		triangle[s] = tri[sq(f, r)]
	}
}

func initDiagonals() {
	n := 0
	for r := 0; r < 8; r++ {
		for f := r + 1; f < 8; f++ {
			lower[sq(f, r)] = n
			lower[sq(r, f)] = n
			n++
		}
		lower[sq(r, r)] = 28 + r
		diagonal[sq(r, r)] = r
		diagonal[sq(7-r, r)] = 8 + r
	}
}

// kingsApart reports whether two kings may stand on a and b.
func kingsApart(a, b int) bool {
	return a != b && !board.KingAttacks(board.Square(a)).Has(board.Square(b))
}

func initKKIndex() {
	var first [10]int // the square of each triangle number
	for s := 63; s >= 0; s-- {
		if s&7 < 4 && s>>3 < 4 && offDiagonal(s) <= 0 {
			first[triangle[s]] = s
		}
	}
	n := 0
	for t, k1 := range first {
		for k2 := 0; k2 < 64; k2++ {
			kkIndex[t][k2] = -1
			onDiag := offDiagonal(k1) == 0
			if kingsApart(k1, k2) && !(onDiag && offDiagonal(k2) >= 0) {
				kkIndex[t][k2] = n
				n++
			}
		}
	}
	// Both kings on the diagonal come last.
	for t, k1 := range first[6:] {
		for k2 := 0; k2 < 64; k2++ {
			if kingsApart(k1, k2) && offDiagonal(k2) == 0 {
				kkIndex[6+t][k2] = n
				n++
			}
		}
	}
}

func initPawns() {
	for s := 8; s < 56; s++ {
		f, r := s&7, s>>3
		edge := min(f, 7-f)
		flap[s] = 6*edge + r - 1
		pawnTwist[s] = 12*(3-edge) + 2*(6-r)
		if f < 4 {
			pawnTwist[s]++
		}
	}
	for n := 0; n < maxPieces-1; n++ {
		for f := 0; f < 4; f++ {
			var total uint64
			for r := 1; r < 7; r++ {
				pawnIndex[n][6*f+r-1] = total
				total += binomial[n][pawnTwist[sq(f, r)]]
			}
			pawnFactor[n][f] = total
		}
	}
}
