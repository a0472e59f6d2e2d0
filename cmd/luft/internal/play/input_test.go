package play

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
)

// TestReadMove reads what people type, position by position: SAN, UCI,
// lower-case piece letters, castling in its spellings, promotions; and
// the messages for what names no legal move or several. Each input reads
// as a move in UCI notation, or as its error.
func TestReadMove(t *testing.T) {
	const (
		open      = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2" // 1. e4 e5
		bishopB3  = "4k3/8/8/8/8/8/1PB5/4K3 w - - 0 1"                              // Bb3 and b3
		bishopC3  = "4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1"                            // Bxc3 and bxc3
		pawnC3    = "4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1"                             // bxc3 only
		rookE5    = "4k3/8/8/4p3/8/8/8/4R1K1 w - - 0 1"
		knights   = "4k3/8/8/8/8/1N6/8/4KN2 w - - 0 1"   // Nbd2 and Nfd2
		pin       = "k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1"   // the knight on e2 is pinned
		check     = "4k3/8/8/8/1b6/8/2P5/R3K3 w Q - 0 1" // the bishop gives check
		promotion = "1n5k/P7/8/8/8/8/8/K7 w - - 0 1"
		castling  = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
		notMove   = "not written as a move"
	)
	tests := []struct{ fen, in, want string }{
		{board.StartFEN, "e4", "e2e4"},
		{board.StartFEN, "e2e4", "e2e4"},
		{board.StartFEN, "E2E4", "e2e4"},
		{board.StartFEN, "Nf3", "g1f3"},
		{board.StartFEN, "Nf3!?", "g1f3"},
		{board.StartFEN, "nf3", "g1f3"},
		{board.StartFEN, "NF3", "g1f3"},
		{board.StartFEN, "nc3", "b1c3"},
		{board.StartFEN, "Ng1f3", "g1f3"},
		{board.StartFEN, "b3", "b2b3"},
		{board.StartFEN, "bb3", "bb3 is not legal here; did you mean b3?"}, // no bishop reaches b3, and the pawn's is b3
		{board.StartFEN, "b2-b3", "b2b3"},
		{board.StartFEN, "e5", "e5 is not legal here; type legal to list the legal moves"},
		{board.StartFEN, "Ke2", "Ke2 is not legal here; type legal to list the legal moves"},
		{board.StartFEN, "Ke3", "Ke3 is not legal here; did you mean e3?"},
		{board.StartFEN, "Nd2", "Nd2 is not legal here; type legal to list the legal moves"},
		{board.StartFEN, "e2e5", "e2e5 is not legal here; type legal to list the legal moves"},
		{board.StartFEN, "O-O", "O-O is not legal here; type legal to list the legal moves"},
		{board.StartFEN, "hello", notMove},
		{board.StartFEN, "e9", notMove},
		{board.StartFEN, "Zf3", notMove},
		{board.StartFEN, "12", notMove},

		{open, "qh5", "d1h5"},
		{open, "ke2", "e1e2"},
		{open, "bc4", "f1c4"},
		{open, "bb5", "f1b5"},
		{open, "Bb5", "f1b5"},
		{open, "nc3", "b1c3"},
		{open, "ng1e2", "g1e2"},

		{bishopB3, "bb3", "bb3 is ambiguous: type b3 for the pawn on b2 or Bb3 for the bishop on c2"},
		{bishopB3, "Bb3", "c2b3"},
		{bishopB3, "b3", "b2b3"},
		{bishopB3, "bb4", "bb4 is not legal here; did you mean b4?"},
		{bishopB3, "b4", "b2b4"},
		{bishopB3, "ba4", "c2a4"},
		{bishopB3, "b2b3", "b2b3"},

		{bishopC3, "bxc3", "bxc3 is ambiguous: type b2c3 for the pawn on b2 or Bxc3 for the bishop on a5"},
		{bishopC3, "bc3", "bc3 is ambiguous: type b2c3 for the pawn on b2 or Bxc3 for the bishop on a5"},
		{bishopC3, "Bxc3", "a5c3"},
		{bishopC3, "b2c3", "b2c3"},
		{bishopC3, "b2xc3", "b2c3"},
		{bishopC3, "bxb4", "bxb4 is ambiguous: type b4 for the pawn on b2 or Bb4 for the bishop on a5"}, // the pawn's "x" is not checked

		{pawnC3, "bxc3", "b2c3"},
		{pawnC3, "bc3", "bc3 is not legal here; did you mean bxc3?"},
		{pawnC3, "Bxc3", "Bxc3 is not legal here; did you mean bxc3?"},

		{rookE5, "rxe5", "e1e5"},
		{rookE5, "Rxe5", "e1e5"},
		{rookE5, "re5", "e1e5"},
		{rookE5, "Re6", "Re6 is not legal here; type legal to list the legal moves"},

		{knights, "Nd2", "Nd2 is ambiguous: type Nfd2 for the knight on f1 or Nbd2 for the knight on b3"},
		{knights, "nd2", "nd2 is ambiguous: type Nfd2 for the knight on f1 or Nbd2 for the knight on b3"},
		{knights, "Nbd2", "b3d2"},
		{knights, "nfd2", "f1d2"},

		{pin, "Ng3", "Ng3 is not legal here: your king would be in check; type legal to list the legal moves"},
		{pin, "nc3", "nc3 is not legal here: your king would be in check; type legal to list the legal moves"},
		{pin, "e2g3", "e2g3 is not legal here: your king would be in check; type legal to list the legal moves"},
		{pin, "Kd2", "e1d2"},

		{check, "Nc3", "Nc3 is not legal here: you are in check; did you mean c3?"},
		{check, "O-O-O", "O-O-O is not legal here: you are in check; type legal to list the legal moves"},
		{check, "c3", "c2c3"},

		{promotion, "a8=Q+", "a7a8q"},
		{promotion, "a8Q", "a7a8q"},
		{promotion, "a8q", "a7a8q"},
		{promotion, "a8=n", "a7a8n"},
		{promotion, "axb8=N", "a7b8n"},
		{promotion, "axb8r", "a7b8r"},
		{promotion, "a7a8r", "a7a8r"},
		{promotion, "A7A8Q", "a7a8q"},
		{promotion, "a8", "a8 is not legal here; did you mean a8=Q, a8=N, a8=R or a8=B?"},
		{promotion, "a7a8", "a7a8 is not legal here; did you mean a8=Q, a8=N, a8=R or a8=B?"},

		{castling, "O-O", "e1g1"},
		{castling, "0-0", "e1g1"},
		{castling, "o-o", "e1g1"},
		{castling, "O-O-O", "e1c1"},
		{castling, "0-0-0", "e1c1"},
		{castling, "e1g1", "e1g1"},
		{castling, "e1h1", "e1g1"},
	}
	for _, tt := range tests {
		g := gameAfter(t, tt.fen, "")
		m, err := g.readMove(tt.in)
		got := m.String()
		if err != nil {
			got = err.Error()
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("readMove(%q) in %s (-want +got):\n%s", tt.in, tt.fen, diff)
		}
	}
}

func TestOrList(t *testing.T) {
	tests := []struct {
		words []string
		want  string
	}{
		{nil, ""},
		{[]string{"e3"}, "e3"},
		{[]string{"e3", "Nc3"}, "e3 or Nc3"},
		{[]string{"a8=Q", "a8=N", "a8=R"}, "a8=Q, a8=N or a8=R"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, orList(tt.words)); diff != "" {
			t.Errorf("orList(%q) (-want +got):\n%s", tt.words, diff)
		}
	}
}
