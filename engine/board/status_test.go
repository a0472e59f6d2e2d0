package board

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// play makes the UCI moves on p or fails the test.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
}

func TestGameEnd(t *testing.T) {
	tests := []struct {
		name                   string
		fen                    string
		mate, stalemate, insuf bool
	}{
		{"start", StartFEN, false, false, false},
		{"back-rank mate", "6k1/5ppp/8/8/8/8/8/K2R4 b - - 0 1", false, false, false},
		{"mated", "3R2k1/5ppp/8/8/8/8/8/K7 b - - 0 1", true, false, false},
		{"stalemate", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", false, true, false},
		{"bare kings", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", false, false, true},
		{"king and knight", "8/8/4k3/8/8/3KN3/8/8 w - - 0 1", false, false, true},
		{"king and bishop", "8/8/4k3/8/8/3KB3/8/8 b - - 0 1", false, false, true},
		{"bishops on one colour", "8/3b4/4k3/8/8/3K4/4B3/8 w - - 0 1", false, false, true},
		{"bishops on both colours", "8/2b5/4k3/8/8/3K4/4B3/8 w - - 0 1", false, false, false},
		{"two knights", "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1", false, false, false},
		{"a pawn", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", false, false, false},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen)
		got := []bool{p.IsCheckmate(), p.IsStalemate(), p.InsufficientMaterial()}
		if diff := cmp.Diff([]bool{tt.mate, tt.stalemate, tt.insuf}, got); diff != "" {
			t.Errorf("%s: [mate stalemate insufficient] (-want +got):\n%s", tt.name, diff)
		}
		if tt.insuf != p.IsDraw(0) {
			t.Errorf("%s: IsDraw(0) = %v", tt.name, !tt.insuf)
		}
	}
}

func TestRepetition(t *testing.T) {
	p := NewPosition()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	play(t, p, shuffle...)
	// The start position now stands for the second time.
	if p.RepetitionCount() != 1 || p.IsDraw(0) {
		t.Errorf("after one shuffle: count %d, IsDraw(0) %v; want 1 and false", p.RepetitionCount(), p.IsDraw(0))
	}
	if !p.IsDraw(4) {
		t.Error("a repetition inside the search tree (ply 4) should count as a draw")
	}
	play(t, p, shuffle...)
	if p.RepetitionCount() != 2 || !p.IsDraw(0) {
		t.Errorf("after two shuffles: count %d, IsDraw(0) %v; want 2 and true", p.RepetitionCount(), p.IsDraw(0))
	}
	// A pawn move makes the earlier positions unreachable.
	play(t, p, "e2e4")
	if p.RepetitionCount() != 0 || p.IsDraw(100) {
		t.Error("after a pawn move nothing repeats")
	}
}

// TestRepetitionEnPassant counts repetitions by FIDE 9.2.3: an
// en-passant square counts only when a pawn can take there legally. In
// each game the double push comes first and two knight shuffles bring its
// position back twice; a capture that is possible makes the first
// occurrence another position.
func TestRepetitionEnPassant(t *testing.T) {
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	tests := []struct {
		name   string
		fen    string
		push   string
		counts [2]int // after one shuffle and after two
	}{
		{"no pawn attacks the square", "k5n1/3p4/8/8/8/8/8/K5N1 b - - 0 1", "d7d5", [2]int{1, 2}},
		{"the pawn is pinned on its file", "k3r1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1", "d7d5", [2]int{1, 2}},
		{"taking opens the rank to the king", "k5n1/2p5/8/KP5r/8/8/8/6N1 b - - 0 1", "c7c5", [2]int{1, 2}},
		{"the capture is legal", "k5n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1", "d7d5", [2]int{0, 1}},
		{"one of two pawns may take", "k3r1n1/3p4/8/2P1P3/8/8/8/4K1N1 b - - 0 1", "d7d5", [2]int{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.fen)
			play(t, p, tt.push)
			var got [2]int
			for i := range got {
				play(t, p, shuffle...)
				got[i] = p.RepetitionCount()
			}
			if got != tt.counts {
				t.Errorf("repetitions %v, want %v", got, tt.counts)
			}
		})
	}
}

func TestRepetitionNotAcrossNullMove(t *testing.T) {
	p := NewPosition()
	play(t, p, "g1f3")
	p.MakeNull()
	play(t, p, "f3g1")
	p.MakeNull()
	// The start position again, but reached through null moves.
	if p.Key() != NewPosition().Key() {
		t.Fatal("the test should reach the start position's key")
	}
	if p.IsDraw(10) {
		t.Error("a repetition across a null move must not count")
	}
}

func TestFiftyMoveRule(t *testing.T) {
	p := mustParse(t, "8/8/4k3/8/8/3K4/R7/8 w - - 99 80")
	if p.IsDraw(0) {
		t.Error("99 plies: not yet a draw")
	}
	play(t, p, "a2a1")
	if !p.IsDraw(0) {
		t.Error("100 plies: a draw")
	}
	// Mate on the hundredth ply is mate, not a draw.
	p = mustParse(t, "7k/8/6K1/8/8/8/8/R7 w - - 99 80")
	play(t, p, "a1a8")
	if !p.IsCheckmate() || p.IsDraw(0) {
		t.Errorf("mate on ply 100: checkmate %v, draw %v", p.IsCheckmate(), p.IsDraw(0))
	}
}

func TestParseMove(t *testing.T) {
	tests := []struct {
		fen, move, want string // want "" means an error
	}{
		{StartFEN, "e2e4", "e2e4"},
		{StartFEN, "e2e5", ""},
		{StartFEN, "e2", ""},
		{StartFEN, "z9e4", ""},
		{StartFEN, "0000", ""},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1"}, // king takes rook
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "e8c8"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", "a7a8n"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8", ""},
		{"8/8/8/3pP3/8/8/8/K6k w - d6 0 1", "e5d6", "e5d6"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen)
		m, err := p.ParseMove(tt.move)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("%s: ParseMove(%q) = %v, want an error", tt.fen, tt.move, m)
		case tt.want != "" && err != nil:
			t.Errorf("%s: ParseMove(%q): %v", tt.fen, tt.move, err)
		case tt.want != "" && m.String() != tt.want:
			t.Errorf("%s: ParseMove(%q) = %v, want %s", tt.fen, tt.move, m, tt.want)
		}
	}
}

