package play

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/muesli/termenv"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

func TestDrawBoard(t *testing.T) {
	p := boardtest.Position(t, "r3k3/8/8/8/4P3/8/8/4K2R b K e3 0 1")
	white := `8 ♜ · · · ♚ · · ·
7 · · · · · · · ·
6 · · · · · · · ·
5 · · · · · · · ·
4 · · · · ♙ · · ·
3 · · · · · · · ·
2 · · · · · · · ·
1 · · · · ♔ · · ♖
  a b c d e f g h
`
	black := `1 ♖ · · ♔ · · · ·
2 · · · · · · · ·
3 · · · · · · · ·
4 · · · ♙ · · · ·
5 · · · · · · · ·
6 · · · · · · · ·
7 · · · · · · · ·
8 · · · ♚ · · · ♜
  h g f e d c b a
`
	if diff := cmp.Diff(white, drawBoard(p, false)); diff != "" {
		t.Errorf("White's view (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(black, drawBoard(p, true)); diff != "" {
		t.Errorf("Black's view (-want +got):\n%s", diff)
	}
	start := drawBoard(board.NewPosition(), false)
	if !strings.HasPrefix(start, "8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n7 ♟") || !strings.Contains(start, "1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n") {
		t.Errorf("start position drawn as\n%s", start)
	}
}

// TestDrawColorBoard checks the board in colour, in each profile with
// colours: its text, and the colour behind each square, as letters: l and
// d for light and dark, m and M for the last move on light and dark, c
// under a king in check.
func TestDrawColorBoard(t *testing.T) {
	start := gameAfter(t, board.StartFEN, "")
	mate := gameAfter(t, board.StartFEN, "f3 e5 g4 Qh4")
	startText := []string{
		"8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜ ",
		"7  ♟  ♟  ♟  ♟  ♟  ♟  ♟  ♟ ",
		"6                         ",
		"5                         ",
		"4                         ",
		"3                         ",
		"2  ♟  ♟  ♟  ♟  ♟  ♟  ♟  ♟ ",
		"1  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜ ",
		"   a  b  c  d  e  f  g  h",
	}
	mateFlipped := []string{
		"1  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜ ",
		"2  ♟        ♟  ♟  ♟  ♟  ♟ ",
		"3        ♟                ",
		"4  ♛  ♟                   ",
		"5           ♟             ",
		"6                         ",
		"7  ♟  ♟  ♟     ♟  ♟  ♟  ♟ ",
		"8  ♜  ♞  ♝  ♚     ♝  ♞  ♜ ",
		"   h  g  f  e  d  c  b  a",
	}
	startColors := []string{"ldldldld", "dldldldl", "ldldldld", "dldldldl", "ldldldld", "dldldldl", "ldldldld", "dldldldl"}
	mateColors := []string{"ldlMldld", "dldldldl", "ldldldld", "dldldldl", "ldldldlM", "dldldldl", "ldldldld", "dldlcldl"}
	mateFlippedColors := []string{"ldlcldld", "dldldldl", "ldldldld", "Mldldldl", "ldldldld", "dldldldl", "ldldldld", "dldlMldl"}
	tests := []struct {
		name    string
		g       *game
		flipped bool
		prof    termenv.Profile
		text    []string // nil: not checked
		colors  []string
	}{
		{"start", start, false, termenv.TrueColor, startText, startColors},
		{"start, 256 colours", start, false, termenv.ANSI256, startText, startColors},
		{"start, 16 colours", start, false, termenv.ANSI, startText, startColors},
		{"mate", mate, false, termenv.TrueColor, nil, mateColors},
		{"mate, flipped", mate, true, termenv.ANSI256, mateFlipped, mateFlippedColors},
		{"mate, 16 colours", mate, true, termenv.ANSI, mateFlipped, mateFlippedColors},
	}
	for _, tt := range tests {
		out := drawColorBoard(tt.g.pos, tt.flipped, tt.g.lastMove(), tt.prof)
		text, colors := readColorBoard(t, out, paletteFor(tt.prof))
		if diff := cmp.Diff(tt.text, text); tt.text != nil && diff != "" {
			t.Errorf("%s: text (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(tt.colors, colors); diff != "" {
			t.Errorf("%s: colours (-want +got):\n%s", tt.name, diff)
		}
	}
	// The colours themselves, in true colour: a8 light with a black rook,
	// a7 dark with a black pawn, a2 light with a white one.
	out := drawColorBoard(start.pos, false, board.NoMove, termenv.TrueColor)
	for _, want := range []string{
		"8 \x1b[48;2;200;178;140;38;2;0;0;0m ♜ \x1b[0m",
		"7 \x1b[48;2;140;105;72;38;2;0;0;0m ♟ \x1b[0m",
		"2 \x1b[48;2;200;178;140;38;2;255;255;255m ♟ \x1b[0m",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the board in true colour lacks %q:\n%q", want, out)
		}
	}
}

// colorSquare is one square of a coloured board: its escape sequence and
// the three columns it styles.
var colorSquare = regexp.MustCompile("\x1b\\[([0-9;]*)m(.{3})\x1b\\[0m")

// readColorBoard returns the lines of a coloured board without escape
// sequences, and the colour of each square as the letters of
// TestDrawColorBoard.
func readColorBoard(t *testing.T, out string, pal palette) (text, colors []string) {
	t.Helper()
	names := []struct {
		c    termenv.Color
		name string
	}{{pal.light, "l"}, {pal.dark, "d"}, {pal.lastLight, "m"}, {pal.lastDark, "M"}, {pal.check, "c"}}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		text = append(text, colorSquare.ReplaceAllString(line, "$2"))
		var row strings.Builder
		for _, sq := range colorSquare.FindAllStringSubmatch(line, -1) {
			name := "?"
			for _, n := range names {
				if bg := n.c.Sequence(true); sq[1] == bg || strings.HasPrefix(sq[1], bg+";") {
					name = n.name
					break
				}
			}
			row.WriteString(name)
		}
		if row.Len() > 0 {
			colors = append(colors, row.String())
		}
	}
	return text, colors
}
