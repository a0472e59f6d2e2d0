package uci

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/syzygy/syzygytest"
)

// copyTable copies the file of a real table into dir, changed by edit
// when it is not nil.
func copyTable(t *testing.T, dir, file string, edit func([]byte) []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(syzygytest.Dir(t), file))
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		data = edit(data)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// tbInfo returns the tbhits and the score of the last info line with a
// score among out.
func tbInfo(t *testing.T, out []string) (hits int, score string) {
	t.Helper()
	for i := len(out) - 1; i >= 0; i-- {
		f := strings.Fields(out[i])
		for j := 0; j+2 < len(f); j++ {
			switch f[j] {
			case "tbhits":
				hits, _ = strconv.Atoi(f[j+1])
			case "score":
				score = f[j+1] + " " + f[j+2]
			}
		}
		if score != "" {
			return hits, score
		}
	}
	t.Fatalf("no info line with a score in %q", out)
	return 0, ""
}

// TestSyzygyPath sets SyzygyPath to directories with spaces in their
// names, one of them empty, one missing, one with a truncated file, a
// file of the wrong kind and a corrupted file: each problem is told in an
// info string, the sound tables are probed, the bad ones left out, and
// the engine plays on; <empty> clears the tables.
func TestSyzygyPath(t *testing.T) {
	root := t.TempDir()
	wdl := filepath.Join(root, "with space", "wdl tables")
	dtz := filepath.Join(root, "dtz tables")
	bad := filepath.Join(root, "bad tables")
	empty := filepath.Join(root, "empty")
	missing := filepath.Join(root, "missing")
	for _, name := range []string{"KQvKR", "KQvK", "KRvK"} {
		copyTable(t, wdl, name+".rtbw", nil)
		copyTable(t, dtz, name+".rtbz", nil)
	}
	copyTable(t, bad, "KBvK.rtbw", func(b []byte) []byte { return b[:len(b)-7] })
	copyTable(t, bad, "KNvK.rtbw", func(b []byte) []byte { return append([]byte{1, 2, 3, 4}, b[4:]...) })
	copyTable(t, bad, "KPvK.rtbw", func(b []byte) []byte { b[6] = 0xff; return b }) // a bad piece list
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}

	c := startSession(t, engine.New(engine.Options{HashMB: 1}))
	path := strings.Join([]string{wdl, empty, dtz, missing, bad}, string(os.PathListSeparator))
	c.send("setoption name SyzygyPath value " + path)
	got := c.sync()
	want := []string{
		"info string syzygy: " + empty + " holds no table files",
		"info string syzygy: open " + missing + ": no such file or directory",
		"info string syzygy: " + filepath.Join(bad, "KBvK.rtbw") + ": size",
		"info string syzygy: " + filepath.Join(bad, "KNvK.rtbw") + ": wrong magic number",
		"info string SyzygyPath: 4 tables (3 with DTZ), up to 4 pieces",
	}
	if len(got) != len(want) {
		t.Fatalf("setoption: %q, want %d lines", got, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d: %q, want %q...", i+1, got[i], want[i])
		}
	}

	kqvkr := "position fen 8/8/8/8/8/2k5/8/KQ5r w - - 0 1"
	c.send(kqvkr, "go depth 4")
	out := c.until("bestmove", 10*time.Second)
	if hits, score := tbInfo(t, out); hits == 0 || score != "cp 31871" || !strings.HasPrefix(out[len(out)-1], "bestmove b1h1") {
		t.Errorf("KQvKR: tbhits %d, score %s, %s; want hits, cp 31871 (a tablebase win), bestmove b1h1", hits, score, out[len(out)-1])
	}

	// The corrupted table is found out at its first probe, and said so
	// once, after the search that probed it.
	for i := range 2 {
		c.send("position fen 8/8/8/8/3k4/8/3P4/3K4 w - - 0 1", "go depth 3")
		out = c.until("bestmove", 10*time.Second)
		told := strings.Contains(strings.Join(out, "\n"), "info string syzygy: "+filepath.Join(bad, "KPvK.rtbw")+": corrupted table")
		if hits, _ := tbInfo(t, out); hits != 0 || told != (i == 0) {
			t.Errorf("KPvK search %d: tbhits %d, told %v in %q", i+1, hits, told, out)
		}
	}

	c.send("setoption name SyzygyPath value <empty>")
	if got := c.sync(); len(got) != 0 {
		t.Errorf("clearing SyzygyPath: %q", got)
	}
	c.send(kqvkr, "go depth 4")
	if hits, score := tbInfo(t, c.until("bestmove", 10*time.Second)); hits != 0 || score == "cp 31871" {
		t.Errorf("without tables: tbhits %d, score %s", hits, score)
	}
}
