package board

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestChess960StartFEN(t *testing.T) {
	tests := []struct {
		n    int
		back string
	}{
		{0, "BBQNNRKR"},
		{1, "BQNBNRKR"},
		{518, "RNBQKBNR"},
		{959, "RKRNNQBB"},
	}
	for _, tt := range tests {
		want := strings.ToLower(tt.back) + "/pppppppp/8/8/8/8/PPPPPPPP/" + tt.back + " w KQkq - 0 1"
		if diff := cmp.Diff(want, Chess960StartFEN(tt.n)); diff != "" {
			t.Errorf("Chess960StartFEN(%d) (-want +got):\n%s", tt.n, diff)
		}
	}
	if Chess960StartFEN(518) != StartFEN {
		t.Errorf("position 518 is not the standard starting position")
	}
	// Every position is a Chess960 one, and all 960 differ.
	seen := map[string]int{}
	for n := range Chess960Positions {
		back := chess960BackRank(n)
		if m, ok := seen[back]; ok {
			t.Fatalf("positions %d and %d are both %s", m, n, back)
		}
		seen[back] = n
		if !validBackRank(back) {
			t.Errorf("position %d: %s is not a Chess960 first rank", n, back)
		}
	}
}

// validBackRank reports whether back holds the pieces of a first rank,
// with the bishops on squares of both colours and the king between the
// rooks.
func validBackRank(back string) bool {
	b1, b2 := strings.IndexByte(back, 'b'), strings.LastIndexByte(back, 'b')
	r1, r2 := strings.IndexByte(back, 'r'), strings.LastIndexByte(back, 'r')
	k := strings.IndexByte(back, 'k')
	count := func(pc string) int { return strings.Count(back, pc) }
	return count("r") == 2 && count("n") == 2 && count("b") == 2 && count("q") == 1 && count("k") == 1 &&
		(b1+b2)%2 == 1 && r1 < k && k < r2
}

// shredderFEN rewrites the KQkq of a starting position's FEN as its rooks'
// files.
func shredderFEN(fen string) string {
	back := fen[:8]
	files := string([]byte{'a' + byte(strings.LastIndexByte(back, 'r')), 'a' + byte(strings.IndexByte(back, 'r'))})
	return strings.Replace(fen, "KQkq", strings.ToUpper(files)+files, 1)
}

// TestChess960RoundTrip reads every starting position in X-FEN and in
// Shredder-FEN: each writes back as read, and both are the same position.
func TestChess960RoundTrip(t *testing.T) {
	for n := range Chess960Positions {
		xfen := Chess960StartFEN(n)
		sfen := shredderFEN(xfen)
		x, err := ParseFEN960(xfen)
		if err != nil {
			t.Fatalf("position %d: %v", n, err)
		}
		s, err := ParseFEN960(sfen)
		if err != nil {
			t.Fatalf("position %d: %v", n, err)
		}
		if got := []string{x.FEN(), s.FEN(), x.ShredderFEN(), s.ShredderFEN()}; !cmp.Equal(got, []string{xfen, sfen, sfen, sfen}) {
			t.Errorf("position %d: FENs and Shredder-FENs %q, want %q and %q", n, got, xfen, sfen)
		}
		s.shredder = false
		if diff := cmp.Diff(x, s, positionComparer); diff != "" {
			t.Errorf("position %d: X-FEN and Shredder-FEN differ (-x +shredder):\n%s", n, diff)
		}
		if !x.Chess960() || x.Key() != mustParse(t, strings.Replace(xfen, "KQkq", "-", 1)).Key()^zobristCastling[allCastling] {
			t.Errorf("position %d: not Chess960, or a key unlike standard chess's", n)
		}
	}
}

