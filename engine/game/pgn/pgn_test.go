package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/game/outcome"
)

func TestRoundTrip(t *testing.T) {
	games := []*Game{
		{
			Tags: []Tag{{"Event", `a "quoted" \ event`}, {"Result", "0-1"}, {"PlyCount", "4"}},
			Moves: []Move{
				{SAN: "f3", Comment: "+0.31/12 0.520s"}, {SAN: "e5", Comment: "-0.10/9 0.100s"},
				{SAN: "g4"}, {SAN: "Qh4#", Comment: "+M1/1 0.001s"},
			},
			Result:        "0-1",
			ResultComment: "Black mates",
		},
		{
			Tags:   []Tag{{"FEN", "k7/8/2Q5/8/8/8/8/7K b - - 0 40"}, {"SetUp", "1"}, {"Result", "*"}},
			Moves:  []Move{{SAN: "Kb8"}, {SAN: "Qb6+", Comment: "book"}, {SAN: "Kc8"}},
			Result: "*",
		},
	}
	var buf bytes.Buffer
	for _, g := range games {
		if _, err := g.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(buf.String(), "40... Kb8 41. Qb6+ {book} Kc8 *") {
		t.Errorf("move numbers from the FEN are wrong:\n%s", buf.String())
	}
	r := NewReader(&buf)
	for i, want := range games {
		got, err := r.Read()
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("game %d mismatch (-want +got):\n%s", i+1, diff)
		}
		if err := got.Check(); err != nil {
			t.Errorf("game %d: Check: %v", i+1, err)
		}
	}
}

// TestAnnotated checks the writing of NAGs and variations, and that Read
// drops them and keeps the moves and comments.
func TestAnnotated(t *testing.T) {
	g := &Game{
		Tags: []Tag{{"Result", "*"}},
		Moves: []Move{
			{SAN: "e4"},
			{SAN: "f6", NAG: "?!", Comment: "[%eval 0.9]", Variation: []string{"e5", "Nf3"}},
			{SAN: "d4"},
			{SAN: "g5", NAG: "??", Variation: []string{"e5"}},
			{SAN: "Qh5#"},
		},
		Result: "*",
	}
	var buf bytes.Buffer
	if _, err := g.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	want := "1. e4 f6?! {[%eval 0.9]} (1... e5 2. Nf3) 2. d4 g5?? (2... e5) 3. Qh5# *"
	if !strings.Contains(buf.String(), want) {
		t.Errorf("movetext:\n%s\nwant %s", buf.String(), want)
	}
	got, err := NewReader(&buf).Read()
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Moves {
		g.Moves[i].NAG, g.Moves[i].Variation = "", nil
	}
	if diff := cmp.Diff(g, got); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
}

// TestComments checks where Read puts each comment: a move keeps all the
// comments after it, lichess's verdict with its clock and evaluation, and
// those after its variation; cutechess's last comment before the result
// is the result's.
func TestComments(t *testing.T) {
	tests := []struct {
		name, movetext string
		comments       []string // of each move
		result         string   // the result comment
	}{
		{"lichess clocks", "1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } 2. Nf3 *",
			[]string{"[%clk 0:03:00]", "[%clk 0:02:59]", ""}, ""},
		{"lichess analysis", "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... f6?! { (0.17 → 0.90) Inaccuracy. e5 was best. } " +
			"{ [%eval 0.9] [%clk 0:02:59] } ( 1... e5 2. Nf3 ) 2. d4 { [%eval 0.8] } 1-0",
			[]string{"[%eval 0.17] [%clk 0:03:00]", "(0.17 → 0.90) Inaccuracy. e5 was best. [%eval 0.9] [%clk 0:02:59]", "[%eval 0.8]"}, ""},
		{"after a variation", "1. e4 {a} (1. d4 {in the variation}) {b} e5 *",
			[]string{"a b", ""}, ""},
		{"cutechess result", "1. f3 e5 2. g4 Qh4# {+M1/1 0.001s} {Black mates} 0-1",
			[]string{"", "", "", "+M1/1 0.001s"}, "Black mates"},
		{"one comment at the end", "1. f3 e5 2. g4 Qh4# {Black mates} 0-1",
			[]string{"", "", "", "Black mates"}, ""},
		{"no result", "1. e4 {a} {b} *", []string{"a"}, "b"},
		{"before the first move", "{the game} 1. e4 {a} *", []string{"a"}, "the game"},
	}
	for _, tt := range tests {
		g, err := NewReader(strings.NewReader(tt.movetext)).Read()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var comments []string
		for _, m := range g.Moves {
			comments = append(comments, m.Comment)
		}
		if diff := cmp.Diff(tt.comments, comments); diff != "" {
			t.Errorf("%s: move comments (-want +got):\n%s", tt.name, diff)
		}
		if g.ResultComment != tt.result {
			t.Errorf("%s: result comment %q, want %q", tt.name, g.ResultComment, tt.result)
		}
	}
}

