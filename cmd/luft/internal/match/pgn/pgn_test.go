package pgn

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
)

func TestRoundTrip(t *testing.T) {
	games := []*Game{
		{
			Tags: []Tag{{"Event", `a "quoted" \ event`}, {"Result", "0-1"}, {"PlyCount", "4"}},
			Moves: []Move{
				{SAN: "f3", Comment: "+0.31/12 0.520s"}, {SAN: "e5", Comment: "-0.10/9 0.100s"},
				{SAN: "g4"}, {SAN: "Qh4#", Comment: "+M1/1 0.001s"},
			},
			Result:        "0-1",
			ResultComment: "Black mates",
		},
		{
			Tags:   []Tag{{"FEN", "k7/8/2Q5/8/8/8/8/7K b - - 0 40"}, {"SetUp", "1"}, {"Result", "*"}},
			Moves:  []Move{{SAN: "Kb8"}, {SAN: "Qb6+", Comment: "book"}, {SAN: "Kc8"}},
			Result: "*",
		},
	}
	var buf bytes.Buffer
	for _, g := range games {
		if _, err := g.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(buf.String(), "40... Kb8 41. Qb6+ {book} Kc8 *") {
		t.Errorf("move numbers from the FEN are wrong:\n%s", buf.String())
	}
	r := NewReader(&buf)
	for i, want := range games {
		got, err := r.Read()
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("game %d mismatch (-want +got):\n%s", i+1, diff)
		}
		if err := got.Check(); err != nil {
			t.Errorf("game %d: Check: %v", i+1, err)
		}
	}
}

func TestCheckAll(t *testing.T) {
	const header = "[Event \"x\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n"
	tests := []struct {
		name, pgn string
		games     int
		err       string // a substring of the error; empty for none
	}{
		{"good", header + "[Result \"0-1\"]\n\n1. f3 e5 {a comment} 2. g4 $1 (2. e4) Qh4# 0-1\n", 1, ""},
		{"two games", header + "\n1. e4 *\n\n" + header + "\n1. d4 d5 *\n", 2, ""},
		{"illegal move", header + "\n1. e4 e5 2. Ke3 *\n", 0, "illegal move \"Ke3\""},
		{"move after mate", header + "\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n", 0, "game already over"},
		{"wrong result after mate", header + "\n1. f3 e5 2. g4 Qh4# 1-0\n", 0, "Black mates"},
		{"result tag differs", header + "[Result \"1-0\"]\n\n1. e4 1/2-1/2\n", 0, "Result tag"},
		{"plycount differs", header + "[PlyCount \"3\"]\n\n1. e4 e5 *\n", 0, "PlyCount"},
		{"stalemate must be a draw", header + "[FEN \"k7/8/2Q5/8/8/8/8/7K w - - 0 1\"]\n\n1. Qb6 1-0\n", 0, "stalemate"},
		{"unterminated comment", header + "\n1. e4 {oops *\n", 0, "missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := CheckAll(strings.NewReader(tt.pgn))
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("CheckAll error = %v, want %q", err, tt.err)
			}
			if n != tt.games {
				t.Errorf("CheckAll = %d games, want %d", n, tt.games)
			}
		})
	}
}

func TestDecodeSAN(t *testing.T) {
	for _, tc := range []struct {
		fen, san, want string // want "" for an error
	}{
		{board.StartFEN, "e4", "e2e4"},
		{board.StartFEN, "Nf3", "g1f3"},
		{board.StartFEN, "Nf3!?", "g1f3"},
		{board.StartFEN, "Nd2", ""},
		{board.StartFEN, "e5", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O+", "e8c8"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rad1", "a1d1"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "Rd1", ""}, // ambiguous
		{"4k3/8/8/N7/8/8/8/N3K3 w - - 0 1", "N1b3", "a1b3"},
		{"3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "cxd8=N+", "c7d8n"},
		{"3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c8Q+", "c7c8q"},
		{"3qk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c8Q", "c7c8q"}, // not check: the + is forgiven
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6"},
		{"4k3/8/8/8/8/8/1Q1Q4/Q3K3 w - - 0 1", "Qb2c3", "b2c3"},
		{"4k3/8/8/8/8/8/1Q1Q4/Q3K3 w - - 0 1", "Qc3", ""}, // b2 and d2 reach c3
	} {
		var pos chess.Position
		if err := pos.UnmarshalText([]byte(tc.fen)); err != nil {
			t.Fatal(err)
		}
		m, err := DecodeSAN(&pos, tc.san)
		got := ""
		if err == nil {
			got = chess.UCINotation{}.Encode(&pos, m)
		}
		if got != tc.want {
			t.Errorf("DecodeSAN(%s, %q) = %q (%v), want %q", tc.fen, tc.san, got, err, tc.want)
		}
	}
}
