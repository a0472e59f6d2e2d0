package play

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
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
		m, err := g.readMove(s)
		if err != nil {
			t.Fatalf("%s after %q: %v", s, g.sans, err)
		}
		g.play(m)
	}
	return g
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

func TestLength(t *testing.T) {
	tests := []struct {
		fen, moves, want string
	}{
		{board.StartFEN, "", "0 moves"},
		{board.StartFEN, "e4", "1 move (1 ply)"},
		{board.StartFEN, "e4 e5", "1 move (2 plies)"},
		{board.StartFEN, "e4 e5 Nf3", "2 moves (3 plies)"},
		{board.StartFEN, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O", "8 moves (16 plies)"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7", "c5", "1 move (1 ply)"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7", "c5 Nf3", "2 moves (2 plies)"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7", "c5 Nf3 d6", "2 moves (3 plies)"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, gameAfter(t, tt.fen, tt.moves).length()); diff != "" {
			t.Errorf("length after %q (-want +got):\n%s", tt.moves, diff)
		}
	}
}

// TestEnding checks each way a game ends, and one that goes on.
func TestEnding(t *testing.T) {
	tests := []struct {
		fen, moves string
		want       ending
	}{
		{board.StartFEN, "e4 e5", ending{}},
		{board.StartFEN, "f3 e5 g4 Qh4", ending{outcome.BlackWins, "checkmate: Black wins"}},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8", ending{outcome.WhiteWins, "checkmate: White wins"}},
		{"7k/8/8/6Q1/8/8/8/K7 w - - 0 1", "Qg6", ending{outcome.Draw, "stalemate: draw"}},
		{"7k/8/8/8/8/8/1r6/K7 w - - 0 1", "Kxb2", ending{outcome.Draw, "draw by insufficient material"}},
		{board.StartFEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", ending{outcome.Draw, "draw by threefold repetition"}},
		{board.StartFEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", ending{}}, // twice only
		{"7k/8/8/8/8/8/R7/K7 w - - 99 80", "Rb2", ending{outcome.Draw, "draw by the fifty-move rule"}},
		{"7k/8/8/8/8/8/R7/K7 w - - 98 80", "Rb2", ending{}},
		{"7k/8/8/8/8/8/1R6/K5R1 w - - 99 80", "Rh2", ending{outcome.WhiteWins, "checkmate: White wins"}}, // mate beats the fifty-move rule
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, gameAfter(t, tt.fen, tt.moves).ending(), cmp.AllowUnexported(ending{})); diff != "" {
			t.Errorf("%s after %q (-want +got):\n%s", tt.fen, tt.moves, diff)
		}
	}
}
