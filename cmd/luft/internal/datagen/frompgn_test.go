package datagen

import (
	"bytes"
	"compress/bzip2"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/pgn"
)

// row is a record as the tests compare it.
type row struct {
	FEN    string
	Score  int16
	Move   string
	Result string
}

// convert returns the rows ConvertPGN makes of text, its stats and the
// games it reported broken, by number.
func convert(t *testing.T, text io.Reader) ([]row, PGNStats, []int) {
	t.Helper()
	var buf bytes.Buffer
	w := trainingdata.NewWriter(&buf)
	var st PGNStats
	var broken []int
	if err := ConvertPGN(text, w, &st, func(game int, err error) { broken = append(broken, game) }); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	r, err := trainingdata.NewReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var rows []row
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row{rec.Pos.FEN(), rec.Score, rec.Move.UCI(false), rec.Result.String()})
	}
	return rows, st, broken
}

// scoreComment is what luft match writes before a move's time.
var scoreComment = regexp.MustCompile(`^([+-]?)(M?)(\d+(?:\.\d+)?)/\d+ `)

// expected replays the games of the PGN file name on its own, reading the
// comments with scoreComment, and returns the rows they must make: the
// position before each move with a centipawn score, unless the side to
// move is in check or the move captures, promotes or castles in Chess960.
// Records of Chess960 positions hold no castling rights.
func expected(t *testing.T, name string) []row {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pr := pgn.NewReader(f)
	var rows []row
	for {
		g, err := pr.Read()
		if err == io.EOF {
			return rows
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, gameRows(t, g)...)
	}
}

// gameRows returns the rows of one game of expected.
func gameRows(t *testing.T, g *pgn.Game) []row {
	t.Helper()
	fen, _ := g.Tag("FEN")
	v, _ := g.Tag("Variant")
	pos, err := board.ParseFENVariant(fen, v == "fischerandom")
	if err != nil {
		t.Fatal(err)
	}
	var rows []row
	for _, mv := range g.Moves {
		m, err := pos.ParseSAN(mv.SAN)
		if err != nil {
			t.Fatal(err)
		}
		sc := scoreComment.FindStringSubmatch(mv.Comment + " ")
		quiet := !pos.InCheck() && !pos.IsCapture(m) && !m.IsPromotion() && !(pos.Chess960() && m.IsCastling())
		if sc != nil && sc[2] == "" && quiet {
			pawns, _ := strconv.ParseFloat(sc[3], 64)
			cp := int16(pawns*100 + 0.5)
			if sc[1] == "-" {
				cp = -cp
			}
			rows = append(rows, row{recordFEN(pos), cp, m.UCI(false), g.Result})
		}
		pos.Make(m)
	}
	return rows
}

// recordFEN returns the FEN of pos as a record gives it back: without the
// castling rights of a Chess960 position (trainingdata's doc.go).
func recordFEN(pos *board.Position) string {
	f := strings.Fields(pos.FEN())
	if pos.Chess960() {
		f[2] = "-"
	}
	return strings.Join(f, " ")
}

// TestConvertMatchPGN checks that the games of a luft match (standard
// games from EPD openings, and Chess960 games) convert to the positions,
// scores, moves and results that replaying them gives, move by move, and
// that their bzip2 file converts the same.
func TestConvertMatchPGN(t *testing.T) {
	const name = "testdata/match.pgn"
	want := expected(t, name)
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	got, st, broken := convert(t, bytes.NewReader(text))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records (-want +got):\n%s", diff)
	}
	if len(broken) > 0 || st.Games != 6 || st.Written != len(want) || st.Mate == 0 {
		t.Errorf("stats %v, broken %v; want 6 games, %d written, some mate scores", st, broken, len(want))
	}
	z, err := os.Open(name + ".bz2")
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	gotz, stz, _ := convert(t, bzip2.NewReader(z))
	if diff := cmp.Diff(got, gotz); diff != "" || stz != st {
		t.Errorf("bzip2 file: stats %v, want %v; records (-plain +bzip2):\n%s", stz, st, diff)
	}
}

