package epd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		line string
		want Record
	}{
		{
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400",
			Record{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Ops: map[string]string{"D1": "20", "D2": "400"}},
		},
		{
			`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`,
			Record{FEN: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -", Ops: map[string]string{"bm": "Qg6", "id": "WAC.001"}},
		},
		{
			"8/8/8/8/8/8/8/K6k w - -",
			Record{FEN: "8/8/8/8/8/8/8/K6k w - -", Ops: map[string]string{}},
		},
		// Cases that match's own EPD reader took before it called Parse.
		{ // counters before a semicolon, which match read as "1;"
			"8/8/8/8/8/8/8/K6k w - - 0 1; id \"x\"",
			Record{FEN: "8/8/8/8/8/8/8/K6k w - - 0 1", Ops: map[string]string{"id": "x"}},
		},
		{ // signed counters stay in the FEN, whose reader refuses -3
			"8/8/8/8/8/8/8/K6k w - - -3 +5",
			Record{FEN: "8/8/8/8/8/8/8/K6k w - - -3 +5", Ops: map[string]string{}},
		},
		{ // tabs and runs of blanks between fields
			"8/8/8/8/8/8/8/K6k\tb  -   - c0 \"a b\";",
			Record{FEN: "8/8/8/8/8/8/8/K6k b - -", Ops: map[string]string{"c0": "a b"}},
		},
		{ // a counter-like word and an operation: not counters
			"8/8/8/8/8/8/8/K6k w - - D1 3",
			Record{FEN: "8/8/8/8/8/8/8/K6k w - -", Ops: map[string]string{"D1": "3"}},
		},
	}
	for _, tt := range tests {
		got, err := Parse(tt.line)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.line, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.line, diff)
		}
	}
	for _, line := range []string{
		"8/8/8 w",                             // too few fields
		"8/8/8/8/8/8/8/K6k w - - 0",           // a five-field FEN
		"8/8/8/8/8/8/8/K6k w - - 0 1abc",      // a counter with letters after it
		"8/8/8/8/8/8/8/K6k w - - 0 1 ; 7 bad", // an operation named by a number
	} {
		if r, err := Parse(line); err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", line, r)
		}
	}
}

func TestRead(t *testing.T) {
	recs, err := Read(strings.NewReader("# comment\n\n8/8/8/8/8/8/8/K6k w - - ;D1 3\n  # indented comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0].Line != 3 || recs[0].Ops["D1"] != "3" {
		t.Errorf("Read = %+v, want one record from line 3 with D1 3", recs)
	}
	_, err = Read(strings.NewReader("8/8/8/8/8/8/8/K6k w - -\n\n8/8/8 w\n"))
	if want := `line 3: epd "8/8/8 w": want at least 4 FEN fields`; fmt.Sprint(err) != want {
		t.Errorf("Read of a short third line: error %v, want %s", err, want)
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.epd"), filepath.Join(dir, "b.epd")
	if err := os.WriteFile(a, []byte("8/8/8/8/8/8/8/K6k w - - ;D1 3\n4k3/8/8/8/8/8/8/4K3 b - - 5 9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("# only a comment\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFENs(a, b)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"8/8/8/8/8/8/8/K6k w - -", "4k3/8/8/8/8/8/8/4K3 b - - 5 9"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadFENs (-want +got):\n%s", diff)
	}
	if _, err := ReadFENs(a, filepath.Join(dir, "missing.epd")); err == nil {
		t.Error("ReadFENs of a missing file succeeded")
	}
}