// TestParseMoveErrors checks the reasons ParseMove and ParseMoveStrict
// give, the same in both rule sets, and that only ParseMove reads king
// takes rook as castling in standard chess.
func TestParseMoveErrors(t *testing.T) {
	const castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	tests := []struct {
		fen      string
		chess960 bool
		move     string
		strict   string // ParseMoveStrict's error, or the move it returns
		lenient  string // ParseMove's
	}{
		{StartFEN, false, "e1e3", `move "e1e3" is not legal in ` + StartFEN, `move "e1e3" is not legal in ` + StartFEN},
		{StartFEN, true, "e1e3", `move "e1e3" is not legal in ` + StartFEN, `move "e1e3" is not legal in ` + StartFEN},
		{StartFEN, false, "zz", `move "zz" is not in UCI notation`, `move "zz" is not in UCI notation`},
		{StartFEN, true, "e2e4x", `move "e2e4x" is not in UCI notation`, `move "e2e4x" is not in UCI notation`},
		{StartFEN, false, "0000", `move "0000" is a null move`, `move "0000" is a null move`},
		{castling, false, "e1g1", "e1g1", "e1g1"},
		{castling, false, "e1h1", `move "e1h1" is not legal in ` + castling, "e1g1"},
		{castling, true, "e1h1", "e1h1", "e1h1"},
		{castling, true, "e1g1", `move "e1g1" is not legal in ` + castling, `move "e1g1" is not legal in ` + castling},
	}
	for _, tt := range tests {
		p := mustParseFEN(t, tt.fen, tt.chess960)
		// result returns the move in UCI notation, or the error.
		result := func(m Move, err error) string {
			if err != nil {
				return err.Error()
			}
			return m.UCI(tt.chess960)
		}
		got := []string{result(p.ParseMoveStrict(tt.move)), result(p.ParseMove(tt.move))}
		if diff := cmp.Diff([]string{tt.strict, tt.lenient}, got); diff != "" {
			t.Errorf("%s (Chess960 %v), %s: (-want +got)\n%s", tt.fen, tt.chess960, tt.move, diff)
		}
	}
}

func TestSEE(t *testing.T) {
	tests := []struct {
		fen, move string
		want      int
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},           // pawn, undefended
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220}, // N takes P, loses knight
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},
		{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0},     // PxP, PxP
		{"4k3/8/2p5/3p4/4P3/8/8/3QK3 w - - 0 1", "d1d5", -700}, // QxP PxQ PxP
		{"4k3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 500},
		{"3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 500},  // RxR RxR RxR through x-rays
		{"4k3/8/8/8/8/8/4p3/3K4 w - - 0 1", "d1e2", 100},      // king takes an undefended pawn
		{"4k3/8/8/8/8/6n1/4p3/3KR3 w - - 0 1", "e1e2", -80},   // RxP NxR KxN
		{"4k3/8/8/7b/8/6n1/4p3/3KR3 w - - 0 1", "e1e2", -400}, // RxP NxR, and the king may not recapture
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 800},     // promotion
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},    // en passant
		{"r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", 0},        // castling
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen)
		m, err := p.ParseMove(tt.move)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if got := p.SEE(m); got != tt.want {
			t.Errorf("%s %s: SEE = %d, want %d", tt.fen, tt.move, got, tt.want)
		}
		if !p.SEEGE(m, tt.want) || p.SEEGE(m, tt.want+1) {
			t.Errorf("%s %s: SEEGE disagrees with SEE %d", tt.fen, tt.move, tt.want)
		}
	}
}

func TestCanCastle(t *testing.T) {
	p := mustParse(t, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1")
	got := []bool{p.CanCastle(White, true), p.CanCastle(White, false), p.CanCastle(Black, true), p.CanCastle(Black, false)}
	if diff := cmp.Diff([]bool{true, false, false, true}, got); diff != "" {
		t.Errorf("CanCastle for Kq (-want +got):\n%s", diff)
	}
	play(t, p, "e1g1")
	if p.CanCastle(White, true) || !p.CanCastle(Black, false) {
		t.Error("after O-O White keeps no right and Black keeps q")
	}
}