func TestParseFEN960(t *testing.T) {
	checkReader(t, "ParseFEN960", noNotes(ParseFEN960), []fenCase{
		// X-FEN: KQkq the outermost rooks, letters the inner ones; the
		// letters are kept for an inner rook, and KQkq for the outermost.
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w KQkq - 0 1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w GQgq - 0 1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w HQ - 0 1", want: "rk4rr/8/8/8/8/8/8/RK4RR w KQ - 0 1"},
		{fen: "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		// Shredder-FEN: letters only, written back as letters.
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w HAha - 0 1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w AH - 0 1", want: "rk4rr/8/8/8/8/8/8/RK4RR w HA - 0 1"},
		{fen: StartFEN},
		{fen: strings.Replace(StartFEN, "KQkq", "HAha", 1)},
		// Rights without their pieces.
		{fen: "rk4rr/8/8/8/8/8/K7/1R4RR w K - 0 1", wantErr: "castling right 'K' without the white king on rank 1"},
		{fen: "rk4rr/8/8/8/8/8/8/1K4RR w Q - 0 1", wantErr: "without a white rook on the queen's side of b1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK6 w K - 0 1", wantErr: "without a white rook on the king's side of b1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w F - 0 1", wantErr: "castling right 'F' without a white rook on f1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w B - 0 1", wantErr: "castling right 'B' without a white rook on b1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w c - 0 1", wantErr: "castling right 'c' without a black rook on c8"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w KH - 0 1", wantErr: "castling right 'H' given twice"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w KX - 0 1", wantErr: "bad castling letter 'X'"},
	})
	// The lenient form drops a right given twice and '-', but refuses a
	// right without its rook.
	checkReader(t, "ParseFEN960Lenient", ParseFEN960Lenient, []fenCase{
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w KH-q - 0 1", want: "rk4rr/8/8/8/8/8/8/RK4RR w Kq - 0 1"},
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w Kc - 0 1", wantErr: "castling right 'c' without a black rook on c8"},
	})
}

// TestChess960XFENAfterMoves checks that X-FEN names a rook by its file
// once another rook stands beyond it, and by K or Q again when none does.
func TestChess960XFENAfterMoves(t *testing.T) {
	p, err := ParseFEN960("rk4r1/8/8/8/8/8/7R/RK4R1 w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range []string{"h2h1", "a8a7", "h1h2"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
		got = append(got, strings.Fields(p.FEN())[2])
	}
	if diff := cmp.Diff([]string{"GQkq", "GQk", "KQk"}, got); diff != "" {
		t.Errorf("castling fields (-want +got):\n%s", diff)
	}
}

// TestChess960Castling plays castling moves of every kind, written in the
// UCI notation of Chess960 (king takes rook), and checks their standard
// notation, the position after them and after taking them back.
func TestChess960Castling(t *testing.T) {
	tests := []struct {
		name, fen        string
		uci960, standard string
		want             string
	}{
		{"standard king side", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		{"standard queen side", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "e8c8", "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2"},
		{"only the rook moves", "4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", "g1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"only the king moves", "4k3/8/8/8/8/8/8/4KR2 w K - 0 1", "e1f1", "e1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"king and rook swap", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", "f1g1", "f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"swap on the queen side", "4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", "d1c1", "d1c1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
		{"king from b1", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", "b1c1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
		{"king already on c1", "4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "c1a1", "c1c1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
		{"rook already on d1", "4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", "e1d1", "e1c1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
		{"inner rook, X-FEN letter", "4k3/8/8/8/8/8/8/1KR4R w C - 0 1", "b1c1", "b1g1", "4k3/8/8/8/8/8/8/5RKR b - - 1 1"},
		{"b1c1 is the king side", "4k3/8/8/8/8/8/8/RKR5 w KQ - 0 1", "b1c1", "b1g1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"},
		{"black, Shredder-FEN", "rk6/8/8/8/8/8/8/4K3 b a - 0 1", "b8a8", "b8c8", "2kr4/8/8/8/8/8/8/4K3 w - - 1 2"},
		{"king crosses the rook's square", "1k6/8/8/8/8/8/8/1KR4R w C - 0 1", "b1c1", "b1g1", "1k6/8/8/8/8/8/8/5RKR b - - 1 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN960(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			before := p.FEN()
			m, err := p.ParseMove(tt.uci960)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{m.UCI(true), m.UCI(false), m.String()}
			if diff := cmp.Diff([]string{tt.uci960, tt.standard, tt.standard}, got); diff != "" || !m.IsCastling() {
				t.Errorf("%v: castling %v, notations (-want +got):\n%s", m, m.IsCastling(), diff)
			}
			if tt.standard != tt.uci960 {
				if other, err := p.ParseMove(tt.standard); err == nil && other == m {
					t.Errorf("ParseMove(%q) in Chess960 is the castling %s", tt.standard, tt.uci960)
				}
			}
			p.Make(m)
			if diff := cmp.Diff(tt.want, p.FEN()); diff != "" {
				t.Errorf("after %s (-want +got):\n%s", tt.uci960, diff)
			}
			p.Unmake()
			if diff := cmp.Diff(before, p.FEN()); diff != "" {
				t.Errorf("after taking %s back (-want +got):\n%s", tt.uci960, diff)
			}
		})
	}
}

// TestStandardCastlingNotation checks that standard chess reads castling
// in both notations and writes the king's step, and that Chess960 mode
// reads only king takes rook.
func TestStandardCastlingNotation(t *testing.T) {
	fen := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	std := mustParse(t, fen)
	c960, err := ParseFEN960(fen)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range []*Position{std, c960} {
		for _, s := range []string{"e1g1", "e1h1", "e1c1", "e1a1"} {
			m, err := p.ParseMove(s)
			switch {
			case err != nil:
				got = append(got, "error")
			default:
				got = append(got, m.UCI(p.Chess960()))
			}
		}
	}
	want := []string{"e1g1", "e1g1", "e1c1", "e1c1", "error", "e1h1", "error", "e1a1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("standard then Chess960 (-want +got):\n%s", diff)
	}
	if std.Chess960() || std.Key() != c960.Key() || std.FEN() != c960.FEN() {
		t.Errorf("standard chess and Chess960 differ on %s beyond the notation", fen)
	}
}

// TestChess960CastlingRefused lists positions where castling is not legal.
func TestChess960CastlingRefused(t *testing.T) {
	tests := []struct{ name, fen string }{
		{"the rook shields the king's target", "4k3/8/8/8/8/8/8/rRK5 w Q - 0 1"},
		{"a square the king crosses is attacked", "k4r2/8/8/8/8/8/8/4K2R w K - 0 1"},
		{"the rook's square is attacked", "2q1k3/8/8/8/8/8/8/1KR5 w K - 0 1"},
		{"the rook's target is taken", "4k3/8/8/8/8/8/8/RK1B4 w Q - 0 1"},
		{"the king's target is taken", "4k3/8/8/8/8/8/8/R1NK4 w Q - 0 1"},
		{"the other rook is in the way", "4k3/8/8/8/8/8/8/RKR5 w Q - 0 1"},
		{"the rook stays, the king would land in check", "4k3/8/8/8/8/8/8/r2RK3 w Q - 0 1"},
		{"in check", "2r1k3/8/8/8/8/8/8/R1K5 w Q - 0 1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN960(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Moves() {
			if m.IsCastling() {
				t.Errorf("%s: %s castles with %s", tt.name, tt.fen, m.UCI(true))
			}
		}
	}
}
