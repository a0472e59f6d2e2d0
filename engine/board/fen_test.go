package board

import (
	"slices"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range suiteFENs(t) {
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

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		fen, wantErr string
	}{
		{"", "want 4 to 6 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "more than 8 squares"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "describes 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "bad castling letter"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K' without"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "bad en-passant square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "not on the white's sixth rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "does not follow a double pawn push"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fullmove number"},
		{"k6R/8/8/8/8/8/8/K7 b - - 0 1", ""}, // black in check, to move: fine
		{"k6R/8/8/8/8/8/8/K7 w - - 0 1", "not to move is in check"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on rank 8"},
		{"4k3/8/8/8/8/8/QQQ5/QQQQKQQQ w - - 0 1", "more pieces than promotions"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "want 4 to 6 fields"},
	}
	for _, tt := range tests {
		_, err := ParseFEN(tt.fen)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("ParseFEN(%q): unexpected error %v", tt.fen, err)
		case tt.wantErr != "" && err == nil:
			t.Errorf("ParseFEN(%q): no error, want one about %q", tt.fen, tt.wantErr)
		case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
			t.Errorf("ParseFEN(%q): error %q, want one about %q", tt.fen, err, tt.wantErr)
		}
	}
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
	tests := []struct {
		fen, want, notes, wantErr string
	}{
		// What ParseFEN refuses, dropped.
		{"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", ""},
		{"r3k3/8/8/8/8/8/8/4K2R w KKq-q - 0 1", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "", ""},
		{strings.Replace(StartFEN, " - ", " e3 ", 1), StartFEN, "", ""},
		{strings.Replace(StartFEN, " - ", " e6 ", 1), StartFEN, "", ""},
		// Counters clamped, and said so.
		{"4k3/8/8/8/8/8/8/4K3 b - - 4294967290 99999999999999999999999", "4k3/8/8/8/8/8/8/4K3 b - - 150 10000",
			"halfmove clock 4294967290 read as 150; fullmove number 99999999999999999999 read as 10000", ""},
		{"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", ""},
		// What no reading can save, refused as by ParseFEN.
		{"4k3/8/8/8/8/8/8/4K3 w HAha - 0 1", "", "", "bad castling letter"},
		{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "", "", "bad en-passant square"},
		{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "", "", "halfmove clock"},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", "", "", "black has 0 kings"},
	}
	for _, tt := range tests {
		p, notes, err := ParseFENLenient(tt.fen)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseFENLenient(%q): error %v, want one about %q", tt.fen, err, tt.wantErr)
			}
		case err != nil:
			t.Errorf("ParseFENLenient(%q): unexpected error %v", tt.fen, err)
		case p.FEN() != tt.want || strings.Join(notes, "; ") != tt.notes:
			t.Errorf("ParseFENLenient(%q) = %q, notes %q; want %q, notes %q", tt.fen, p.FEN(), notes, tt.want, tt.notes)
		}
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
