package play

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
)

// gameAfter returns the game from fen after the moves, given in SAN or
// UCI notation.
func gameAfter(t *testing.T, fen, moves string) *game {
	t.Helper()
	g, err := newGame(fen, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := g.parseMove(s)
		if err != nil {
			t.Fatalf("%s after %q: %v", s, g.sans, err)
		}
		g.play(m)
	}
	return g
}

// TestParseMove reads moves in SAN and in UCI notation, by position: each
// move and the UCI form it is read as, "" for an error.
func TestParseMove(t *testing.T) {
	for fen, moves := range map[string]map[string]string{
		board.StartFEN: {"e4": "e2e4", "e2e4": "e2e4", "Nf3": "g1f3", "G1F3": "g1f3", "Nf3!?": "g1f3", "e5": "", "Ke2": ""},
		// e1h1: the king takes its rook, as Chess960 writes it.
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1": {"O-O": "e1g1", "0-0-0": "e1c1", "e1g1": "e1g1", "e1h1": "e1g1"},
		"1n5k/P7/8/8/8/8/8/K7 w - - 0 1":                     {"a8=Q+": "a7a8q", "a8Q": "a7a8q", "axb8=N": "a7b8n", "a7a8r": "a7a8r"},
	} {
		g := gameAfter(t, fen, "")
		for in, want := range moves {
			m, err := g.parseMove(in)
			got := ""
			if err == nil {
				got = m.String()
			}
			if got != want {
				t.Errorf("parseMove(%q) in %s = %q (%v), want %q", in, fen, got, err, want)
			}
		}
	}
}

func TestLooksLikeMove(t *testing.T) {
	moves := []string{"e4", "exd5", "Nbd7", "R1a3", "O-O", "0-0-0", "e8=Q", "e7e8q", "Qh4#", "e1g1", "Ke3"}
	others := []string{"foo", "xyz", "undo1", "q", "e9", "hello", "12"}
	for _, s := range moves {
		if !looksLikeMove(s) {
			t.Errorf("looksLikeMove(%q) = false", s)
		}
	}
	for _, s := range others {
		if looksLikeMove(s) {
			t.Errorf("looksLikeMove(%q) = true", s)
		}
	}
}

func TestHistory(t *testing.T) {
	tests := []struct {
		fen, moves, want string
	}{
		{board.StartFEN, "", ""},
		{board.StartFEN, "e4 e5 Nf3 Nc6 Bb5", "1. e4 e5 2. Nf3 Nc6 3. Bb5"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7", "c5 Nf3 d6", "7... c5 8. Nf3 d6"},
		{board.StartFEN, "f3 e5 g4 Qh4", "1. f3 e5 2. g4 Qh4#"},
	}
	for _, tt := range tests {
		if got := gameAfter(t, tt.fen, tt.moves).history(); got != tt.want {
			t.Errorf("history after %q = %q, want %q", tt.moves, got, tt.want)
		}
	}
}

// TestOutcome checks each way a game ends, and one that goes on.
func TestOutcome(t *testing.T) {
	tests := []struct {
		fen, moves string
		want       outcome
	}{
		{board.StartFEN, "e4 e5", outcome{}},
		{board.StartFEN, "f3 e5 g4 Qh4", outcome{"0-1", "checkmate: Black wins"}},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8", outcome{"1-0", "checkmate: White wins"}},
		{"7k/8/8/6Q1/8/8/8/K7 w - - 0 1", "Qg6", outcome{"1/2-1/2", "stalemate: draw"}},
		{"7k/8/8/8/8/8/1r6/K7 w - - 0 1", "Kxb2", outcome{"1/2-1/2", "draw by insufficient material"}},
		{board.StartFEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", outcome{"1/2-1/2", "draw by threefold repetition"}},
		{board.StartFEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", outcome{}}, // twice only
		{"7k/8/8/8/8/8/R7/K7 w - - 99 80", "Rb2", outcome{"1/2-1/2", "draw by the fifty-move rule"}},
		{"7k/8/8/8/8/8/R7/K7 w - - 98 80", "Rb2", outcome{}},
		{"7k/8/8/8/8/8/1R6/K5R1 w - - 99 80", "Rh2", outcome{"1-0", "checkmate: White wins"}}, // mate beats the fifty-move rule
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, gameAfter(t, tt.fen, tt.moves).outcome(), cmp.AllowUnexported(outcome{})); diff != "" {
			t.Errorf("%s after %q (-want +got):\n%s", tt.fen, tt.moves, diff)
		}
	}
}

func TestDrawBoard(t *testing.T) {
	p, err := board.ParseFEN("r3k3/8/8/8/4P3/8/8/4K2R b K e3 0 1")
	if err != nil {
		t.Fatal(err)
	}
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
