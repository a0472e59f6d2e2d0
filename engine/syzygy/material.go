package syzygy

import (
	"strings"

	"github.com/luftchess/luft/engine/board"
)

// maxPieces bounds the pieces of any Syzygy table (kings included).
const maxPieces = 7

// material counts the pieces of each colour by type (board.Pawn ...
// board.King).
type material [2][6]int

// key packs the counts of pawns to queens of both colours, four bits each,
// into the key that finds a table. Kings are left out: there is always one.
func (m *material) key() uint64 {
	var k uint64
	for c := 0; c < 2; c++ {
		for t := board.Pawn; t < board.King; t++ {
			k |= uint64(min(m[c][t], 15)) << (4 * (6*c + int(t)))
		}
	}
	return k
}

// mirrored returns the material with the colours swapped.
func (m *material) mirrored() material {
	return material{m[1], m[0]}
}

// total returns the number of pieces, kings included.
func (m *material) total() int {
	n := 0
	for c := 0; c < 2; c++ {
		for _, k := range m[c] {
			n += k
		}
	}
	return n
}

// pieceLetters are the letters of a table name in board.PieceType order.
const pieceLetters = "PNBRQK"

// parseName reads a table name such as "KRPvKR": White's pieces, a 'v',
// Black's pieces, each side a king followed by its other pieces from the
// queen down to the pawn, as the generator names its files.
func parseName(name string) (material, bool) {
	var m material
	white, black, ok := strings.Cut(name, "v")
	if !ok {
		return m, false
	}
	for c, side := range [2]string{white, black} {
		if len(side) == 0 || side[0] != 'K' {
			return m, false
		}
		last := board.King
		for i := 0; i < len(side); i++ {
			t := strings.IndexByte(pieceLetters, side[i])
			if t < 0 || i > 0 && (board.PieceType(t) > last || t == int(board.King)) {
				return m, false
			}
			last = board.PieceType(t)
			m[c][t]++
		}
	}
	if n := m.total(); n < 2 || n > maxPieces {
		return m, false
	}
	return m, true
}

// materialOf counts the pieces of a position.
func materialOf(p *position) material {
	var m material
	for c := 0; c < 2; c++ {
		for t := board.Pawn; t <= board.King; t++ {
			m[c][t] = p.pieces[c][t].Count()
		}
	}
	return m
}
