package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/syzygy/syzygytest"
)

func TestPrintTB(t *testing.T) {
	tb := syzygytest.Open(t)
	tests := []struct {
		fen  string
		want []string
	}{
		{"8/8/8/8/8/2k5/8/KQ5r w - - 0 1", []string{
			`[FEN "8/8/8/8/8/2k5/8/KQ5r w - - 0 1"]`,
			`[WDL "Win"]`,
			`[DTZ "1"]`,
			`[WinningMoves "Qxh1"]`,
			`[DrawingMoves "Ka2"]`,
			`[LosingMoves "Qc1+, Qd1, Qe1+, Qf1, Qg1"]`,
			``,
			`Qxh1     Win              1`,
			`Ka2      Draw             0`,
			`Qc1+     Loss            -2`,
			`Qd1      Loss            -2`,
			`Qe1+     Loss            -2`,
			`Qf1      Loss            -2`,
			`Qg1      Loss            -2`,
		}},
		// DTZ 46 with 60 plies on the counter: fathom's CursedWin.
		{"8/8/2n4K/3R4/7k/8/8/8 w - - 60 80", []string{
			`[FEN "8/8/2n4K/3R4/7k/8/8/8 w - - 60 80"]`,
			`[WDL "CursedWin"]`,
			`[DTZ "46"]`,
			`[WinningMoves ""]`,
		}},
	}
	for _, tt := range tests {
		var b strings.Builder
		if err := printTB(&b, tb, boardtest.Position(t, tt.fen)); err != nil {
			t.Fatal(err)
		}
		got := strings.Split(b.String(), "\n")
		if diff := cmp.Diff(tt.want, got[:len(tt.want)]); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", tt.fen, diff)
		}
	}
	if err := printTB(new(strings.Builder), tb, boardtest.Position(t, "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1")); err == nil {
		t.Error("a position of seven pieces printed")
	}
}

func TestTBFlags(t *testing.T) {
	dir := syzygytest.Dir(t)
	t.Setenv(tbPathVariable, "")
	checkExits(t, "tb", runTB, []exitCase{
		{[]string{"8/8/8/8/8/2k5/8/KQ5r w - - 0 1"}, 2},           // no tables
		{[]string{"-path", dir}, 2},                               // no position
		{[]string{"-path", dir, "8/8/8/8/8/2k5/8/KQ5r w - -"}, 0}, // counters may be left out
		{[]string{"-path", dir, "not a FEN"}, 2},
		{[]string{"-path", dir, "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1"}, 1},
	})
	t.Setenv(tbPathVariable, dir)
	checkExits(t, "tb", runTB, []exitCase{{[]string{"8/8/8/8/8/2k5/8/KQ5r", "w", "-", "-", "0", "1"}, 0}})
}

// TestTBNoTables checks what luft tb says when it finds no tables: where
// it looked, and how to give them.
func TestTBNoTables(t *testing.T) {
	const fen = "8/8/8/8/8/2k5/8/KQ5r w - - 0 1"
	const howTo = "give their directories with -path DIRS or $SYZYGY_PATH\n"
	empty := t.TempDir()
	missing := filepath.Join(empty, "missing")
	both := missing + string(os.PathListSeparator) + empty
	tests := []struct {
		env  string // $SYZYGY_PATH
		args []string
		code int
		msg  string
	}{
		{"", []string{fen}, 2, "luft tb: no tables: " + howTo},
		{"", []string{"-path", empty, fen}, 1,
			"luft tb: syzygy: " + empty + " holds no table files\n" +
				"luft tb: no tables found in " + empty + ": " + howTo},
		{missing, []string{fen}, 1,
			"luft tb: syzygy: open " + missing + ": no such file or directory\n" +
				"luft tb: no tables found in " + missing + " ($SYZYGY_PATH): " + howTo},
		{"", []string{"-path", both, fen}, 1,
			"luft tb: syzygy: open " + missing + ": no such file or directory\n" +
				"luft tb: syzygy: " + empty + " holds no table files\n" +
				"luft tb: no tables found in " + both + ": " + howTo},
	}
	for _, tt := range tests {
		t.Setenv(tbPathVariable, tt.env)
		var out, errOut bytes.Buffer
		code := tbTo(&out, &errOut, tt.args)
		if diff := cmp.Diff(tt.msg, errOut.String()); diff != "" || code != tt.code || out.Len() != 0 {
			t.Errorf("luft tb %q with $SYZYGY_PATH %q: exit %d, want %d; output %q; message (-want +got):\n%s",
				tt.args, tt.env, code, tt.code, out.String(), diff)
		}
	}
}
