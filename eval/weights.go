package eval

import "github.com/luftchess/luft/engine/board"

// Hand returns the hand-made weights the evaluation started from, a
// starting point for tuning from scratch.
func Hand() *Weights { return handWeights() }

// handWeights returns the hand-made starting weights: material of the
// usual magnitudes and piece-square tables built from simple shapes
// (advance, centralization, castled king), the other terms at round
// values. Tuning starts from here.
func handWeights() *Weights {
	var w Weights
	set := func(i, mg, eg int) { w[i] = Weight{mg, eg} }
	table := func(off int, mg, eg []int) {
		for k := range mg {
			set(off+k, mg[k], eg[k])
		}
	}

	for pt, v := range [][2]int{{80, 100}, {320, 300}, {330, 310}, {460, 520}, {950, 960}} {
		set(iMaterial+pt, v[0], v[1])
	}

	for sq := board.A1; sq <= board.H8; sq++ {
		f, r := sq.File(), sq.Rank()
		centre := max(abs(2*f-7), abs(2*r-7)) / 2 // 0 in the centre .. 3 on the rim
		edge := abs(2*f-7) / 2                    // file distance from the centre, 0..3
		psq := func(pt board.PieceType, mg, eg int) { set(iPSQT+int(pt)*64+int(sq), mg, eg) }
		if r > 0 && r < 7 {
			psq(board.Pawn, (r-1)*3+(3-edge)*(r-1)*2, []int{0, 0, -2, 0, 8, 20, 40, 0}[r])
		}
		psq(board.Knight, []int{15, 5, -10, -35}[centre], []int{15, 5, -10, -30}[centre])
		psq(board.Bishop, []int{10, 8, 0, -10}[centre], []int{8, 4, 0, -10}[centre])
		psq(board.Rook, []int{6, 3, 0, -4}[edge], 0)
		psq(board.Queen, []int{4, 2, 0, -6}[centre], []int{15, 8, 0, -15}[centre])
		psq(board.King, []int{25, 35, 10, -5, -5, 10, 35, 25}[f]-22*r, []int{35, 20, 0, -30}[centre])
	}

	mobility := func(off, n, mid, mg, eg int) {
		for k := range n {
			set(off+k, mg*(k-mid), eg*(k-mid))
		}
	}
	mobility(iMobKnight, 9, 4, 6, 6)
	mobility(iMobBishop, 14, 6, 5, 5)
	mobility(iMobRook, 15, 7, 3, 5)
	mobility(iMobQueen, 28, 13, 1, 2)

	set(iIsolated, -5, -15)
	set(iDoubled, -10, -20)
	set(iBackward, -8, -10)
	table(iPhalanx, []int{0, 2, 4, 6, 10, 20, 40, 0}, []int{0, 1, 2, 4, 8, 15, 30, 0})
	table(iSupported, []int{0, 4, 8, 8, 12, 20, 40, 0}, []int{0, 4, 6, 8, 12, 20, 30, 0})
	table(iPassed, []int{0, 0, 5, 10, 20, 40, 70, 0}, []int{0, 10, 15, 25, 45, 75, 120, 0})
	table(iPassedBlocked, []int{0, 0, 0, -5, -10, -15, -20, 0}, []int{0, 0, -5, -10, -15, -25, -35, 0})
	table(iPassedOwnKing, make([]int, 8), []int{0, 0, -1, -2, -4, -6, -8, 0})
	table(iPassedTheirK, make([]int, 8), []int{0, 0, 2, 4, 8, 12, 16, 0})

	table(iKingAttack, []int{8, 6, 10, 14}, make([]int, 4))
	table(iKingAttackers, []int{0, -10, 0, 20, 40, 60, 70, 80}, make([]int, 8))
	table(iSafeCheck, []int{40, 25, 40, 30}, []int{5, 5, 5, 5})
	table(iShield, []int{-30, 15, 8, 0, -10, -10, -10, -10}, make([]int, 8))
	table(iStorm, []int{0, 0, -25, -15, -5, 0, 0, 0}, make([]int, 8))
	set(iKingOpenFile, -15, 0)

	set(iBishopPair, 30, 50)
	set(iRookOpen, 25, 10)
	set(iRookSemiOpen, 12, 8)
	set(iRookSeventh, 10, 25)
	table(iOutpost, []int{25, 15}, []int{15, 8})
	table(iThreatPawn, []int{50, 50, 70, 70}, []int{40, 40, 40, 40})
	table(iThreatMinor, []int{20, 20, 40, 40}, []int{20, 20, 30, 30})
	table(iThreatRook, []int{15, 15, 0, 40}, []int{15, 15, 0, 20})
	set(iHanging, 20, 10)
	set(iTempo, 15, 5)
	return &w
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
