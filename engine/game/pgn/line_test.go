package pgn

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
)

// TestSANLine writes principal variations in SAN from their UCI moves
// (SANLineUCI) and from the same moves as board.Moves (SANLine), up to
// the first that is not legal where it comes, and checks that the
// position is left as it was.
func TestSANLine(t *testing.T) {
	for name, tt := range map[string]struct {
		fen      string
		chess960 bool
		pv       []string // in UCI
		// elsewhere, when not empty, is a position where the move after
		// the legal ones is legal, so that SANLine gets a real move that
		// is not legal in its place.
		elsewhere string
		want      []string
	}{
		"all legal": {board.StartFEN, false, []string{"e2e4", "e7e5", "g1f3", "b8c6"}, "", []string{"e4", "e5", "Nf3", "Nc6"}},
		"illegal midway": {board.StartFEN, false, []string{"e2e4", "e7e5", "g1f3", "e5e4", "b8c6"},
			"rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", []string{"e4", "e5", "Nf3"}},
		"illegal first":       {board.StartFEN, false, []string{"e7e5"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", nil},
		"not a move":          {board.StartFEN, false, []string{"e2e4", "zz"}, "", []string{"e4"}},
		"empty":               {board.StartFEN, false, nil, "", nil},
		"castling, standard":  {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, []string{"e1g1", "e8c8"}, "", []string{"O-O", "O-O-O"}},
		"Chess960 castles":    {"1k6/8/8/8/8/8/8/RK2R3 w AE - 0 1", true, []string{"b1e1", "b8c7", "g1h2"}, "", []string{"O-O", "Kc7", "Kh2"}},
		"Chess960 queen side": {"1k6/8/8/8/8/8/8/RK2R3 w AE - 0 1", true, []string{"b1a1", "b8b7"}, "", []string{"O-O-O", "Kb7"}},
		"promotion and mate":  {"7k/P7/6K1/8/8/8/8/8 w - - 0 1", false, []string{"a7a8q", "h8g8"}, "", []string{"a8=Q#"}},
	} {
		t.Run(name, func(t *testing.T) {
			pos, err := board.ParseFENVariant(tt.fen, tt.chess960)
			if err != nil {
				t.Fatal(err)
			}
			fen := pos.FEN()
			if got := SANLineUCI(pos, tt.pv); !cmp.Equal(got, tt.want) {
				t.Errorf("SANLineUCI = %q, want %q", got, tt.want)
			}
			moves := movesOf(t, tt.fen, tt.chess960, tt.pv, tt.elsewhere)
			if got := SANLine(pos, moves); !cmp.Equal(got, tt.want) {
				t.Errorf("SANLine(%v) = %q, want %q", moves, got, tt.want)
			}
			if pos.FEN() != fen {
				t.Errorf("the position is left at %s", pos.FEN())
			}
		})
	}
}

// movesOf returns the UCI moves pv as board.Moves as far as they are
// legal from fen, then the next one as it is in the position elsewhere,
// if it is given, and the rest as in that position.
func movesOf(t *testing.T, fen string, chess960 bool, pv []string, elsewhere string) []board.Move {
	t.Helper()
	pos, err := board.ParseFENVariant(fen, chess960)
	if err != nil {
		t.Fatal(err)
	}
	var moves []board.Move
	for i, s := range pv {
		m, err := pos.ParseMove(s)
		if err != nil {
			if elsewhere == "" {
				return moves
			}
			if pos, err = board.ParseFENVariant(elsewhere, chess960); err != nil {
				t.Fatal(err)
			}
			if m, err = pos.ParseMove(pv[i]); err != nil {
				t.Fatalf("%s is not legal in %s either: %v", s, elsewhere, err)
			}
			elsewhere = ""
		}
		pos.Make(m)
		moves = append(moves, m)
	}
	return moves
}
