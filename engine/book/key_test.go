package book

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// TestRandom64 checks the embedded keys against the published text file,
// copied into testdata (see testdata/README.md).
func TestRandom64(t *testing.T) {
	var want []uint64
	for _, line := range boardtest.Lines(t, "testdata/polyglot_random64.txt") {
		k, err := strconv.ParseUint(strings.TrimPrefix(line, "0x"), 16, 64)
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		want = append(want, k)
	}
	if diff := cmp.Diff(want, random64[:]); diff != "" {
		t.Errorf("embedded keys differ from the text file (-file +embedded):\n%s", diff)
	}
}

// play returns the start position after the UCI moves.
func play(t *testing.T, moves string) *board.Position {
	t.Helper()
	p := board.NewPosition()
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	return p
}

// TestKey checks the keys published with the Polyglot specification.
func TestKey(t *testing.T) {
	tests := []struct {
		moves string
		want  uint64
	}{
		{"", 0x463B96181691FC9C},
		{"e2e4", 0x823C9B50FD114196},
		{"e2e4 d7d5", 0x0756B94461C50FB0},
		{"e2e4 d7d5 e4e5", 0x662FAFB965DB29D4},
		{"e2e4 d7d5 e4e5 f7f5", 0x22A48B5A8E47FF78}, // en passant possible: the file counts
		{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652A607CA3F242C1},
		{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00FDD303C946BDD9},
		{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3C8123EA7B067637}, // en passant possible
		{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5C3F9B829B279560},
	}
	for _, tt := range tests {
		if got := Key(play(t, tt.moves)); got != tt.want {
			t.Errorf("Key after %q = %#016x, want %#016x", tt.moves, got, tt.want)
		}
	}
}

// TestKeyEnPassantOnlyWhenCapturable checks that an en-passant square no
// pawn can take on leaves the key alone: 1. e4 sets one, but no black pawn
// stands beside e4.
func TestKeyEnPassantOnlyWhenCapturable(t *testing.T) {
	withEP := boardtest.Position(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	withoutEP := boardtest.Position(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if a, b := Key(withEP), Key(withoutEP); a != b {
		t.Errorf("keys differ with an uncapturable en-passant square: %#x and %#x", a, b)
	}
}
