package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPerftCommand runs luft perft on standard and Chess960 positions:
// the divide lines (castling as e1g1, or king takes rook with -960), the
// total, and the usage errors.
func TestPerftCommand(t *testing.T) {
	const castling = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	tests := []struct {
		args    []string
		code    int
		nodes   string   // the nodes line; "" when the command fails
		lines   []string // divide lines that must be printed
		errPart string   // what the error must say
	}{
		{[]string{"3"}, 0, "nodes 8902", []string{"e2e4: 600"}, ""},
		{[]string{"1", castling}, 0, "nodes 26", []string{"e1g1: 1", "e1c1: 1"}, ""},
		{append([]string{"1"}, strings.Fields(castling)...), 0, "nodes 26", []string{"e1g1: 1"}, ""},
		{[]string{"-960", "1", castling}, 0, "nodes 26", []string{"e1h1: 1", "e1a1: 1"}, ""},
		// Chess960 position 0 in Shredder-FEN and X-FEN; counts from the suite suites.Chess960.
		{[]string{"-960", "3", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"}, 0, "nodes 9006", nil, ""},
		{[]string{"-960", "3", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"}, 0, "nodes 9006", nil, ""},
		{[]string{"-960", "1", "4k3/8/8/8/8/8/8/6KR w K - 0 1"}, 0, "nodes 12", []string{"g1h1: 1"}, ""},
		{[]string{"-960", "2"}, 0, "nodes 400", nil, ""},
		{[]string{"1", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"}, 2, "", nil, "give -960"},
		{[]string{"-960", "1", "4k3/8/8/8/8/8/8/6KR w Kc - 0 1"}, 2, "", nil, "castling right 'c'"},
		{[]string{"-960"}, 2, "", nil, "usage"},
		{[]string{"0"}, 2, "", nil, "from 1 to 12"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := perftTo(&out, &errOut, tt.args)
		lines := strings.Split(out.String(), "\n")
		got := struct {
			Code  int
			Nodes string
		}{code, ""}
		for _, l := range lines {
			if strings.HasPrefix(l, "nodes ") {
				got.Nodes = l
			}
		}
		want := struct {
			Code  int
			Nodes string
		}{tt.code, tt.nodes}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("luft perft %q (-want +got):\n%s%s", tt.args, diff, errOut.String())
		}
		for _, l := range tt.lines {
			if !strings.Contains(out.String(), l+"\n") {
				t.Errorf("luft perft %q: no line %q in\n%s", tt.args, l, out.String())
			}
		}
		if !strings.Contains(errOut.String(), tt.errPart) {
			t.Errorf("luft perft %q: error %q, want one with %q", tt.args, errOut.String(), tt.errPart)
		}
	}
}