// knightStart is a Chess960 start position where, once the knights on the
// f file are out, both kings castle on the king side without moving.
const knightStart = "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"

// TestCheckAllNamesGame checks how a bad game is named: by its number,
// then by the round and players its tags give, leaving out what they do
// not.
func TestCheckAllNamesGame(t *testing.T) {
	const illegal = "\n1. e4 e5 2. Ke3 *\n"
	const why = `move 2. Ke3: not legal in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2`
	tests := []struct{ tags, want string }{
		{"[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n", "game 1 (round 1, a vs b): " + why},
		{"", "game 1: " + why},
		{"[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n", "game 1: " + why},
		{"[Round \"-\"]\n[White \"a\"]\n", "game 1 (a vs ?): " + why},
		{"[Black \"b\"]\n", "game 1 (? vs b): " + why},
		{"[Round \"3.1\"]\n", "game 1 (round 3.1): " + why},
	}
	for _, tt := range tests {
		_, err := CheckAll(strings.NewReader(tt.tags + illegal))
		if diff := cmp.Diff(tt.want, fmt.Sprint(err)); diff != "" {
			t.Errorf("tags %q: (-want +got)\n%s", tt.tags, diff)
		}
	}
	// The second game is game 2.
	_, err := CheckAll(strings.NewReader("\n1. e4 *\n\n" + illegal))
	if diff := cmp.Diff("game 2: "+why, fmt.Sprint(err)); diff != "" {
		t.Errorf("second game: (-want +got)\n%s", diff)
	}
}

// TestCheckAllGoesOn checks that CheckAll checks the games after a bad
// one, and names each bad game.
func TestCheckAllGoesOn(t *testing.T) {
	const illegal = `move 2. Ke3: not legal in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2`
	tests := []struct {
		file string
		good int
		err  string
	}{
		{"comment", 2, `game 2: pgn: line 10: missing '}'`},
		{"tag", 2, `game 2: pgn: line 7: bad tag [White "never closed]`},
		{"illegal", 2, "game 2 (round 2, a vs b): " + illegal},
		{"noresult", 3, "<nil>"},
	}
	for _, tt := range tests {
		f, err := os.Open("testdata/broken/" + tt.file + ".pgn")
		if err != nil {
			t.Fatal(err)
		}
		good, err := CheckAll(f)
		f.Close()
		if diff := cmp.Diff(fmt.Sprint(tt.good, " ", tt.err), fmt.Sprint(good, " ", err)); diff != "" {
			t.Errorf("%s: good games and error (-want +got):\n%s", tt.file, diff)
		}
	}
	// Every bad game is named, a line each.
	_, err := CheckAll(strings.NewReader("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"y\"]\n\n1. e4 ) *\n"))
	want := "game 1: " + illegal + "\ngame 2: pgn: line 7: unexpected ')'"
	if diff := cmp.Diff(want, fmt.Sprint(err)); diff != "" {
		t.Errorf("two bad games (-want +got):\n%s", diff)
	}
}

