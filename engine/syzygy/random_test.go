package syzygy

import (
	"math/rand/v2"

	"github.com/luftchess/luft/engine/board"
)

// randomPosition returns a random legal position with the material of
// table t, the colours swapped half the time, or nil when the placement
// drawn is not legal (the caller draws again). With ep set it tries for a
// position where a pawn has just advanced two squares beside an enemy
// pawn.
func randomPosition(r *rand.Rand, t *table, ep bool) *board.Position {
	var squares [64]board.Piece
	for i := range squares {
		squares[i] = board.NoPiece
	}
	swap := r.IntN(2) == 1
	stm := board.Color(r.IntN(2))
	epSquare := "-"
	if ep {
		var ok bool
		if epSquare, ok = placeEnPassant(r, &squares, stm); !ok {
			return nil
		}
	}
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			n := t.material[c][pt]
			if ep && pt == board.Pawn {
				n-- // placed by placeEnPassant
			}
			col := c
			if swap {
				col = c.Other()
			}
			for range n {
				if !placeRandom(r, &squares, board.MakePiece(col, pt)) {
					return nil
				}
			}
		}
	}
	side := "wb"[stm : stm+1]
	pos, err := board.ParseFEN(board.Placement(&squares) + " " + side + " - " + epSquare + " 0 1")
	if err != nil {
		return nil
	}
	return pos
}

// placeRandom puts p on a random empty square, pawns off the back ranks.
func placeRandom(r *rand.Rand, squares *[64]board.Piece, p board.Piece) bool {
	for range 100 {
		s := r.IntN(64)
		if squares[s] != board.NoPiece || p.Type() == board.Pawn && (s < 8 || s >= 56) {
			continue
		}
		squares[s] = p
		return true
	}
	return false
}

// placeEnPassant places a pawn of the side not to move that has just
// advanced two squares and a pawn of the side to move beside it, and
// returns the en-passant square.
func placeEnPassant(r *rand.Rand, squares *[64]board.Piece, stm board.Color) (string, bool) {
	file := r.IntN(8)
	side := file - 1
	if side < 0 || file < 7 && r.IntN(2) == 1 {
		side = file + 1
	}
	rank, behind := 4, 5 // Black has just played to the fifth rank
	if stm == board.Black {
		rank, behind = 3, 2
	}
	squares[board.MakeSquare(file, rank)] = board.MakePiece(stm.Other(), board.Pawn)
	squares[board.MakeSquare(side, rank)] = board.MakePiece(stm, board.Pawn)
	return board.MakeSquare(file, behind).String(), true
}
