package play

import (
	"strings"

	"github.com/luftchess/luft/engine/board"
)

// glyphs holds the Unicode chess pieces in the order of board.Piece
// (type<<1 | colour, White 0), then the empty square.
var glyphs = [...]string{"♙", "♟", "♘", "♞", "♗", "♝", "♖", "♜", "♕", "♛", "♔", "♚", "·"}

// drawBoard returns p drawn with Unicode pieces, ranks on the left and
// files below, seen from White's side, or from Black's when flipped.
func drawBoard(p *board.Position, flipped bool) string {
	var b strings.Builder
	files := "a b c d e f g h"
	for row := range 8 {
		rank := 7 - row
		if flipped {
			rank = row
		}
		b.WriteString(string(rune('1'+rank)) + " ")
		for col := range 8 {
			file := col
			if flipped {
				file = 7 - col
			}
			if col > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(glyphs[p.PieceAt(board.MakeSquare(file, rank))])
		}
		b.WriteByte('\n')
	}
	if flipped {
		files = "h g f e d c b a"
	}
	b.WriteString("  " + files + "\n")
	return b.String()
}