func TestCheckAll(t *testing.T) {
	const header = "[Event \"x\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n"
	tests := []struct {
		name, pgn string
		games     int
		err       string // a substring of the error; empty for none
	}{
		{"good", header + "[Result \"0-1\"]\n\n1. f3 e5 {a comment} 2. g4 $1 (2. e4) Qh4# 0-1\n", 1, ""},
		{"two games", header + "\n1. e4 *\n\n" + header + "\n1. d4 d5 *\n", 2, ""},
		{"illegal move", header + "\n1. e4 e5 2. Ke3 *\n", 0, "move 2. Ke3: not legal in "},
		{"move after mate", header + "\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n", 0, "game already over"},
		{"move after threefold", header + "\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n", 0, "move 5. e4: game already over: Draw by 3-fold repetition"},
		{"wrong result after mate", header + "\n1. f3 e5 2. g4 Qh4# 1-0\n", 0, "Black mates"},
		{"result tag differs", header + "[Result \"1-0\"]\n\n1. e4 1/2-1/2\n", 0, "Result tag"},
		{"plycount differs", header + "[PlyCount \"3\"]\n\n1. e4 e5 *\n", 0, "PlyCount"},
		{"stalemate must be a draw", header + "[FEN \"k7/8/8/2Q5/8/8/8/7K w - - 0 1\"]\n\n1. Qb6 1-0\n", 0, "stalemate"},
		{"a position the side to move could take the king in", header + "[FEN \"k7/8/2Q5/8/8/8/8/7K w - - 0 1\"]\n\n1. Qb6 1/2-1/2\n", 0, "the side not to move is in check"},
		{"unterminated comment", header + "\n1. e4 {oops *\n", 0, "missing"},
		{"unterminated variation, its ) in a line comment", header + "\n1. e4 (1. d4 ; d5) *\n", 0, "unterminated variation"},
		// Chess960 by the Variant tag, as cutechess and lichess write it.
		{"Chess960", header + "[Variant \"fischerandom\"]\n[SetUp \"1\"]\n[FEN \"" + knightStart + "\"]\n\n1. Ne3 Ne6 2. O-O O-O *\n", 1, ""},
		{"Chess960 in Shredder-FEN", header + "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/3RK3 w D - 0 1\"]\n\n1. O-O-O Kf7 *\n", 1, ""},
		{"Chess960 castling needs the variant", header + "[FEN \"" + knightStart + "\"]\n\n1. Ne3 Ne6 2. O-O O-O *\n", 0, "castling right 'K' without king on e1"},
		{"Chess960 castling refused", header + "[Variant \"fischerandom\"]\n[FEN \"" + knightStart + "\"]\n\n1. O-O *\n", 0, "castling is not legal"},
		{"Chess960 mate", header + "[Variant \"fischerandom\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. Ra8# 1/2-1/2\n", 0, "White mates"},
		{"another variant", header + "[Variant \"crazyhouse\"]\n\n1. e4 *\n", 0, "neither standard chess nor Chess960"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := CheckAll(strings.NewReader(tt.pgn))
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("CheckAll error = %v, want %q", err, tt.err)
			}
			if n != tt.games {
				t.Errorf("CheckAll = %d games, want %d", n, tt.games)
			}
		})
	}
}

