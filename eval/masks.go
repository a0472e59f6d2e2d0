package eval

import "github.com/luftchess/luft/engine/board"

const (
	fileA board.Bitboard = 0x0101010101010101
	fileH                = fileA << 7
)

// Masks built at init. Directions are from the owner's side: "ahead"
// means towards the enemy's back rank.
var (
	adjacentFiles [8]board.Bitboard     // the files beside a file
	forward       [2][64]board.Bitboard // squares ahead on the same file
	passedSpan    [2][64]board.Bitboard // ahead on the same and adjacent files
	attackSpan    [2][64]board.Bitboard // ahead on the adjacent files
	supportSpan   [2][64]board.Bitboard // level with or behind, on the adjacent files
	distance      [64][64]uint8         // king steps between two squares
	kingZone      [64]board.Bitboard    // a king's square and its neighbours
	relRank       [2][64]uint8          // rank from the owner's side, 0..7
)

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= board.FileMask(f - 1)
		}
		if f < 7 {
			adjacentFiles[f] |= board.FileMask(f + 1)
		}
	}
	for sq := board.A1; sq <= board.H8; sq++ {
		f, r := sq.File(), sq.Rank()
		var above, below board.Bitboard // ranks strictly above or below sq
		for rr := 0; rr < 8; rr++ {
			if rr > r {
				above |= board.RankMask(rr)
			} else if rr < r {
				below |= board.RankMask(rr)
			}
		}
		ahead := [2]board.Bitboard{above, below}
		for c := board.White; c <= board.Black; c++ {
			forward[c][sq] = ahead[c] & board.FileMask(f)
			attackSpan[c][sq] = ahead[c] & adjacentFiles[f]
			passedSpan[c][sq] = forward[c][sq] | attackSpan[c][sq]
			supportSpan[c][sq] = adjacentFiles[f] &^ ahead[c]
			relRank[c][sq] = uint8(r)
			if c == board.Black {
				relRank[c][sq] = uint8(7 - r)
			}
		}
		kingZone[sq] = board.KingAttacks(sq) | sq.Bitboard()
		for to := board.A1; to <= board.H8; to++ {
			distance[sq][to] = uint8(max(abs(f-to.File()), abs(r-to.Rank())))
		}
	}
}

// pawnAttacks returns the squares the pawns in b of colour c attack.
func pawnAttacks(c board.Color, b board.Bitboard) board.Bitboard {
	if c == board.White {
		return (b&^fileA)<<7 | (b&^fileH)<<9
	}
	return (b&^fileA)>>9 | (b&^fileH)>>7
}

// push returns the square ahead of sq for colour c.
func push(c board.Color, sq board.Square) board.Square {
	return sq + 8 - 16*board.Square(c)
}
