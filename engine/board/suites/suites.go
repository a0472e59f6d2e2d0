// Package suites holds the EPD test suites that the tests of several
// packages read: the perft suites, Win At Chess, Bratko-Kopec, the
// Chess960 start positions and middlegames with their perft counts, and
// the Chess960 castling cases. There is one copy of each, in testdata,
// whose README says where each came from. The files are embedded, so that
// a test finds them from any directory and cannot lose them; the package
// is imported by tests only.
package suites

import (
	"embed"
	"testing"

	"github.com/luftchess/luft/engine/board/epd"
)

//go:embed testdata/*.epd
var files embed.FS

// The suites, by file name in testdata.
const (
	PerftSuite          = "perftsuite.epd"             // 126 positions with perft counts D1-D6
	CPWPerft            = "cpw_perft.epd"              // the 7 Chess Programming Wiki perft positions
	Sedlak              = "perft_talkchess_sedlak.epd" // 14 perft edge cases, one depth each
	WAC                 = "wacnew.epd"                 // Win At Chess, 300 positions with bm or am and id
	BratkoKopec         = "bratko_kopec.epd"           // Bratko-Kopec, 24 positions
	Chess960            = "chess960.epd"               // the 960 Chess960 start positions in order, counts D1-D5
	Chess960Middlegames = "chess960_middlegames.epd"   // 24 Chess960 positions that can castle, counts to D5 or D6
	Chess960Castling    = "chess960_castling.epd"      // Chess960 castling cases: castle, standard, after, id
)

// standard are the suites of standard chess positions.
var standard = []string{PerftSuite, CPWPerft, Sedlak, WAC, BratkoKopec}

// Records returns the records of the suite called name, or fails t.
func Records(t testing.TB, name string) []epd.Record {
	t.Helper()
	f, err := files.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := epd.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return recs
}

// FENs returns the positions of the named suites, in order, or fails t.
func FENs(t testing.TB, names ...string) []string {
	t.Helper()
	var fens []string
	for _, name := range names {
		for _, r := range Records(t, name) {
			fens = append(fens, r.FEN)
		}
	}
	return fens
}

// StandardFENs returns the positions of the suites of standard chess,
// perft and tactics (PerftSuite, CPWPerft, Sedlak, WAC and BratkoKopec),
// or fails t.
func StandardFENs(t testing.TB) []string {
	t.Helper()
	return FENs(t, standard...)
}
