package play

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/player"
)

// session runs a scripted session and returns its transcript.
func runScript(t *testing.T, cfg Config, lines ...string) string {
	t.Helper()
	cfg.Rand = rand.New(rand.NewPCG(1, 2))
	cfg.MoveTime = 30 * time.Millisecond
	cfg.HashMB = 1
	cfg.Echo = true
	var out strings.Builder
	if err := Run(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, cfg); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// expectInOrder checks that the transcript matches the patterns one
// after another.
func expectInOrder(t *testing.T, transcript string, patterns ...string) {
	t.Helper()
	rest := transcript
	for _, p := range patterns {
		loc := regexp.MustCompile(p).FindStringIndex(rest)
		if loc == nil {
			t.Fatalf("transcript lacks %q after the earlier matches; transcript:\n%s", p, transcript)
		}
		rest = rest[loc[1]:]
	}
}

// TestSession plays moves in both notations, asks for suggestions and the
// legal moves, takes a move back, tries an illegal move and a mistyped
// command, changes the level and saves the game.
func TestSession(t *testing.T) {
	pgnFile := filepath.Join(t.TempDir(), "game.pgn")
	got := runScript(t, Config{Human: board.White, Level: player.ForElo(player.MinElo)},
		"e4",
		"suggest 2",
		"legal",
		"g1f3",
		"history",
		"undo",
		"history",
		"Ke3",
		"castle now",
		"fen",
		"flip",
		"level 25",
		"elo 1200",
		"save "+pgnFile,
		"quit",
	)
	const move = `[a-hKQRBNO][-a-h1-8x=QRBN+#]*`
	expectInOrder(t, got,
		`you play white against about 800 Elo`,
		`(?m)^8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜$`,
		`1\. white> e4\n`,
		`Luft plays 1\.\.\. `+move+` \(\d+\.\d s, eval [-+]\d+\.\d\d\)\n`,
		`2\. white> suggest 2\n`,
		`suggestions \(depth \d+\):\n 1\. `+move+` +[-+#]\d[.\d]* .*\n 2\. `+move,
		`2\. white> legal\n\d+ legal moves: .*Nf3`,
		`2\. white> g1f3\n`,
		`Luft plays 2\.\.\. `+move,
		`3\. white> history\n1\. e4 `+move+` 2\. Nf3 `+move+`\n`,
		`3\. white> undo\ntook back Nf3 `+move+`\n`,
		`2\. white> history\n1\. e4 `+move+`\n`,
		`2\. white> Ke3\nKe3 is not legal here; `,
		`unknown command "castle"; type help for the list\n`,
		`2\. white> fen\n\S+/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - \d+ 2\n`, // any reply to e4
		`(?m)^1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖\n2 ♙ ♙ ♙ · ♙ ♙ ♙ ♙$`,                   // flipped: h-file on the left
		`level 25 is outside 0-20\n`,
		`Luft now plays at about 1200 Elo\n`,
		`saved 1 move \(2 plies\) to `,
	)
	checkSaved(t, pgnFile, `[White "You"]`, "1. e4 ")
}

// checkSaved checks that the file a session saved holds one game that
// replays by the rules, and each of the texts.
func checkSaved(t *testing.T, file string, texts ...string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := pgn.CheckAll(strings.NewReader(string(data))); err != nil || n != 1 {
		t.Errorf("saved PGN: %d games, %v:\n%s", n, err, data)
	}
	for _, want := range texts {
		if !strings.Contains(string(data), want) {
			t.Errorf("saved PGN lacks %q:\n%s", want, data)
		}
	}
}

// TestFinishedGame mates, checks that the game refuses further moves,
// saves it with its result, and takes the mate back.
func TestFinishedGame(t *testing.T) {
	pgnFile := filepath.Join(t.TempDir(), "mate.pgn")
	got := runScript(t, Config{Human: board.White, FEN: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"},
		"Ra8",
		"e4",
		"suggest",
		"save "+pgnFile,
		"undo",
		"history",
	)
	expectInOrder(t, got,
		`you play white against full strength`,
		`1\. white> Ra8\n`,
		`(?m)^8 ♖ · · · · · ♚ ·$`,
		`Game over: checkmate: White wins \(1-0\)\. Type new, undo or save FILE\.\n`,
		`game over> e4\nthe game is over \(checkmate: White wins\); type new, undo or save FILE\n`,
		`game over> suggest\nthe game is over`,
		`saved 1 move \(1 ply\) to `,
		`game over> undo\ntook back Ra8#\n`,
		`1\. white> history\nno moves yet\n`,
	)
	if strings.Contains(got, "Luft plays") {
		t.Errorf("Luft moved after mate:\n%s", got)
	}
	checkSaved(t, pgnFile, `[Result "1-0"]`, `[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]`, "1. Ra8# {checkmate: White wins} 1-0")
}

// TestLuftOpensWithBook plays Black with a book: Luft's first move comes
// from it, and a new game starts again with Luft to move.
func TestLuftOpensWithBook(t *testing.T) {
	got := runScript(t, Config{Human: board.Black, Book: fixedBook("c2c4"), Level: player.ForSkill(5)},
		"e5", "new", "undo", "quit")
	expectInOrder(t, got,
		`you play black against about 1300 Elo`,
		`(?m)^1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖$`, // Black's view
		`Luft plays 1\. c4 \(\d+\.\d s, book, eval [-+]\d\.\d\d\)\n`,
		`1\.\.\. black> e5\n`,
		`Luft plays 2\. `,
		`new game: you play black\n`,
		`Luft plays 1\. c4 `,
		`1\.\.\. black> undo\nnothing to undo\n`,
	)
}

// TestTypedMoves plays a move typed in lower case, and shows the answers
// to an ambiguous move, an illegal one and a word that is no move.
func TestTypedMoves(t *testing.T) {
	got := runScript(t, Config{Human: board.White, FEN: "4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1"},
		"bxc3", "Nd2", "hello", "bxc3!", "b2c3", "quit")
	expectInOrder(t, got,
		`1\. white> bxc3\nbxc3 is ambiguous: type b2c3 for the pawn on b2 or Bxc3 for the bishop on a5\n`,
		`1\. white> Nd2\nNd2 is not legal here; did you mean Kd2\?\n`,
		`1\. white> hello\nunknown command "hello"; type help for the list\n`,
		`1\. white> bxc3!\nbxc3! is ambiguous: `,
		`1\. white> b2c3\nLuft plays 1\.\.\. K`,
	)
}

// TestColorSession checks that a session draws the board in colour, with
// the last move marked, only on a terminal with colours.
func TestColorSession(t *testing.T) {
	tests := []struct {
		name   string
		colors *termenv.Output
		want   bool
	}{
		{"no terminal", nil, false},
		{"no colours", termenv.NewOutput(io.Discard, termenv.WithProfile(termenv.Ascii)), false},
		{"256 colours", termenv.NewOutput(io.Discard, termenv.WithProfile(termenv.ANSI256)), true},
		{"true colour", termenv.NewOutput(io.Discard, termenv.WithProfile(termenv.TrueColor)), true},
	}
	for _, tt := range tests {
		got := runScript(t, Config{Human: board.White, Colors: tt.colors}, "e4", "board", "quit")
		if colored := strings.Contains(got, "\x1b["); colored != tt.want {
			t.Errorf("%s: board in colour %v, want %v:\n%s", tt.name, colored, tt.want, got)
		}
		if plain := strings.Contains(got, "1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n"); plain == tt.want {
			t.Errorf("%s: plain board %v, want %v:\n%s", tt.name, plain, !tt.want, got)
		}
		if !tt.want {
			continue
		}
		pal := paletteFor(tt.colors.Profile)
		after := got[strings.Index(got, "Luft plays"):]
		if !strings.Contains(after, pal.lastLight.Sequence(true)) && !strings.Contains(after, pal.lastDark.Sequence(true)) {
			t.Errorf("%s: Luft's move is not marked:\n%q", tt.name, after)
		}
	}
}

// fixedBook offers the same move in every position where it is legal.
type fixedBook string

func (b fixedBook) Pick(pos *board.Position, _ *rand.Rand) (board.Move, bool) {
	m, err := pos.ParseMove(string(b))
	return m, err == nil
}

// TestChess960Session plays Chess960: from a given start position,
// castling in SAN and as the king taking its rook where the king stays,
// the king's step of standard chess refused, no book move, a saved PGN
// with the Variant tag that replays by Chess960's rules, a new game from
// the same position; and without a position, games from random ones.
func TestChess960Session(t *testing.T) {
	const start = "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"
	pgnFile := filepath.Join(t.TempDir(), "c960.pgn")
	got := runScript(t, Config{Human: board.White, FEN: start, Chess960: true, Book: fixedBook("e7e5"), Level: player.ForSkill(5)},
		"Ne3",
		"g1g2",
		"g1h1",
		"undo",
		"O-O",
		"fen",
		"save "+pgnFile,
		"new",
		"fen",
		"quit",
	)
	expectInOrder(t, got,
		`Chess960: castle with O-O or O-O-O, or move the king onto its rook \(e1h1\)\.\n`,
		`(?m)^1 ♗ ♗ ♕ ♖ ♘ ♘ ♔ ♖$`,
		`1\. white> Ne3\n`,
		`Luft plays 1\.\.\. [a-hKQRBN]`,
		`2\. white> g1g2\ng1g2 is not legal here; `,
		`2\. white> g1h1\n`,
		`(?m)^1 ♗ ♗ ♕ ♖ ♘ ♖ ♔ ·$`,
		`3\. white> undo\ntook back O-O `,
		`2\. white> O-O\n`,
		`3\. white> fen\n\S+/BBQRNRK1 w kq - \d+ 3\n`,
		`saved 2 moves \(4 plies\) to `,
		`new game: you play white\n`,
		`1\. white> fen\n`+start+`\n`,
	)
	if strings.Contains(got, "book,") {
		t.Errorf("Luft played a book move in Chess960:\n%s", got)
	}
	checkSaved(t, pgnFile, `[Variant "fischerandom"]`, `[FEN "`+start+`"]`, "2. O-O ")

	got = runScript(t, Config{Human: board.White, Chess960: true}, "fen", "new", "fen", "quit")
	var starts []string
	for _, m := range regexp.MustCompile(`(?m)^([bnrqk]{8})/pppppppp/8/8/8/8/PPPPPPPP/([BNRQK]{8}) w KQkq - 0 1$`).FindAllStringSubmatch(got, -1) {
		if _, err := board.ParseFEN960(m[0]); err != nil || m[1] != strings.ToLower(m[2]) {
			t.Errorf("%s is not a Chess960 start position", m[0])
		}
		starts = append(starts, m[1])
	}
	if len(starts) != 2 || starts[0] == starts[1] {
		t.Errorf("start positions %q, want two different ones:\n%s", starts, got)
	}
}

// TestFormatScore checks that a score of the side to move is shown as
// White sees it.
func TestFormatScore(t *testing.T) {
	tests := []struct {
		s    engine.Score
		us   board.Color
		want string
	}{
		{35, board.White, "+0.35"},
		{35, board.Black, "-0.35"},
		{0, board.Black, "+0.00"},
		{-120, board.White, "-1.20"},
		{engine.MateScore - 5, board.White, "#3"},
		{engine.MateScore - 3, board.Black, "#-2"},
		{-engine.MateScore + 2, board.Black, "#1"},
	}
	for _, tt := range tests {
		if got := formatScore(tt.s, tt.us); got != tt.want {
			t.Errorf("formatScore(%d, %v) = %q, want %q", tt.s, tt.us, got, tt.want)
		}
	}
}
