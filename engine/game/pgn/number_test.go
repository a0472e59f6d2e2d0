package pgn

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMoveNumber(t *testing.T) {
	tests := []struct {
		n, i  int // the first move's number, the ply
		black bool
		want  string
	}{
		{1, 0, false, "1."},
		{1, 1, false, "1..."},
		{1, 2, false, "2."},
		{12, 0, true, "12..."},
		{12, 1, true, "13."},
		{12, 2, true, "13..."},
		{40, 5, false, "42..."},
	}
	for _, tt := range tests {
		if got := MoveNumber(tt.n, tt.black, tt.i); got != tt.want {
			t.Errorf("MoveNumber(%d, %v, %d) = %q, want %q", tt.n, tt.black, tt.i, got, tt.want)
		}
	}
}

func TestNumbered(t *testing.T) {
	tests := []struct {
		sans, want string // moves and the line, separated by spaces
		n          int
		black      bool
	}{
		{"e4 e5 Nf3", "1. e4 e5 2. Nf3", 1, false},
		{"Nc6 Bb5 a6", "12... Nc6 13. Bb5 a6", 12, true},
		{"Kh1", "30. Kh1", 30, false},
		{"Kh8", "30... Kh8", 30, true},
		{"", "", 1, false},
	}
	for _, tt := range tests {
		got := strings.Join(Numbered(strings.Fields(tt.sans), tt.n, tt.black), " ")
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Numbered(%q, %d, %v) (-want +got):\n%s", tt.sans, tt.n, tt.black, diff)
		}
	}
}

func TestFirstMove(t *testing.T) {
	tests := []struct {
		fen   string
		n     int
		black bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, false},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12", 12, true},
		{"8/8/8/8/8/8/8/K1k5 b - -", 1, true},
		{"8/8/8/8/8/8/8/K1k5 w - - 0 0", 1, false},
		{"", 1, false},
	}
	for _, tt := range tests {
		if n, black := FirstMove(tt.fen); n != tt.n || black != tt.black {
			t.Errorf("FirstMove(%q) = %d, %v, want %d, %v", tt.fen, n, black, tt.n, tt.black)
		}
	}
}
