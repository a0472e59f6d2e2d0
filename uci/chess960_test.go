package uci

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

const (
	// castlingFEN has every castling of standard chess available.
	castlingFEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	// afterE4 and afterE5 are the positions after 1. e4 and 1. e4 e5.
	afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	afterE5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	// position0 is Chess960 position 0, BBQNNRKR, in Shredder-FEN.
	position0 = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
	// knightStart is a Chess960 start where the king castles on the king
	// side without moving once the f1 knight is out, afterKnights the
	// position then.
	knightStart  = "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"
	afterKnights = "bbqrn1kr/pppppppp/4n3/8/8/4N3/PPPPPPPP/BBQRNRK1 b kq - 3 2"
)

// TestChess960Positions sets up positions with UCI_Chess960 on: both
// notations of the castling rights, written back as read; castling as
// king takes rook, where the king or the rook stays too; the king's step
// of standard chess refused; and a right without its rook refused.
func TestChess960Positions(t *testing.T) {
	tests := []struct {
		name, before, line string
		info               string // what the one info string must hold; "" for none
		fen                string // the position afterwards
	}{
		{"X-FEN start", "startpos", "position fen " + board.Chess960StartFEN(0), "", board.Chess960StartFEN(0)},
		{"Shredder-FEN start", "startpos", "position fen " + position0, "", position0},
		{"the spec's example", "startpos", "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah -", "",
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"startpos", "fen " + position0, "position startpos moves e2e4", "", afterE4},
		{"king side, then queen side", "startpos", "position fen " + castlingFEN + " moves e1h1 e8a8", "", "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"},
		{"queen side, then king side", "startpos", "position fen " + castlingFEN + " moves e1a1 e8h8", "", "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2"},
		{"the king stays", "startpos", "position fen 4k3/8/8/8/8/8/8/6KR w K - 0 1 moves g1h1", "", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"the rook stays", "startpos", "position fen 4k3/8/8/8/8/8/8/3RK3 w Q - 0 1 moves e1d1", "", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
		{"from a game", "startpos", "position fen " + knightStart + " moves f1e3 f8e6 g1h1", "", afterKnights},
		{"a game goes on", "fen " + knightStart + " moves f1e3", "position fen " + knightStart + " moves f1e3 f8e6 g1h1", "", afterKnights},
		// The king's step of standard chess is no castling here.
		{"e1g1 refused", "startpos", "position fen " + castlingFEN + " moves e1g1", "move 1 (e1g1)", castlingFEN},
		{"e8c8 refused", "startpos", "position fen " + castlingFEN + " moves e1h1 e8c8", "move 2 (e8c8)", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		{"the rook stays, e1c1 refused", "startpos", "position fen 4k3/8/8/8/8/8/8/3RK3 w Q - 0 1 moves e1c1", "move 1 (e1c1)", "4k3/8/8/8/8/8/8/3RK3 w Q - 0 1"},
		// A castling right without its rook keeps the previous position.
		{"right without rook", "startpos moves e2e4", "position fen rk4rr/8/8/8/8/8/8/RK4RR w Kc - 0 1", "castling right 'c' without a black rook on c8",
			afterE4},
		{"right without king", "startpos moves e2e4", "position fen 4k3/8/8/8/8/8/K7/R6R w K - 0 1", "castling right 'K' without the white king on rank 1",
			afterE4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := startSession(t, &fakeSearcher{})
			c.send("setoption name UCI_Chess960 value true", "position "+tt.before, tt.line)
			out := c.sync()
			switch {
			case tt.info == "" && len(out) > 0:
				t.Errorf("unexpected output %q", out)
			case tt.info != "" && (len(out) != 1 || !strings.HasPrefix(out[0], "info string ") || !strings.Contains(out[0], tt.info)):
				t.Errorf("got %q, want one info string with %q", out, tt.info)
			}
			if fen := displayedFEN(c); fen != tt.fen {
				t.Errorf("FEN %q, want %q", fen, tt.fen)
			}
		})
	}
}

// TestChess960Output checks that bestmove, ponder, the PV and searchmoves
// write and read castling as the mode has it: king takes rook in Chess960,
// the king's step in standard chess.
func TestChess960Output(t *testing.T) {
	std := boardtest.Position(t, castlingFEN)
	best, reply := mustParseMove(t, std, "e1g1"), board.NoMove
	std.Make(best)
	reply = mustParseMove(t, std, "e8c8")
	tests := []struct {
		chess960    bool
		searchmoves string
		bestmove    string
		pv          string
	}{
		{false, "", "bestmove e1g1 ponder e8c8", " pv e1g1 e8c8"},
		{true, "", "bestmove e1h1 ponder e8a8", " pv e1h1 e8a8"},
		{false, " searchmoves e1h1 e1g1", "bestmove e1g1 ponder e8c8", " pv e1g1 e8c8"},
		{true, " searchmoves e1g1 e1h1", "bestmove e1h1 ponder e8a8", " pv e1h1 e8a8"},
	}
	for _, tt := range tests {
		c := startSession(t, &fakeSearcher{step: time.Millisecond, best: best, reply: reply})
		if tt.chess960 {
			c.send("setoption name UCI_Chess960 value true")
		}
		c.send("position fen "+castlingFEN, "go depth 1"+tt.searchmoves)
		out := c.until("bestmove", 5*time.Second)
		if got := out[len(out)-1]; got != tt.bestmove || !strings.HasSuffix(out[len(out)-2], tt.pv) {
			t.Errorf("Chess960 %v, go%s: %q, want %q after a line ending %q", tt.chess960, tt.searchmoves, out, tt.bestmove, tt.pv)
		}
	}
	// currmove, as formatted.
	for _, c960 := range []bool{false, true} {
		want := map[bool]string{false: "info depth 9 currmove e1g1 currmovenumber 3", true: "info depth 9 currmove e1h1 currmovenumber 3"}[c960]
		if got := formatCurrMove(9, best, 3, c960); got != want {
			t.Errorf("formatCurrMove, Chess960 %v: %q, want %q", c960, got, want)
		}
	}
}

// mustParseMove returns the move tok of p.
func mustParseMove(t *testing.T, p *board.Position, tok string) board.Move {
	t.Helper()
	m, err := p.ParseMove(tok)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestChess960Switch sets UCI_Chess960 after a position command: the
// position stays, its castling moves written in the new notation, unless
// the new rules cannot hold it; then the start position is set.
func TestChess960Switch(t *testing.T) {
	tests := []struct {
		name      string
		setup     []string
		info      string // what the one info string must hold; "" for none
		fen       string
		extension string // a position command that extends the game, if it was kept
	}{
		{"standard to Chess960", []string{"position fen " + castlingFEN + " moves e1g1", "setoption name UCI_Chess960 value true"},
			"", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "position fen " + castlingFEN + " moves e1h1 e8a8"},
		{"Chess960 to standard", []string{"setoption name UCI_Chess960 value true", "position fen " + castlingFEN + " moves e1h1", "setoption name UCI_Chess960 value false"},
			"", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "position fen " + castlingFEN + " moves e1g1 e8c8"},
		{"a Chess960 start without castling rights stays", []string{"setoption name UCI_Chess960 value true",
			"position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1 moves g2g3", "setoption name UCI_Chess960 value false"},
			"", "bbqnnrkr/pppppppp/8/8/8/6P1/PPPPPP1P/BBQNNRKR b - - 0 1", "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1 moves g2g3 g7g6"},
		{"rights standard chess cannot give", []string{"setoption name UCI_Chess960 value true", "position fen " + position0 + " moves e2e4", "setoption name UCI_Chess960 value false"},
			"the start position is set", board.StartFEN, ""},
		{"the same value again", []string{"setoption name UCI_Chess960 value true", "position fen " + position0, "setoption name UCI_Chess960 value true"},
			"", position0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := startSession(t, &fakeSearcher{})
			c.send(tt.setup...)
			out := c.sync()
			switch {
			case tt.info == "" && len(out) > 0:
				t.Errorf("unexpected output %q", out)
			case tt.info != "" && (len(out) != 1 || !strings.Contains(out[0], tt.info)):
				t.Errorf("got %q, want one info string with %q", out, tt.info)
			}
			if fen := displayedFEN(c); fen != tt.fen {
				t.Errorf("FEN %q, want %q", fen, tt.fen)
			}
			if tt.extension != "" {
				c.send(tt.extension)
				if out := c.sync(); len(out) > 0 {
					t.Errorf("%s: %q", tt.extension, out)
				}
			}
		})
	}
}

// TestBinaryChess960 plays a Chess960 game with the real binary: the
// option is declared, castling is read and written king takes rook (the
// king staying on its square too), every bestmove and ponder move is
// legal, and switching back to standard chess writes e1g1 again.
func TestBinaryChess960(t *testing.T) {
	c := startBinary(t)
	c.send("uci")
	if out := c.until("uciok", 5*time.Second); !slices.Contains(out, "option name UCI_Chess960 type check default false") {
		t.Errorf("UCI_Chess960 not declared: %q", out)
	}
	c.send("setoption name UCI_Chess960 value true", "ucinewgame", "position fen "+knightStart+" moves f1e3 f8e6", "go depth 3 searchmoves g1h1")
	if out := c.until("bestmove", 10*time.Second); !strings.HasPrefix(out[len(out)-1], "bestmove g1h1") || !strings.Contains(out[len(out)-2], " pv g1h1") {
		t.Errorf("castling by searchmoves: %q", out)
	}

	pos := boardtest.Position960(t, position0)
	var moves []string
	for ply := 0; ply < 24 && pos.HasLegalMove(); ply++ {
		c.send("position fen "+position0+" moves "+strings.Join(moves, " "), "go nodes 3000")
		out := c.until("bestmove", 10*time.Second)
		f := strings.Fields(out[len(out)-1])
		m, err := pos.ParseMove(f[1])
		if err != nil {
			t.Fatalf("after %q: %q: %v", moves, out[len(out)-1], err)
		}
		pos.Make(m)
		if len(f) == 4 {
			if _, err := pos.ParseMove(f[3]); err != nil {
				t.Errorf("after %q: ponder move of %q: %v", moves, out[len(out)-1], err)
			}
		}
		moves = append(moves, f[1])
	}
	c.send("position fen " + position0 + " moves " + strings.Join(moves, " "))
	if fen, _ := fenAndKey(c); fen != pos.FEN() {
		t.Errorf("after %q: the engine's FEN %q, the board's %q", moves, fen, pos.FEN())
	}

	c.send("setoption name UCI_Chess960 value false", "position fen "+castlingFEN, "go depth 3 searchmoves e1g1 e1h1")
	if out := c.until("bestmove", 10*time.Second); !strings.HasPrefix(out[len(out)-1], "bestmove e1g1") {
		t.Errorf("castling in standard chess: %q", out)
	}
}
