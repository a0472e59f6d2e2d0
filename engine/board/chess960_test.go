package board

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board/epd"
	"github.com/luftchess/luft/engine/board/suites"
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
	p := mustParseFEN(t, "rk4r1/8/8/8/8/8/7R/RK4R1 w KQkq - 0 1", true)
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

// TestChess960Castling plays the castling moves of the suite
// Chess960Castling, written in the UCI notation of Chess960
// (king takes rook), and checks their standard notation, the position
// after them and after taking them back.
func TestChess960Castling(t *testing.T) {
	for _, c := range castlingCases(t, true) {
		t.Run(c.Ops["id"], func(t *testing.T) {
			uci960, standard := c.Ops["castle"], c.Ops["standard"]
			p := mustParseFEN(t, c.FEN, true)
			before := p.FEN()
			m, err := p.ParseMove(uci960)
			if err != nil {
				t.Fatal(err)
			}
			got := []string{m.UCI(true), m.UCI(false), m.String()}
			if diff := cmp.Diff([]string{uci960, standard, standard}, got); diff != "" || !m.IsCastling() {
				t.Errorf("%v: castling %v, notations (-want +got):\n%s", m, m.IsCastling(), diff)
			}
			if standard != uci960 {
				if other, err := p.ParseMove(standard); err == nil && other == m {
					t.Errorf("ParseMove(%q) in Chess960 is the castling %s", standard, uci960)
				}
			}
			p.Make(m)
			if diff := cmp.Diff(c.Ops["after"], p.FEN()); diff != "" {
				t.Errorf("after %s (-want +got):\n%s", uci960, diff)
			}
			p.Unmake()
			if diff := cmp.Diff(before, p.FEN()); diff != "" {
				t.Errorf("after taking %s back (-want +got):\n%s", uci960, diff)
			}
		})
	}
}

// castlingCases returns the cases of the suite Chess960Castling in
// which castling is legal, or those in which it is not; it fails t when
// there are none, or a case lacks what its kind needs.
func castlingCases(t *testing.T, legal bool) []epd.Record {
	t.Helper()
	var cases []epd.Record
	for _, r := range suites.Records(t, suites.Chess960Castling) {
		if r.Ops["id"] == "" || r.Ops["castle"] == "" || r.Ops["castle"] != "none" && (r.Ops["standard"] == "" || r.Ops["after"] == "") {
			t.Fatalf("line %d: want id and castle, and standard and after unless castle is none", r.Line)
		}
		if (r.Ops["castle"] != "none") == legal {
			cases = append(cases, r)
		}
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	return cases
}

// TestStandardCastlingNotation checks that standard chess reads castling
// in both notations and writes the king's step, and that Chess960 mode
// reads only king takes rook.
func TestStandardCastlingNotation(t *testing.T) {
	fen := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	std := mustParse(t, fen)
	c960 := mustParseFEN(t, fen, true)
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

// TestChess960CastlingRefused checks the positions of
// the suite Chess960Castling where castling is not legal.
func TestChess960CastlingRefused(t *testing.T) {
	for _, c := range castlingCases(t, false) {
		p, err := ParseFEN960(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.Ops["id"], err)
		}
		var l MoveList
		p.GenerateLegal(&l)
		for _, m := range l.Moves() {
			if m.IsCastling() {
				t.Errorf("%s: %s castles with %s", c.Ops["id"], c.FEN, m.UCI(true))
			}
		}
	}
}

// TestParseFENVariant checks that ParseFENVariant parses by the rules its
// flag names: a file letter for a castling right in Chess960 alone.
func TestParseFENVariant(t *testing.T) {
	const shredder = "4k3/8/8/8/8/8/8/3RK3 w D - 0 1"
	for _, chess960 := range []bool{false, true} {
		p, err := ParseFENVariant(StartFEN, chess960)
		if err != nil || p.Chess960() != chess960 {
			t.Errorf("ParseFENVariant(StartFEN, %v): Chess960 %v, error %v", chess960, p != nil && p.Chess960(), err)
		}
		if _, err := ParseFENVariant(shredder, chess960); (err == nil) != chess960 {
			t.Errorf("ParseFENVariant(%q, %v): error %v", shredder, chess960, err)
		}
	}
}
