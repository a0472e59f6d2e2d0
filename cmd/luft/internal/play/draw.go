package play

import (
	"strings"

	"github.com/muesli/termenv"

	"github.com/luftchess/luft/engine/board"
)

// glyphs holds the Unicode chess pieces in the order of board.Piece
// (type<<1 | colour, White 0), then the empty square.
var glyphs = [...]string{"♙", "♟", "♘", "♞", "♗", "♝", "♖", "♜", "♕", "♛", "♔", "♚", "·"}

// squareAt returns the square drawn in row and column (0, 0 at the top
// left) of a board seen from White's side, or from Black's when flipped.
func squareAt(row, col int, flipped bool) board.Square {
	if flipped {
		return board.MakeSquare(7-col, row)
	}
	return board.MakeSquare(col, 7-row)
}

// rankLabel returns the rank of row, followed by a space: "8 ".
func rankLabel(row int, flipped bool) string {
	return string(rune('1'+squareAt(row, 0, flipped).Rank())) + " "
}

// fileLabels returns the files from left to right.
func fileLabels(flipped bool) []string {
	files := strings.Split("abcdefgh", "")
	if flipped {
		files = strings.Split("hgfedcba", "")
	}
	return files
}

// drawBoard returns p drawn as plain text with Unicode pieces, ranks on
// the left and files below, seen from White's side, or from Black's when
// flipped.
func drawBoard(p *board.Position, flipped bool) string {
	var b strings.Builder
	for row := range 8 {
		b.WriteString(rankLabel(row, flipped))
		for col := range 8 {
			if col > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(glyphs[p.PieceAt(squareAt(row, col, flipped))])
		}
		b.WriteByte('\n')
	}
	b.WriteString("  " + strings.Join(fileLabels(flipped), " ") + "\n")
	return b.String()
}

// palette holds the colours of a coloured board.
type palette struct {
	light, dark         termenv.Color
	lastLight, lastDark termenv.Color    // the squares of the last move
	check               termenv.Color    // under a king in check
	pieces              [2]termenv.Color // by board.Color
}

// paletteFor returns the colours of the board in a terminal of profile
// prof: wood a shade darker than lichess's, so that white pieces show on
// the light squares, and lichess's yellow-green for the last move; in 16
// colours, where the nearest to those are garish, ones of its own.
func paletteFor(prof termenv.Profile) palette {
	if prof == termenv.ANSI {
		return palette{
			light: termenv.ANSIYellow, dark: termenv.ANSIGreen,
			lastLight: termenv.ANSIBrightCyan, lastDark: termenv.ANSICyan,
			check:  termenv.ANSIRed,
			pieces: [2]termenv.Color{termenv.ANSIBrightWhite, termenv.ANSIBlack},
		}
	}
	return palette{
		light: prof.Color("#c8b28c"), dark: prof.Color("#8c6a48"),
		lastLight: prof.Color("#c6c65c"), lastDark: prof.Color("#9c9a3a"),
		check:  prof.Color("#d9534f"),
		pieces: [2]termenv.Color{prof.Color("#ffffff"), prof.Color("#000000")},
	}
}

// drawColorBoard returns p drawn for a terminal of profile prof, not
// termenv.Ascii: as drawBoard draws it, but on light and dark squares
// three columns wide, with the solid glyphs in white and black, the
// squares of the move last (NoMove for none) marked and a king in check
// on red.
func drawColorBoard(p *board.Position, flipped bool, last board.Move, prof termenv.Profile) string {
	pal := paletteFor(prof)
	var b strings.Builder
	for row := range 8 {
		b.WriteString(rankLabel(row, flipped))
		for col := range 8 {
			sq := squareAt(row, col, flipped)
			style := prof.String().Background(pal.square(p, sq, last))
			glyph := " "
			if pc := p.PieceAt(sq); pc != board.NoPiece {
				glyph = glyphs[pc|1] // the solid one
				style = style.Foreground(pal.pieces[pc.Color()])
			}
			b.WriteString(style.Styled(" " + glyph + " "))
		}
		b.WriteByte('\n')
	}
	b.WriteString("   " + strings.Join(fileLabels(flipped), "  ") + "\n")
	return b.String()
}

// square returns the background colour of sq.
func (pal palette) square(p *board.Position, sq board.Square, last board.Move) termenv.Color {
	light := (sq.File()+sq.Rank())%2 == 1
	marked := last != board.NoMove && (sq == last.From() || sq == last.To())
	switch {
	case p.InCheck() && sq == p.KingSquare(p.SideToMove()):
		return pal.check
	case marked && light:
		return pal.lastLight
	case marked:
		return pal.lastDark
	case light:
		return pal.light
	}
	return pal.dark
}
