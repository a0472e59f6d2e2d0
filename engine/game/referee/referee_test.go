package referee

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
)

type verdict struct {
	Result      outcome.Result
	Termination outcome.Termination
	Detail      string
	Plies       int // moves accepted
}

func TestGameEndings(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		moves string
		want  verdict
	}{
		{"fool's mate", "", "f2f3 e7e5 g2g4 d8h4",
			verdict{outcome.BlackWins, outcome.Checkmate, "Black mates", 4}},
		{"stalemate", "k7/8/8/2Q5/8/8/8/7K w - - 0 1", "c5b6",
			verdict{outcome.Draw, outcome.Stalemate, "Draw by stalemate", 1}},
		// The start position occurs at plies 0, 4 and 8.
		{"threefold", "", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
			verdict{outcome.Draw, outcome.Repetition, "Draw by 3-fold repetition", 8}},
		{"twofold goes on", "", "g1f3 g8f6 f3g1 f6g8",
			verdict{outcome.Unfinished, outcome.Ongoing, "", 4}},
		// After e2e4 the FEN has ep square e3, but no capture is possible,
		// so the position is the same as after the knight dance (FIDE
		// 9.2.3): third occurrence at ply 9. A FEN-compare would miss it.
		{"threefold with a dead en-passant square", "", "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1",
			verdict{outcome.Draw, outcome.Repetition, "Draw by 3-fold repetition", 9}},
		{"fifty moves", "k7/8/8/8/8/8/8/K6R w - - 99 80", "h1h2",
			verdict{outcome.Draw, outcome.FiftyMoves, "Draw by fifty moves rule", 1}},
		{"mate on the hundredth half-move wins", "k7/8/1K6/8/8/8/8/7R w - - 99 80", "h1h8",
			verdict{outcome.WhiteWins, outcome.Checkmate, "White mates", 1}},
		{"capture resets the fifty-move count", "k7/8/8/8/8/8/1r6/KR6 w - - 99 80", "b1b2",
			verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		{"insufficient material", "k7/8/8/8/8/8/1r6/K7 w - - 0 1", "a1b2",
			verdict{outcome.Draw, outcome.InsufficientMaterial, "Draw by insufficient mating material", 1}},
		{"king and bishop vs king", "k7/8/8/8/8/8/1r6/KB6 w - - 0 1", "a1b2",
			verdict{outcome.Draw, outcome.InsufficientMaterial, "Draw by insufficient mating material", 1}},
		{"knight and bishop can mate", "k7/8/8/8/8/8/1r6/KBN5 w - - 0 1", "a1b2",
			verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		// Bishops e2 and c8 stand on light squares: no mate is possible.
		{"bishops all on one colour", "k1b5/8/8/8/8/8/1r2B3/K7 w - - 0 1", "a1b2",
			verdict{outcome.Draw, outcome.InsufficientMaterial, "Draw by insufficient mating material", 1}},
		{"bishops on both colours can mate", "kb6/8/8/8/8/8/1r2B3/K7 w - - 0 1", "a1b2",
			verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		{"two knights can mate", "k7/8/8/8/8/8/1r6/KNN5 w - - 0 1", "a1b2",
			verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		{"EPD without counters", "k7/8/8/2Q5/8/8/8/7K w - -", "c5b6",
			verdict{outcome.Draw, outcome.Stalemate, "Draw by stalemate", 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := NewGame(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range strings.Fields(tt.moves) {
				if _, err := g.Move(m); err != nil {
					t.Fatalf("Move(%s): %v", m, err)
				}
			}
			r, term, detail := g.Result()
			got := verdict{r, term, detail, len(g.Moves())}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestIllegalMoves(t *testing.T) {
	tests := []struct {
		fen, move string
	}{
		{"", "e2e5"},
		{"", "e1g1"},  // castling through pieces
		{"", "xyzzy"}, // garbage
		{"", "0000"},  // null move
		{"", "(none)"},
		{"", ""},
		{"", "e7e5"},                             // opponent's piece
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8"}, // promotion without piece
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8k"},    // promotion to king
		{"4k3/8/8/8/8/8/8/4K2r w - - 0 1", "e1f1"},   // into check
		{"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "e1c1x"}, // unreadable
		{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8"},   // legal, checked below
	}
	for _, tt := range tests[:len(tests)-1] {
		g, err := NewGame(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		before := g.FEN()
		if san, err := g.Move(tt.move); !errors.Is(err, ErrIllegal) {
			t.Errorf("Move(%q) in %q = %q, %v; want ErrIllegal", tt.move, tt.fen, san, err)
		}
		if g.FEN() != before || len(g.Moves()) != 0 {
			t.Errorf("Move(%q) changed the game", tt.move)
		}
	}
	// Castling with the rook present is legal and written O-O-O.
	g, _ := NewGame(tests[len(tests)-1].fen)
	if san, err := g.Move("e8c8"); err != nil || san != "O-O-O" {
		t.Errorf("Move(e8c8) = %q, %v; want O-O-O", san, err)
	}
}

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in      string
		want    TimeControl
		wantErr bool
	}{
		{in: "10+0.1", want: TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}},
		{in: "40/60", want: TimeControl{Moves: 40, Base: time.Minute}},
		{in: "40/1:30+1", want: TimeControl{Moves: 40, Base: 90 * time.Second, Inc: time.Second}},
		{in: "0+1", want: TimeControl{Inc: time.Second}},
		{in: "inf"},
		{in: "0+0", wantErr: true},
		{in: "x+1", wantErr: true},
		{in: "0/10", wantErr: true},
		{in: "-5+1", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseTimeControl(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("ParseTimeControl(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
		if !tt.wantErr && tt.in != "inf" && got.String() != tt.in && tt.in != "40/1:30+1" {
			t.Errorf("String() = %q, want %q", got.String(), tt.in)
		}
	}
}

// TestTimeControlTags checks the PGN TimeControl tag of each kind of
// limit and what the report says of it, as fastchess writes them: a node
// or depth limit is "-" in the PGN and "20000 nodes" or "12 plies" in the
// report.
func TestTimeControlTags(t *testing.T) {
	tests := []struct {
		tc         TimeControl
		tag, limit string
	}{
		{TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1", "10+0.1"},
		{TimeControl{Moves: 40, Base: time.Minute}, "40/60", "40/60"},
		{TimeControl{MoveTime: 500 * time.Millisecond}, "0.5/move", "0.5/move"},
		{TimeControl{Nodes: 20000}, "-", "20000 nodes"},
		{TimeControl{Depth: 12}, "-", "12 plies"},
		{TimeControl{Depth: 12, Nodes: 20000}, "-", "12 plies"},
		{TimeControl{Base: 10 * time.Second, Nodes: 20000}, "10", "10"},
		{TimeControl{}, "-", "-"},
	}
	for _, tt := range tests {
		got := []string{tt.tc.String(), tt.tc.Limit()}
		if diff := cmp.Diff([]string{tt.tag, tt.limit}, got); diff != "" {
			t.Errorf("%+v: tag and limit (-want +got):\n%s", tt.tc, diff)
		}
	}
}

func TestClock(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name  string
		tc    TimeControl
		spend []time.Duration
		want  []bool        // Spend results
		left  time.Duration // after the last move
		mtg   int           // moves to go after the last move
	}{
		// 1000 + 100 at the start; 1100-600+100 = 600; 600-500+100 = 200.
		{"increment", TimeControl{Base: 1000 * ms, Inc: 100 * ms}, []time.Duration{600 * ms, 500 * ms}, []bool{true, true}, 200 * ms, 0},
		{"overrun", TimeControl{Base: 1000 * ms, Inc: 100 * ms}, []time.Duration{1101 * ms}, []bool{false}, 1100 * ms, 0},
		// Within the margin: the clock goes to 0, then the increment.
		{"margin", TimeControl{Base: 1000 * ms, Inc: 100 * ms, Margin: 50 * ms}, []time.Duration{1140 * ms}, []bool{true}, 100 * ms, 0},
		{"beyond margin", TimeControl{Base: 1000 * ms, Margin: 50 * ms}, []time.Duration{1051 * ms}, []bool{false}, 1000 * ms, 0},
		// 2 moves per 1 s: 1000-300 = 700, 700-300+1000 = 1400 at the new period.
		{"periods", TimeControl{Moves: 2, Base: 1000 * ms}, []time.Duration{300 * ms, 300 * ms}, []bool{true, true}, 1400 * ms, 2},
		{"periods mid", TimeControl{Moves: 2, Base: 1000 * ms}, []time.Duration{300 * ms}, []bool{true}, 700 * ms, 1},
		{"movetime", TimeControl{MoveTime: 100 * ms}, []time.Duration{100 * ms, 101 * ms}, []bool{true, false}, 0, 0},
		{"depth has no clock", TimeControl{Depth: 5}, []time.Duration{time.Hour}, []bool{true}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewClock(tt.tc)
			var got []bool
			for _, d := range tt.spend {
				got = append(got, c.Spend(d))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Spend mismatch (-want +got):\n%s", diff)
			}
			if c.Left() != tt.left || c.MovesToGo() != tt.mtg {
				t.Errorf("Left, MovesToGo = %v, %d; want %v, %d", c.Left(), c.MovesToGo(), tt.left, tt.mtg)
			}
		})
	}
}

func TestGoCommand(t *testing.T) {
	s := time.Second
	tests := []struct {
		name         string
		turn         board.Color
		white, black TimeControl
		want         string
	}{
		{"increment", board.White, TimeControl{Base: 10 * s, Inc: s / 10}, TimeControl{Base: 10 * s, Inc: s / 10},
			"go wtime 10100 btime 10100 winc 100 binc 100"},
		{"no increment", board.Black, TimeControl{Base: 60 * s}, TimeControl{Base: 60 * s}, "go wtime 60000 btime 60000"},
		{"moves to go", board.White, TimeControl{Moves: 40, Base: 60 * s}, TimeControl{Moves: 40, Base: 60 * s},
			"go wtime 60000 btime 60000 movestogo 40"},
		{"movetime", board.White, TimeControl{MoveTime: s / 2}, TimeControl{MoveTime: s / 2}, "go movetime 500"},
		{"nodes and clock", board.Black, TimeControl{Base: s}, TimeControl{Base: s, Nodes: 1000}, "go wtime 1000 btime 1000 nodes 1000"},
		{"depth", board.White, TimeControl{Depth: 7}, TimeControl{Depth: 7}, "go depth 7"},
	}
	for _, tt := range tests {
		if got := GoCommand(tt.turn, NewClock(tt.white), NewClock(tt.black)); got != tt.want {
			t.Errorf("%s: GoCommand = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestMoveSAN plays moves written in SAN and returns them in the rules'
// UCI notation (castling as king takes rook in Chess960); what names no
// legal move, or several, or is not SAN, is refused with ErrIllegal. The
// board reads the SAN: its tests list the spellings it takes.
func TestMoveSAN(t *testing.T) {
	const castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	tests := []struct {
		fen       string
		chess960  bool
		san, want string // want "" for an error
	}{
		{board.StartFEN, false, "Nf3!?", "g1f3"},
		{castling, false, "O-O", "e1g1"},
		{castling, true, "O-O", "e1h1"},
		{board.StartFEN, false, "e5", ""},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", false, "Rd1", ""}, // ambiguous
		{board.StartFEN, false, "hello", ""},
	}
	for _, tt := range tests {
		g, err := NewGameVariant(tt.fen, tt.chess960)
		if err != nil {
			t.Fatal(err)
		}
		got, err := g.MoveSAN(tt.san)
		if got != tt.want || (err != nil) != (tt.want == "") || err != nil && !errors.Is(err, ErrIllegal) {
			t.Errorf("MoveSAN(%q) in %s = %q, %v; want %q", tt.san, tt.fen, got, err, tt.want)
		}
		var played []string
		if tt.want != "" {
			played = []string{tt.want}
		}
		if diff := cmp.Diff(played, g.Moves()); diff != "" {
			t.Errorf("MoveSAN(%q) in %s: moves played (-want +got):\n%s", tt.san, tt.fen, diff)
		}
	}
}

// TestReferenceDisagrees checks that a move on which Luft's board and
// notnil/chess disagree is refused, naming the one that refused it: here
// the reference position is set to another position than the board's.
func TestReferenceDisagrees(t *testing.T) {
	tests := []struct {
		ref, move, want string
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e2e4", `illegal move: "e2e4" is legal on Luft's board but not for notnil/chess in ` + board.StartFEN},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2", `illegal move: "e1e2" is legal for notnil/chess but not on Luft's board in ` + board.StartFEN},
		{board.StartFEN, "e2e5", `illegal move: "e2e5"`},
	}
	for _, tt := range tests {
		g, err := NewGame("")
		if err != nil {
			t.Fatal(err)
		}
		if g.ref, err = reference(tt.ref); err != nil {
			t.Fatal(err)
		}
		_, err = g.Move(tt.move)
		if err == nil || !errors.Is(err, ErrIllegal) || err.Error() != tt.want {
			t.Errorf("Move(%s) with the reference at %s: %v, want %s", tt.move, tt.ref, err, tt.want)
		}
		if g.Legal(tt.move) || len(g.Moves()) != 0 {
			t.Errorf("Move(%s) with the reference at %s: Legal, or played", tt.move, tt.ref)
		}
	}
}

// TestChess960Game plays Chess960 games: castling is read and written
// king takes rook, where the king or the rook stays too, and O-O in SAN;
// the king's step of standard chess is illegal; the start FEN keeps the
// notation of its castling rights; the game-ending rules hold.
func TestChess960Game(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     string // UCI moves to play, the last one maybe illegal
		illegal   bool   // the last move must be refused
		san       string
		want      verdict
	}{
		{"the king stays", "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1", "f1e3 f8e6 g1h1 g8h8", false,
			"Ne3 Ne6 O-O O-O", verdict{outcome.Unfinished, outcome.Ongoing, "", 4}},
		{"the rook stays, Shredder-FEN", "4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1", false, "O-O-O", verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		{"king and rook swap", "rk6/8/8/8/8/8/8/4K3 b a - 0 1", "b8a8", false, "O-O-O", verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		{"standard castling written king takes rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1 e8a8", false,
			"O-O O-O-O", verdict{outcome.Unfinished, outcome.Ongoing, "", 2}},
		{"the king's step is no castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", true, "", verdict{outcome.Unfinished, outcome.Ongoing, "", 0}},
		{"upper case promotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8Q", false, "a8=Q+", verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		{"the king crosses the board", "3k4/3p1p2/8/8/8/8/8/1K5R w K - 0 1", "b1h1", false, "O-O", verdict{outcome.Unfinished, outcome.Ongoing, "", 1}},
		{"threefold", "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1", "f1e3 f8e6 e3f1 e6f8 f1e3 f8e6 e3f1 e6f8", false,
			"Ne3 Ne6 Nf1 Nf8 Ne3 Ne6 Nf1 Nf8", verdict{outcome.Draw, outcome.Repetition, "Draw by 3-fold repetition", 8}},
		{"back-rank mate", "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", false, "Ra8#", verdict{outcome.WhiteWins, outcome.Checkmate, "White mates", 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := NewGame960(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Chess960() || g.StartFEN() != tt.fen || strings.Contains(strings.Fields(g.EngineFEN())[2], "K") {
				t.Errorf("Chess960 %v, start FEN %q, sent to engines as %q", g.Chess960(), g.StartFEN(), g.EngineFEN())
			}
			moves := strings.Fields(tt.moves)
			for i, m := range moves {
				_, err := g.Move(m)
				if i == len(moves)-1 && tt.illegal {
					if !errors.Is(err, ErrIllegal) || g.Legal(m) {
						t.Errorf("Move(%s) = %v, want ErrIllegal", m, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("Move(%s): %v", m, err)
				}
			}
			r, term, detail := g.Result()
			if diff := cmp.Diff(tt.want, verdict{r, term, detail, len(g.Moves())}); diff != "" {
				t.Errorf("verdict (-want +got):\n%s", diff)
			}
			if got := strings.Join(g.SAN(), " "); got != tt.san {
				t.Errorf("SAN %q, want %q", got, tt.san)
			}
			// The SAN replays to the same moves, written in lower case.
			back, _ := NewGame960(tt.fen)
			for _, san := range g.SAN() {
				if _, err := back.MoveSAN(san); err != nil {
					t.Fatalf("MoveSAN(%s): %v", san, err)
				}
			}
			if !cmp.Equal(back.Moves(), g.Moves()) || strings.ToLower(strings.Join(g.Moves(), " ")) != strings.Join(g.Moves(), " ") {
				t.Errorf("moves %q, replayed from SAN %q", g.Moves(), back.Moves())
			}
		})
	}
	// Standard chess knows no file letters.
	const shredder = "4k3/8/8/8/8/8/8/3RK3 w D - 0 1"
	for _, chess960 := range []bool{false, true} {
		g, err := NewGameVariant(shredder, chess960)
		if (err == nil) != chess960 || err == nil && !g.Chess960() {
			t.Errorf("NewGameVariant(%q, %v): error %v", shredder, chess960, err)
		}
	}
	if _, err := NewGame960("4k3/8/8/8/8/8/8/4K3 w K - 0 1"); err == nil {
		t.Errorf("NewGame960 accepted a castling right without its rook")
	}
}

// TestLegalMoves lists the legal moves in both rule sets, with the king's
// square of each castling, and none after the end of the game; FENs
// follows the moves played.
func TestLegalMoves(t *testing.T) {
	tests := []struct {
		name    string
		newGame func(fen string) (*Game, error)
		fen     string
		want    []LegalMove // sorted by UCI
	}{
		{"standard castling to the king's square", NewGame, "4k3/8/8/8/8/8/6PP/4K2R w K - 0 1", []LegalMove{
			{UCI: "e1d1"}, {UCI: "e1d2"}, {UCI: "e1e2"}, {UCI: "e1f1"}, {UCI: "e1f2"}, {UCI: "e1g1", KingTo: "g1"},
			{UCI: "g2g3"}, {UCI: "g2g4"}, {UCI: "h1f1"}, {UCI: "h1g1"}, {UCI: "h2h3"}, {UCI: "h2h4"}}},
		{"Chess960 king takes rook, the king staying", NewGame960, "4k3/8/8/8/8/8/5PPP/6KR w H - 0 1", []LegalMove{
			{UCI: "f2f3"}, {UCI: "f2f4"}, {UCI: "g1f1"}, {UCI: "g1h1", KingTo: "g1"},
			{UCI: "g2g3"}, {UCI: "g2g4"}, {UCI: "h2h3"}, {UCI: "h2h4"}}},
		{"Chess960 both ways, a promotion", NewGame960, "4k3/P7/8/8/8/8/8/RK5R w AH - 0 1", []LegalMove{
			{UCI: "a1a2"}, {UCI: "a1a3"}, {UCI: "a1a4"}, {UCI: "a1a5"}, {UCI: "a1a6"},
			{UCI: "a7a8b"}, {UCI: "a7a8n"}, {UCI: "a7a8q"}, {UCI: "a7a8r"},
			{UCI: "b1a1", KingTo: "c1"}, {UCI: "b1a2"}, {UCI: "b1b2"}, {UCI: "b1c1"}, {UCI: "b1c2"}, {UCI: "b1h1", KingTo: "g1"},
			{UCI: "h1c1"}, {UCI: "h1d1"}, {UCI: "h1e1"}, {UCI: "h1f1"}, {UCI: "h1g1"},
			{UCI: "h1h2"}, {UCI: "h1h3"}, {UCI: "h1h4"}, {UCI: "h1h5"}, {UCI: "h1h6"}, {UCI: "h1h7"}, {UCI: "h1h8"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := tt.newGame(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			got := g.LegalMoves()
			slices.SortFunc(got, func(a, b LegalMove) int { return strings.Compare(a.UCI, b.UCI) })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("legal moves (-want +got):\n%s", diff)
			}
			for _, m := range tt.want {
				if !g.Legal(m.UCI) {
					t.Errorf("%s is listed but not Legal", m.UCI)
				}
			}
			castle := tt.want[slices.IndexFunc(tt.want, func(m LegalMove) bool { return m.KingTo != "" })]
			if _, err := g.Move(castle.UCI); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{g.FEN()}, g.FENs()); diff != "" {
				t.Errorf("FENs after %s (-want +got):\n%s", castle.UCI, diff)
			}
		})
	}
	g, _ := NewGame("k7/2P5/1K6/8/8/8/8/8 w - - 0 1")
	g.Move("c7c8q")
	if got := g.LegalMoves(); len(got) != 0 {
		t.Errorf("legal moves after mate: %v", got)
	}
}
