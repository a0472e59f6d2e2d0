package pgn

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMoveNumber(t *testing.T) {
	tests := []struct {
		n     int
		black bool
		i     int
		want  string
	}{
		{1, false, 0, "1."},
		{1, false, 1, "1..."},
		{1, false, 2, "2."},
		{12, true, 0, "12..."},
		{12, true, 1, "13."},
		{12, true, 2, "13..."},
		{40, false, 5, "42..."},
	}
	for _, tt := range tests {
		if got := MoveNumber(tt.n, tt.black, tt.i); got != tt.want {
			t.Errorf("MoveNumber(%d, %v, %d) = %q, want %q", tt.n, tt.black, tt.i, got, tt.want)
		}
	}
}

func TestNumbered(t *testing.T) {
	tests := []struct {
		sans  string
		n     int
		black bool
		want  string
	}{
		{"e4 e5 Nf3", 1, false, "1. e4 e5 2. Nf3"},
		{"Nc6 Bb5 a6", 12, true, "12... Nc6 13. Bb5 a6"},
		{"Kh1", 30, false, "30. Kh1"},
		{"Kh8", 30, true, "30... Kh8"},
		{"", 1, false, ""},
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
