package board

import (
	"slices"
	"strings"
	"testing"

	"github.com/luftchess/luft/engine/board/suites"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range suites.StandardFENs(t) {
		if len(strings.Fields(fen)) == 4 {
			fen += " 0 1"
		}
		p := mustParse(t, fen)
		// An en-passant square no pawn can capture onto is dropped.
		want := fen
		if f := strings.Fields(fen); f[3] != "-" && p.EnPassant() == NoSquare {
			f[3] = "-"
			want = strings.Join(f, " ")
		}
		if got := p.FEN(); got != want {
			t.Errorf("ParseFEN(%q).FEN() = %q", fen, got)
		}
	}
}

// TestParseFENErrors checks what ParseFEN refuses, and why.
func TestParseFENErrors(t *testing.T) {
	checkReader(t, "ParseFEN", noNotes(ParseFEN), []fenCase{
		{fen: "", wantErr: "want 4 to 6 fields"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", wantErr: "7 ranks"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", wantErr: "more than 8 squares"},
		{fen: "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", wantErr: "bad piece letter"},
		{fen: "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", wantErr: "describes 7 squares"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", wantErr: "bad piece letter"},
		{fen: "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", wantErr: "black has 0 kings"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", wantErr: "side to move"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", wantErr: "bad castling letter"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", wantErr: "castling right 'K' without"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", wantErr: "bad en-passant square"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", wantErr: "not on the white's sixth rank"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", wantErr: "does not follow a double pawn push"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", wantErr: "halfmove clock"},
		{fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", wantErr: "fullmove number"},
		{fen: "k6R/8/8/8/8/8/8/K7 b - - 0 1"}, // black in check, to move: fine
		{fen: "k6R/8/8/8/8/8/8/K7 w - - 0 1", wantErr: "not to move is in check"},
		{fen: "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", wantErr: "pawn on rank 8"},
		{fen: "4k3/8/8/8/8/8/QQQ5/QQQQKQQQ w - - 0 1", wantErr: "more pieces than promotions"},
		{fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", wantErr: "want 4 to 6 fields"},
		// Shredder-FEN: standard chess knows no file letters.
		{fen: "rk4rr/8/8/8/8/8/8/RK4RR w HAha - 0 1", wantErr: "bad castling letter 'H'"},
	})
}

func TestParseFENCounters(t *testing.T) {
	p := mustParse(t, "4k3/8/8/8/8/8/8/4K3 b - - 37 52")
	if p.Rule50() != 37 || p.FullMove() != 52 || p.SideToMove() != Black {
		t.Errorf("counters: rule50 %d fullmove %d side %v", p.Rule50(), p.FullMove(), p.SideToMove())
	}
	p = mustParse(t, "4k3/8/8/8/8/8/8/4K3 w - -")
	if p.Rule50() != 0 || p.FullMove() != 1 {
		t.Errorf("4-field FEN: rule50 %d fullmove %d, want 0 and 1", p.Rule50(), p.FullMove())
	}
}

func TestParseFENLenient(t *testing.T) {
	checkReader(t, "ParseFENLenient", ParseFENLenient, []fenCase{
		// What ParseFEN refuses, dropped.
		{fen: "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", want: "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{fen: "r3k3/8/8/8/8/8/8/4K2R w KKq-q - 0 1", want: "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1"},
		{fen: strings.Replace(StartFEN, " - ", " e3 ", 1), want: StartFEN},
		{fen: strings.Replace(StartFEN, " - ", " e6 ", 1), want: StartFEN},
		// Counters clamped, and said so.
		{fen: "4k3/8/8/8/8/8/8/4K3 b - - 4294967290 99999999999999999999999", want: "4k3/8/8/8/8/8/8/4K3 b - - 150 10000",
			notes: "halfmove clock 4294967290 read as 150; fullmove number 99999999999999999999 read as 10000"},
		{fen: "4k3/8/8/8/8/8/8/4K3 w - -", want: "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		// What no reading can save, refused as by ParseFEN.
		{fen: "4k3/8/8/8/8/8/8/4K3 w HAha - 0 1", wantErr: "bad castling letter"},
		{fen: "4k3/8/8/8/8/8/8/4K3 w - e9 0 1", wantErr: "bad en-passant square"},
		{fen: "4k3/8/8/8/8/8/8/4K3 w - - -1 1", wantErr: "halfmove clock"},
		{fen: "8/8/8/8/8/8/8/4K3 w - - 0 1", wantErr: "black has 0 kings"},
	})
}

// fenCase is a FEN and what a FEN reader makes of it: the FEN the position
// writes back (want, or fen itself when want is "") and, from a lenient
// reader, its notes joined by "; "; or, when wantErr is set, an error that
// contains wantErr.
type fenCase struct {
	fen, want, notes, wantErr string
}

// checkReader runs the FEN reader called name on each case.
func checkReader(t *testing.T, name string, read func(string) (*Position, []string, error), cases []fenCase) {
	t.Helper()
	for _, c := range cases {
		want := c.want
		if want == "" {
			want = c.fen
		}
		p, notes, err := read(c.fen)
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s(%q): error %v, want one about %q", name, c.fen, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("%s(%q): unexpected error %v", name, c.fen, err)
		case p.FEN() != want || strings.Join(notes, "; ") != c.notes:
			t.Errorf("%s(%q) = %q, notes %q; want %q, notes %q", name, c.fen, p.FEN(), notes, want, c.notes)
		}
	}
}

// noNotes makes a reader without notes, such as ParseFEN, one for
// checkReader.
func noNotes(read func(string) (*Position, error)) func(string) (*Position, []string, error) {
	return func(fen string) (*Position, []string, error) {
		p, err := read(fen)
		return p, nil, err
	}
}

// FuzzParseFEN checks that no input crashes ParseFEN and that every
// accepted FEN prints back to one that parses to the same position, which
// ParseFENLenient reads alike; ParseFENLenient accepts at least as much
// and its FEN is one ParseFEN accepts.
func FuzzParseFEN(f *testing.F) {
	for _, fen := range treeFENs {
		f.Add(fen)
	}
	f.Add("8/8/8/8/8/8/8/K6k w - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		checkParse(t, fen, ParseFEN, ParseFENLenient)
	})
}

// FuzzParseFEN960 is FuzzParseFEN for ParseFEN960 and ParseFEN960Lenient.
func FuzzParseFEN960(f *testing.F) {
	for _, fen := range slices.Concat(tree960FENs, []string{StartFEN, Chess960StartFEN(0), shredderFEN(Chess960StartFEN(959))}) {
		f.Add(fen)
	}
	f.Add("rk4rr/8/8/8/8/8/8/RK4RR w GQgq - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		checkParse(t, fen, ParseFEN960, ParseFEN960Lenient)
	})
}

// checkParse makes the checks of FuzzParseFEN with the parsers given.
func checkParse(t *testing.T, fen string, parse func(string) (*Position, error), lenient func(string) (*Position, []string, error)) {
	lp, _, lerr := lenient(fen)
	if lerr == nil {
		if _, err := parse(lp.FEN()); err != nil {
			t.Fatalf("FEN %q of leniently accepted %q does not parse: %v", lp.FEN(), fen, err)
		}
	}
	p, err := parse(fen)
	if err != nil {
		return
	}
	if lerr != nil || lp.FEN() != p.FEN() {
		t.Fatalf("lenient parse of %q = %v, %v; strict parse gives %q", fen, lp, lerr, p.FEN())
	}
	q, err := parse(p.FEN())
	if err != nil {
		t.Fatalf("FEN %q of accepted %q does not parse: %v", p.FEN(), fen, err)
	}
	if q.Key() != p.Key() || q.FEN() != p.FEN() {
		t.Fatalf("round trip of %q changed the position: %q", fen, q.FEN())
	}
	var l MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Moves() {
		p.Make(m)
		p.Unmake()
	}
}