// TestCastlingWithZeros checks that castling written with zeros, as many
// PGN files write it, is read as O-O and O-O-O, with its check mark and
// without its annotation, and replays.
func TestCastlingWithZeros(t *testing.T) {
	f, err := os.Open("testdata/castling.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tests := []struct {
		event string
		moves []string
	}{
		{"both sides, no suffix", []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d3", "O-O"}},
		{"with check", []string{"O-O+", "Ke7"}},
		{"queenside, annotated", []string{"O-O-O", "O-O"}},
		{"queenside with check and a NAG", []string{"O-O-O+", "Ke7"}},
		{"a result after castling", []string{"O-O+"}},
	}
	r := NewReader(f)
	for _, tt := range tests {
		g, err := r.Read()
		if err != nil {
			t.Fatalf("%s: %v", tt.event, err)
		}
		if event, _ := g.Tag("Event"); event != tt.event {
			t.Fatalf("read game %q, want %q", event, tt.event)
		}
		var sans []string
		for _, m := range g.Moves {
			sans = append(sans, m.SAN)
		}
		if diff := cmp.Diff(tt.moves, sans); diff != "" {
			t.Errorf("%s: moves (-want +got):\n%s", tt.event, diff)
		}
		if _, err := g.Replay(); err != nil {
			t.Errorf("%s: %v", tt.event, err)
		}
	}
}

// TestGames checks that a broken game in the middle of a file costs that
// game alone: it comes as a ParseError naming it, and the games after it
// are read.
func TestGames(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"comment", []string{"one: 3 moves *", `game 2: pgn: line 10: missing '}'`, "three: 2 moves 1-0"}},
		{"tag", []string{"one: 3 moves *", `game 2: pgn: line 7: bad tag [White "never closed]`, "three: 2 moves 1-0"}},
		{"unexpected", []string{"one: 3 moves *", `game 2: pgn: line 9: unexpected ')'`, "three: 2 moves 1-0"}},
		{"variation", []string{"one: 3 moves *", "game 2: pgn: line 11: unterminated variation", "three: 2 moves 1-0"}},
		// Not broken: a game without a result ends where the next begins,
		// and a line of a comment may start with a command or look like
		// a tag pair.
		{"noresult", []string{"one: 3 moves *", "two: 3 moves *", "three: 2 moves 1-0"}},
		{"command", []string{"one: 3 moves *", "two: 2 moves *", "three: 2 moves 1-0"}},
		// A line of a comment that looks like a tag pair is the comment's.
		{"tagcomment", []string{"one: 3 moves *", "two: 3 moves *", "three: 2 moves 1-0"}},
		// A parenthesis in a comment of either kind in a variation is
		// the comment's, and so is a brace in a line comment.
		{"varcomment", []string{
			"a ) in a line comment: 2 moves *",
			"a ( in a line comment: 2 moves *",
			"a { in a line comment: 2 moves *",
			"parentheses in a brace comment: 2 moves *",
			"three: 2 moves 1-0",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open("testdata/broken/" + tt.file + ".pgn")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var got []string
			for g, err := range NewReader(f).Games() {
				if pe, ok := err.(*ParseError); ok {
					got = append(got, fmt.Sprintf("game %d: %v", pe.Game, err))
					continue
				} else if err != nil {
					t.Fatal(err)
				}
				event, _ := g.Tag("Event")
				got = append(got, fmt.Sprintf("%s: %d moves %s", event, len(g.Moves), g.Result))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("games (-want +got):\n%s", diff)
			}
		})
	}
}

// TestGamesReadError checks that an error of reading the stream ends
// Games, and that Err returns it.
func TestGamesReadError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader("[Event \"one\"]\n\n1. e4 *\n\n[Event \"two\"]\n\n1. d4 {cut"), iotest.ErrReader(boom)))
	var events []string
	for g, err := range r.Games() {
		if err != nil {
			t.Fatalf("Games yielded %v", err)
		}
		event, _ := g.Tag("Event")
		events = append(events, event)
	}
	if diff := cmp.Diff([]string{"one"}, events); diff != "" {
		t.Errorf("games (-want +got):\n%s", diff)
	}
	if err := r.Err(); err != boom {
		t.Errorf("Err() = %v, want %v", err, boom)
	}
	if err := NewReader(strings.NewReader("1. e4 *\n")).Err(); err != nil {
		t.Errorf("Err() of a good stream = %v", err)
	}
}

// TestCommentOpen checks which lines leave a {comment} open for the next
// line to start in.
func TestCommentOpen(t *testing.T) {
	tests := []struct {
		line       string
		open, want bool // open at the line's start, and at its end
	}{
		{"1. e4 {a comment\n", false, true},
		{"1. e4 {a comment} e5\n", false, false},
		{"1. e4 {one} e5 {two\n", false, true},
		{"[Event \"x\"] still the comment\n", true, true},
		{"still the comment} e5\n", true, false},
		{"a { inside a comment opens nothing\n", true, true},
		{"1. e4 ; a line comment {\n", false, false},
		{"1. e4 {a comment; not a line comment\n", false, true},
		{"[Event \"a {brace}\"]\n", false, false},
		{"[Event \"a { and a \\\" quote\"]\n", false, false},
		{"[Event \"x\"] {a comment after a tag\n", false, true},
	}
	for _, tt := range tests {
		if got := commentOpen([]byte(tt.line), tt.open); got != tt.want {
			t.Errorf("commentOpen(%q, %v) = %v, want %v", tt.line, tt.open, got, tt.want)
		}
	}
}

