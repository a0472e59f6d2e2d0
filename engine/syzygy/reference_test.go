package syzygy

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board/boardtest"
)

// tableDir holds the real tables: ../shared/data/syzygy from the
// repository's root, through its link .shared, which go test's
// cache sees (see boardtest.SharedData).
const tableDir = "../../.shared/data/syzygy"

// referenceFile holds positions with fathom's answers for them.
const referenceFile = "testdata/reference.txt"

// openTestTables opens the tables of tableDir. When they are missing the
// test fails under CI and is skipped elsewhere.
func openTestTables(t testing.TB) *Tables {
	t.Helper()
	_, err := os.Stat(tableDir)
	boardtest.Need(t, err)
	tb, err := Open(tableDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := tb.Close(); err != nil {
			t.Error(err)
		}
	})
	return tb
}

// reference is a position and what an independent prober says of it.
type reference struct {
	fen string
	wdl WDL
	dtz int
}

// readReferences returns the positions of referenceFile with fathom's
// answers for them, or fails t.
func readReferences(t testing.TB) []reference {
	var refs []reference
	for _, line := range boardtest.Lines(t, referenceFile) {
		fields := strings.Split(line, ";")
		if len(fields) != 3 {
			t.Fatalf("bad line %q", line)
		}
		w, err1 := strconv.Atoi(fields[1])
		dtz, err2 := strconv.Atoi(fields[2])
		if err := errors.Join(err1, err2); err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		refs = append(refs, reference{fields[0], WDL(w), dtz})
	}
	return refs
}

// compareReferences probes every position and reports those where the
// answers differ, with a diff of the first few.
func compareReferences(t *testing.T, tb *Tables, refs []reference) {
	t.Helper()
	type answer struct {
		WDL WDL
		DTZ int
	}
	bad := 0
	for _, ref := range refs {
		pos := boardtest.Position(t, ref.fen)
		w, ok1 := tb.ProbeWDL(pos)
		dtz, ok2 := tb.ProbeDTZ(pos)
		if !ok1 || !ok2 {
			t.Errorf("%s: probes failed (WDL %v, DTZ %v)", ref.fen, ok1, ok2)
			bad++
		} else if diff := cmp.Diff(answer{ref.wdl, ref.dtz}, answer{w, dtz}); diff != "" {
			t.Errorf("%s: (-fathom +luft)\n%s", ref.fen, diff)
			bad++
		}
		if bad >= 20 {
			t.Fatal("too many differences")
		}
	}
}

// TestReference compares the probes with fathom's answers, saved in
// testdata, for thousands of random positions of every table.
func TestReference(t *testing.T) {
	tb := openTestTables(t)
	refs := readReferences(t)
	compareReferences(t, tb, refs)
	t.Logf("%d positions agree with fathom", len(refs))
}
