//go:build fathom

package syzygy

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/luftchess/luft/engine/board"
)

// These tests need Debian's fathom (apt-get install fathom): go test
// -tags fathom. TestFathom compares random positions with it;
// -write-reference rewrites testdata/reference.txt from it.
var (
	fathomCount    = flag.Int("fathom.n", 20, "random positions per table and colouring for TestFathom")
	writeReference = flag.Bool("write-reference", false, "rewrite testdata/reference.txt with fathom's answers")
	fathomTag      = regexp.MustCompile(`\[(WDL|DTZ) "([^"]*)"\]`)
)

// referenceHeader opens the reference file.
var referenceHeader = []string{
	"# Random legal positions of every table in ../shared/data/syzygy (checkmates left out),",
	"# with en passant where it can occur, and cursed wins, blessed losses and long distances",
	"# picked out by Luft, each with fathom's answers (Debian fathom 1.0+git.20190811):",
	"# FEN;WDL;DTZ, both from the side to move. Written by go test -tags fathom -fathom.n=75 -write-reference.",
}

var wdlNames = map[string]WDL{"Loss": Loss, "BlessedLoss": BlessedLoss, "Draw": Draw, "CursedWin": CursedWin, "Win": Win}

// fathomProbe returns fathom's WDL and DTZ (signed like ProbeDTZ) for a
// position, ok false when fathom refuses it (as it does stalemate).
func fathomProbe(t *testing.T, fen string) (WDL, int, bool) {
	out, err := exec.Command("fathom", "--path="+tableDir, fen).Output()
	if err != nil {
		return 0, 0, false
	}
	var w WDL
	var dtz int
	for _, m := range fathomTag.FindAllStringSubmatch(string(out), -1) {
		if m[1] == "WDL" {
			w = wdlNames[m[2]]
		} else if dtz, err = strconv.Atoi(m[2]); err != nil {
			t.Fatalf("fathom %q: %v", fen, err)
		}
	}
	if w < 0 {
		dtz = -dtz
	}
	return w, dtz, true
}

// randomReferences draws n positions for each table and colouring, and
// more with en passant for the tables where it can happen, and returns
// fathom's answers for them.
func randomReferences(t *testing.T, tb *Tables, seed uint64, n int) []reference {
	r := rand.New(rand.NewPCG(seed, 1))
	var refs []reference
	for _, tab := range tb.tables {
		count := n
		if tab.material[0][board.Pawn] > 0 && tab.material[1][board.Pawn] > 0 {
			count += n
		}
		for i := 0; i < count; {
			pos := randomPosition(r, tab, i >= n)
			if pos == nil || pos.IsCheckmate() {
				continue // fathom answers "Win" for checkmated
			}
			w, dtz, ok := fathomProbe(t, pos.FEN())
			if !ok {
				continue
			}
			refs = append(refs, reference{pos.FEN(), w, dtz})
			i++
		}
		refs = append(refs, rareReferences(t, tb, r, tab, n/5)...)
		refs = append(refs, cursedReferences(t, tb, r, tab, n)...)
	}
	return refs
}

// cursedReferences returns up to n cursed wins and blessed losses of
// table tab, if its WDL file holds any: a few found among random
// positions, and the positions that follow from them by moves that keep
// the fifty-move rule in play, with fathom's answers.
func cursedReferences(t *testing.T, tb *Tables, r *rand.Rand, tab *table, n int) []reference {
	if !holdsCursed(tab) {
		return nil
	}
	var queue []*board.Position
	for i := 0; i < 500000 && len(queue) < 3; i++ {
		if pos := randomPosition(r, tab, false); pos != nil {
			if w, _ := tb.ProbeWDL(pos); w == CursedWin || w == BlessedLoss {
				queue = append(queue, pos)
			}
		}
	}
	seen := map[string]bool{}
	var refs []reference
	for len(queue) > 0 && len(refs) < n {
		pos := queue[0]
		queue = queue[1:]
		if seen[pos.FEN()] {
			continue
		}
		seen[pos.FEN()] = true
		if w, dtz, ok := fathomProbe(t, pos.FEN()); ok {
			refs = append(refs, reference{pos.FEN(), w, dtz})
		}
		var l board.MoveList
		pos.GenerateLegal(&l)
		for _, m := range l.Moves() {
			child := pos.Clone()
			child.Make(m)
			if w, _ := tb.ProbeWDL(child); w == CursedWin || w == BlessedLoss {
				queue = append(queue, child)
			}
		}
	}
	return refs
}

// holdsCursed reports whether the WDL file of tab stores cursed wins or
// blessed losses.
func holdsCursed(tab *table) bool {
	f := tab.load(wdlKind)
	for side := 0; f != nil && side < f.sides(); side++ {
		for file := 0; file < tab.subTables(); file++ {
			d := &f.enc[side][file].pairs
			for s := 0; s < len(d.symbols)/3; s++ {
				if v, r := d.children(s); r == 0xfff && (v == 1 || v == 3) {
					return true
				}
			}
			if d.constant && (d.value == 1 || d.value == 3) {
				return true
			}
		}
	}
	return false
}

// rareReferences returns up to n positions of table tab that random
// drawing seldom finds: cursed wins, blessed losses and long distances,
// which take the DTZ maps' rarer paths. Luft's own probes pick them out
// of many random positions; fathom gives the answers.
func rareReferences(t *testing.T, tb *Tables, r *rand.Rand, tab *table, n int) []reference {
	var refs []reference
	for range 20000 {
		if len(refs) >= n {
			break
		}
		pos := randomPosition(r, tab, false)
		if pos == nil || pos.IsCheckmate() {
			continue
		}
		w, ok1 := tb.ProbeWDL(pos)
		d, ok2 := tb.ProbeDTZ(pos)
		if !ok1 || !ok2 || (w == Win || w == Loss) && d < 40 && d > -40 || w == Draw {
			continue
		}
		if w, dtz, ok := fathomProbe(t, pos.FEN()); ok {
			refs = append(refs, reference{pos.FEN(), w, dtz})
		}
	}
	return refs
}

func TestFathom(t *testing.T) {
	requireFathom(t)
	tb := openTestTables(t)
	seed := uint64(os.Getpid())
	if *writeReference {
		seed = 1
	}
	refs := randomReferences(t, tb, seed, *fathomCount)
	compareReferences(t, tb, refs)
	t.Logf("%d positions compared with fathom", len(refs))
	if !*writeReference {
		return
	}
	f, err := os.Create(referenceFile)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for _, line := range referenceHeader {
		fmt.Fprintln(w, line)
	}
	for _, ref := range refs {
		fmt.Fprintf(w, "%s;%d;%d\n", ref.fen, ref.wdl, ref.dtz)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