// TestPlay replays games on Luft's board: the moves read, the position
// they lead to, the moves before a bad one, and the errors that name
// the variant, the FEN tag or the move.
func TestPlay(t *testing.T) {
	tests := []struct {
		name, pgn string
		moves     int    // moves read, up to a bad one
		fen       string // the position after them; "" to skip the check
		err       string // a substring of the error; empty for none
	}{
		{"standard", "1. e4 e5 2. Nf3 *", 3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", ""},
		{"chess960 castling", `[Variant "Chess960"]
[FEN "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"]

1. Ng3 Ng6 2. Nf3 Nf6 3. O-O O-O *`, 6, "bbqr1rk1/pppppppp/5nn1/8/8/5NN1/PPPPPPPP/BBQR1RK1 w - - 6 4", ""},
		{"fischerandom", `[Variant "fischerandom"]
[FEN "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w HDhd - 0 1"]

1. Ng3 Ng6 2. Nf3 Nf6 3. O-O O-O *`, 6, "bbqr1rk1/pppppppp/5nn1/8/8/5NN1/PPPPPPPP/BBQR1RK1 w - - 6 4", ""},
		{"standard variant", "[Variant \"Standard\"]\n\n1. d4 *", 1, "", ""},
		{"moves after a threefold repetition", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *", 9, "", ""},
		{"illegal", "1. e4 e5 2. Nf3 Qh5 *", 3, "", "move 2... Qh5: not legal in "},
		{"after mate", "1. f3 e5 2. g4 Qh4# 3. a3 0-1", 4, "", "move 3. a3: "},
		{"variant", "[Variant \"Atomic\"]\n\n1. e4 *", 0, "", `variant "Atomic"`},
		{"fen", "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *", 0, "", "FEN tag: "},
	}
	for _, tt := range tests {
		g, err := NewReader(strings.NewReader(tt.pgn)).Read()
		if err != nil {
			t.Fatal(err)
		}
		pos, moves, err := g.Play()
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want one with %q", tt.name, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case len(moves) != tt.moves:
			t.Errorf("%s: %d moves, want %d", tt.name, len(moves), tt.moves)
		}
		if pos == nil || tt.fen == "" {
			continue
		}
		for _, m := range moves {
			pos.Make(m)
		}
		if pos.FEN() != tt.fen {
			t.Errorf("%s: the moves lead to %s, want %s", tt.name, pos.FEN(), tt.fen)
		}
	}
}

// TestOutcome reads the result of a finished game, and refuses an
// unfinished one.
func TestOutcome(t *testing.T) {
	for _, tt := range []struct {
		result string
		want   outcome.Result
		err    bool
	}{
		{"1-0", outcome.WhiteWins, false},
		{"0-1", outcome.BlackWins, false},
		{"1/2-1/2", outcome.Draw, false},
		{"*", outcome.Unfinished, true},
		{"", outcome.Unfinished, true},
		{"1/2", outcome.Unfinished, true},
	} {
		got, err := (&Game{Result: tt.result}).Outcome()
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("Outcome of %q = %v, %v; want %v and an error %v", tt.result, got, err, tt.want, tt.err)
		}
	}
}

// TestIsChess960 checks the names of Chess960, each as PGN Variant tags
// and OpenBench's genfens command write it, and names that are not.
func TestIsChess960(t *testing.T) {
	tests := []struct {
		variant string
		want    bool
	}{
		{"fischerandom", true},  // cutechess
		{"Chess960", true},      // lichess
		{"frc", true},           // OpenBench's genfens
		{"fischerrandom", true}, // the usual spelling
		{"Fischer Random", true},
		{"chess 960", true},
		{"FRC", true},
		{Variant960, true},

		{"", false},
		{"standard", false},
		{"Atomic", false},
		{"960", false},
		{"chess", false},
		{"fischer", false},
		{"dfrc", false}, // double Fischer random: the sides start differently
	}
	for _, tt := range tests {
		if got := IsChess960(tt.variant); got != tt.want {
			t.Errorf("IsChess960(%q) = %v, want %v", tt.variant, got, tt.want)
		}
	}
}
