package syzygy

// encode returns the number of the position whose piece squares sqs holds
// in the order of sub-table e, after bringing it to its canonical form by
// the board's symmetries. ok is false for a placement the encoding has no
// number for (kings side by side).
func encode(sqs *[maxPieces]int, e *encoding, t *table) (idx uint64, ok bool) {
	n := t.num
	if sqs[0]&4 != 0 { // the leading piece onto files a-d
		for i := 0; i < n; i++ {
			sqs[i] ^= 7
		}
	}
	var k int
	if t.hasPawns {
		idx, k = encodePawns(sqs, e, t)
	} else {
		idx, k, ok = encodePieces(sqs, e, t)
		if !ok {
			return 0, false
		}
	}
	return idx + encodeGroups(sqs, e, n, k), true
}

// encodePieces numbers the leading group of a pawnless table: two kings
// or three unique pieces, brought into the a1-d1-d4 triangle. It returns
// the number times the group's factor and the group's size.
func encodePieces(sqs *[maxPieces]int, e *encoding, t *table) (uint64, int, bool) {
	n := t.num
	if sqs[0]&0x20 != 0 { // onto ranks 1-4
		for i := 0; i < n; i++ {
			sqs[i] ^= 0x38
		}
	}
	lead := t.lead()
	// Mirror in the diagonal if the first piece off it, among the leading
	// ones, is above it.
	for i := 0; i < n; i++ {
		if d := offDiagonal(sqs[i]); d != 0 {
			if d > 0 && i < lead {
				for j := 0; j < n; j++ {
					sqs[j] = flipDiagonal(sqs[j])
				}
			}
			break
		}
	}
	if t.kkEnc {
		kk := kkIndex[triangle[sqs[0]]][sqs[1]]
		return uint64(kk) * e.factor[0], 2, kk >= 0
	}
	return uint64(threeIndex(sqs)) * e.factor[0], 3, true
}

// threeIndex numbers three unique pieces, the first in the triangle: by
// how many of them stand on the diagonal (the first piece off it below it),
// each later piece skipping the squares the earlier ones take.
func threeIndex(sqs *[maxPieces]int) int {
	p0, p1, p2 := sqs[0], sqs[1], sqs[2]
	s1 := btoi(p1 > p0)
	s2 := btoi(p2 > p0) + btoi(p2 > p1)
	switch {
	case offDiagonal(p0) != 0:
		return triangle[p0]*63*62 + (p1-s1)*62 + (p2 - s2)
	case offDiagonal(p1) != 0:
		return 6*63*62 + diagonal[p0]*28*62 + lower[p1]*62 + p2 - s2
	case offDiagonal(p2) != 0:
		return 6*63*62 + 4*28*62 + diagonal[p0]*7*28 + (diagonal[p1]-s1)*28 + lower[p2]
	}
	return 6*63*62 + 4*28*62 + 4*7*28 + diagonal[p0]*7*6 + (diagonal[p1]-s1)*6 + (diagonal[p2] - s2)
}

// encodePawns numbers the pawns of a pawn table: the leading pawns (the
// lead first, the others in pawnTwist order), then the other colour's
// pawns on the 48 pawn squares less those taken. It returns the number,
// each part times its factor, and the pieces encoded.
func encodePawns(sqs *[maxPieces]int, e *encoding, t *table) (uint64, int) {
	k := t.pawns[0]
	for i := 1; i < k; i++ {
		for j := i + 1; j < k; j++ {
			if pawnTwist[sqs[i]] < pawnTwist[sqs[j]] {
				sqs[i], sqs[j] = sqs[j], sqs[i]
			}
		}
	}
	idx := pawnIndex[k-1][flap[sqs[0]]]
	for i := 1; i < k; i++ {
		idx += binomial[k-i][pawnTwist[sqs[i]]]
	}
	idx *= e.factor[0]
	if t.pawns[1] > 0 {
		idx += groupIndex(sqs, k, k+t.pawns[1], 8) * e.factor[k]
		k += t.pawns[1]
	}
	return idx, k
}

// encodeGroups numbers the groups of like pieces from sqs[k] on, each
// times its factor.
func encodeGroups(sqs *[maxPieces]int, e *encoding, n, k int) uint64 {
	var idx uint64
	for k < n {
		end := k + e.groups[k]
		idx += groupIndex(sqs, k, end, 0) * e.factor[k]
		k = end
	}
	return idx
}

// groupIndex numbers the placement of the like pieces sqs[k:end] on the
// squares from first on that the pieces before k leave free: the sorted
// squares, each less the squares skipped, as a combination.
func groupIndex(sqs *[maxPieces]int, k, end, first int) uint64 {
	for i := k; i < end; i++ {
		for j := i + 1; j < end; j++ {
			if sqs[i] > sqs[j] {
				sqs[i], sqs[j] = sqs[j], sqs[i]
			}
		}
	}
	var s uint64
	for i := k; i < end; i++ {
		skips := 0
		for j := 0; j < k; j++ {
			skips += btoi(sqs[i] > sqs[j])
		}
		s += binomial[i-k+1][sqs[i]-skips-first]
	}
	return s
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
