package board

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSAN writes moves in SAN and reads them back, in standard chess and
// in Chess960, where castling is O-O or O-O-O whichever squares king and
// rook stand on. (TestAgainstNotnil compares SAN with notnil/chess's on
// random games.)
func TestSAN(t *testing.T) {
	tests := []struct {
		name, fen string
		chess960  bool
		uci, san  string
	}{
		{"pawn push", StartFEN, false, "e2e4", "e4"},
		{"knight", StartFEN, false, "g1f3", "Nf3"},
		{"pawn capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", false, "e4d5", "exd5"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false, "e5d6", "exd6"},
		{"promotion with check", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false, "b7b8q", "b8=Q+"},
		{"capturing underpromotion", "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false, "b7c8n", "bxc8=N"},
		{"file tells apart", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", false, "a1d1", "Rad1"},
		{"rank tells apart", "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1", false, "a1a4", "R1a4"},
		{"both needed", "7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", false, "a4b3", "Qa4b3"},
		{"a pinned piece does not count", "4k3/8/8/8/1N6/8/8/r1N1K3 w - - 0 1", false, "b4d3", "Nd3"},
		{"mate", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", false, "a1a8", "Ra8#"},
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, "e1g1", "O-O"},
		{"queen side with check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", false, "e1c1", "O-O-O+"},
		{"960 king side", "4k3/8/8/8/8/8/8/1K4R1 w K - 0 1", true, "b1g1", "O-O"},
		{"960 the king stays", "4k3/8/8/8/8/8/8/6KR w K - 0 1", true, "g1h1", "O-O"},
		{"960 the rook stays", "4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", true, "e1d1", "O-O-O"},
		{"960 king and rook swap", "rk6/8/8/8/8/8/8/4K3 b q - 0 1", true, "b8a8", "O-O-O"},
		{"960 castling checks", "5k2/8/8/8/8/8/8/1K5R w K - 0 1", true, "b1h1", "O-O+"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParseFEN(t, tt.fen, tt.chess960)
			m, err := p.ParseMove(tt.uci)
			if err != nil {
				t.Fatal(err)
			}
			before := p.FEN()
			back, err := p.ParseSAN(tt.san)
			got := []string{p.SAN(m), back.UCI(tt.chess960)}
			if diff := cmp.Diff([]string{tt.san, tt.uci}, got); diff != "" || err != nil {
				t.Errorf("SAN, and UCI read back (-want +got):\n%s%v", diff, err)
			}
			if p.FEN() != before {
				t.Errorf("the position changed to %s", p.FEN())
			}
		})
	}
}

// TestParseSANLenient lists what ParseSAN reads beyond strict SAN, and
// what it refuses.
func TestParseSANLenient(t *testing.T) {
	const fen = "r3k2r/1P6/8/8/8/8/4P3/R3K1NR w KQkq - 0 1"
	tests := []struct{ in, want string }{
		{"e4", "e2e4"},
		{"e2-e4", "e2e4"},
		{"e2e4", "e2e4"},
		{"Ng1f3", "g1f3"},
		{"Nf3!?", "g1f3"},
		{"Nxf3", "g1f3"}, // a capture sign where nothing is taken
		{"Nf3#", "g1f3"}, // a wrong mate mark
		{"b8Q", "b7b8q"},
		{"bxa8=N", "b7a8n"},
		{"0-0-0", "e1c1"},
		{"o-o-o", "e1c1"},
		{"O-O", "error: castling is not legal"},
		{"b8", "error: is not legal"},
		{"Ke3", "error: is not legal"},
		{"Rd1", "a1d1"}, // the h1 rook is blocked by the knight
		{"Zf3", "error: not in algebraic notation"},
		{"", "error: not in algebraic notation"},
		{"N", "error: not in algebraic notation"},
		{"Nf9", "error: not in algebraic notation"},
		{"Ngg1f3", "error: not in algebraic notation"},
	}
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		m, err := p.ParseSAN(tt.in)
		got := m.String()
		if err != nil {
			got = "error: " + err.Error()
		}
		if !strings.HasPrefix(got, tt.want) && !(strings.HasPrefix(tt.want, "error: ") && strings.Contains(got, tt.want[len("error: "):])) {
			t.Errorf("ParseSAN(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	// Two knights reach d2: Nd2 names neither.
	p, err = ParseFEN("4k3/8/8/8/8/1N6/8/4KN2 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseSAN("Nd2"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("ParseSAN(Nd2) with two knights: %v, want ambiguous", err)
	}
}

// TestMatchSAN lists the legal moves a written move could name: several
// where it leaves out what tells them apart, none where no legal move
// fits, and an error only for what is not algebraic notation.
func TestMatchSAN(t *testing.T) {
	const knights = "4k3/8/8/8/8/1N6/8/4KN2 w - - 0 1"
	const castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	tests := []struct {
		fen, in string
		want    []string // UCI; nil for none
		err     bool
	}{
		{knights, "Nd2", []string{"b3d2", "f1d2"}, false},
		{knights, "Nbd2", []string{"b3d2"}, false},
		{knights, "N1d2+", []string{"f1d2"}, false},
		{knights, "Nd4", []string{"b3d4"}, false},
		{knights, "Ne4", nil, false},
		{StartFEN, "bb3", []string{"b2b3"}, false}, // the pawn, its file written out
		{StartFEN, "O-O", nil, false},
		{castle, "o-o", []string{"e1g1"}, false},
		{castle, "0-0-0+", []string{"e1c1"}, false},
		{StartFEN, "nc3", nil, true},
		{StartFEN, "hello", nil, true},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := p.MatchSAN(tt.in)
		if (err != nil) != tt.err {
			t.Errorf("MatchSAN(%q) in %s: error %v, want one: %v", tt.in, tt.fen, err, tt.err)
		}
		var got []string
		for _, m := range ms {
			got = append(got, m.String())
		}
		slices.Sort(got)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("MatchSAN(%q) in %s (-want +got):\n%s", tt.in, tt.fen, diff)
		}
	}
}