// TestConvertBrokenGames checks that a game with an illegal move, one with
// no result and one cut off are reported by number, and that the others
// convert as they do alone.
func TestConvertBrokenGames(t *testing.T) {
	game := func(moves string, result string) string {
		return fmt.Sprintf("[Event \"t\"]\n[Result \"%s\"]\n\n%s %s\n\n", result, moves, result)
	}
	good1 := game("1. e4 {book} e5 {+0.20/10 0.1s} 2. Nf3 {+0.31/12, 0.120s} Nc6 {-0.25/11 0.1s} 3. Bb5 {+M5/20 1s}", "1-0")
	good2 := game("1. d4 {+0.10/9 0.1s} d5 {-0.05/9 0.1s} 2. c4 {0.00/8 0.1s}", "1/2-1/2")
	illegal := game("1. e4 {+0.2/5 0.1s} e4 {+0.1/5 0.1s}", "0-1")
	noResult := game("1. e4 {+0.2/5 0.1s} e5 {+0.1/5 0.1s}", "*")
	cut := "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 {+0.2/5 0.1s} e5 {+0.1/5 0.1"
	alone, _, _ := convert(t, strings.NewReader(good1+good2))
	got, st, broken := convert(t, strings.NewReader(good1+illegal+noResult+good2+cut))
	if diff := cmp.Diff(alone, got); diff != "" {
		t.Errorf("records (-alone +among broken games):\n%s", diff)
	}
	if diff := cmp.Diff([]int{2, 3, 5}, broken); diff != "" {
		t.Errorf("broken games (-want +got):\n%s", diff)
	}
	want := PGNStats{Games: 2, Broken: 3, Moves: 8, NoScore: 1, Mate: 1, Written: 6}
	if st != want {
		t.Errorf("stats %+v, want %+v", st, want)
	}
}

// TestConvertUnreadableGames checks that a game the PGN reader cannot read
// is reported by number and costs that game alone: the games after it
// convert as the good games do alone.
func TestConvertUnreadableGames(t *testing.T) {
	tests := []struct {
		file, alone string // the games, and the good ones alone
		broken      []int
	}{
		{"testdata/unreadable.pgn", "testdata/unreadable-good.pgn", []int{2, 4, 5}},
	}
	for _, tt := range tests {
		alone, want, _ := convert(t, open(t, tt.alone))
		got, st, broken := convert(t, open(t, tt.file))
		if diff := cmp.Diff(alone, got); diff != "" {
			t.Errorf("%s: records (-alone +among broken games):\n%s", tt.file, diff)
		}
		if diff := cmp.Diff(tt.broken, broken); diff != "" {
			t.Errorf("%s: broken games (-want +got):\n%s", tt.file, diff)
		}
		if want.Broken = len(tt.broken); st != want {
			t.Errorf("%s: stats %+v, want %+v", tt.file, st, want)
		}
	}
}

// open opens the file name for the test.
func open(t *testing.T, name string) io.Reader {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestConvertVariants checks that a game is replayed by the rules its
// Variant tag names, as luft review replays it (pgn.Game.Play): Chess960
// by Chess960's, under each of its names, and a variant that is neither
// standard chess nor Chess960 is refused by name, not read as standard
// chess.
func TestConvertVariants(t *testing.T) {
	const (
		start960 = "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"
		moves960 = "1. Ng3 {+0.20/5 0.1s} Ng6 {-0.10/5 0.1s} 2. Nf3 {+0.20/5 0.1s} Nf6 {-0.10/5 0.1s} 3. O-O {+0.20/5 0.1s} O-O {-0.10/5 0.1s}"
		moves    = "1. e4 {+0.20/5 0.1s} e5 {-0.10/5 0.1s}"
	)
	tests := []struct {
		variant, fen, moves string
		written             int    // records written
		err                 string // why the game is left out; "" for none
	}{
		{"", "", moves, 2, ""},
		{"Standard", "", moves, 2, ""},
		{"Chess960", start960, moves960, 4, ""}, // the castling moves are left out
		{"fischerandom", start960, moves960, 4, ""},
		{"Atomic", "", moves, 0, `variant "Atomic" is neither standard chess nor Chess960`},
		{"Three-check", "", moves, 0, `variant "Three-check" is neither standard chess nor Chess960`},
	}
	for _, tt := range tests {
		text := "[Event \"t\"]\n"
		if tt.variant != "" {
			text += fmt.Sprintf("[Variant %q]\n", tt.variant)
		}
		if tt.fen != "" {
			text += fmt.Sprintf("[SetUp \"1\"]\n[FEN %q]\n", tt.fen)
		}
		text += "\n" + tt.moves + " 1-0\n"
		var st PGNStats
		var why string
		w := trainingdata.NewWriter(io.Discard)
		if err := ConvertPGN(strings.NewReader(text), w, &st, func(_ int, err error) { why = err.Error() }); err != nil {
			t.Fatal(err)
		}
		if st.Written != tt.written || why != tt.err {
			t.Errorf("variant %q: %d records written, left out for %q; want %d, %q", tt.variant, st.Written, why, tt.written, tt.err)
		}
	}
}
