package tune

import (
	"testing"

	"github.com/luftchess/luft/engine/board"
)

func TestParseSAN(t *testing.T) {
	for _, tc := range []struct {
		fen, san, want string // want "" for an error
	}{
		{board.StartFEN, "e4", "e2e4"},
		{board.StartFEN, "Nf3", "g1f3"},
		{board.StartFEN, "Nd2", ""},
		{board.StartFEN, "e5", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O+", "e8c8"},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "Rad1", "a1d1"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1", ""}, // ambiguous
		{"4k3/8/8/8/8/8/N7/4K2N w - - 0 1", "N1g3", "h1g3"},
		{"3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "cxd8=N+", "c7d8n"},
		{"3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c8Q+", "c7c8q"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6"},
		{"4k3/8/8/8/8/8/1Q1Q4/Q3K3 w - - 0 1", "Qb2c3", "b2c3"},
		{"4k3/8/8/8/8/8/1Q1Q4/Q3K3 w - - 0 1", "Qc3", ""}, // b2 and d2 reach c3

	} {
		p, err := board.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseSAN(p, tc.san)
		got := ""
		if err == nil {
			got = m.String()
		}
		if got != tc.want {
			t.Errorf("ParseSAN(%s, %q) = %q (%v), want %q", tc.fen, tc.san, got, err, tc.want)
		}
	}
}
