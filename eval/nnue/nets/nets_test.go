package nets

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/eval/nnue"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt from the built-in network")

// goldenFENs are the positions of the golden evaluations: the start, an
// open middlegame, both sides to move, endgames, a lopsided position.
var goldenFENs = []string{
	board.StartFEN,
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R b KQ - 0 9",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/8/4k3/3n4/8/3BK3/8/8 w - - 0 60",
	"8/5pk1/6p1/8/8/6P1/5PK1/8 w - - 0 40",
	"4k3/8/8/8/8/8/8/QQQQK3 b - - 0 1",
}

// evaluate returns the built-in network's evaluation of fen for the side
// to move.
func evaluate(t *testing.T, fen string) int {
	t.Helper()
	pos := boardtest.Position(t, fen)
	net := Default()
	acc := net.NewAccumulator()
	net.Refresh(acc, pos)
	return net.Evaluate(acc, pos)
}

// TestGolden compares the built-in network's evaluations with those
// recorded in testdata/golden.txt, written by -update when the network
// changes: a change of the inference code that changes a number fails.
func TestGolden(t *testing.T) {
	path := filepath.Join("testdata", "golden.txt")
	var got strings.Builder
	fmt.Fprintf(&got, "# evaluations of %s for the side to move, in centipawns; go test -update rewrites them\n", DefaultName)
	for _, fen := range goldenFENs {
		fmt.Fprintf(&got, "%s;%d\n", fen, evaluate(t, fen))
	}
	if *update {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got.String()); diff != "" {
		t.Errorf("evaluations differ from %s (-want +got):\n%s", path, diff)
	}
	// The numbers are the network's, not zeros or a constant.
	seen := map[int]bool{}
	for _, fen := range goldenFENs {
		seen[evaluate(t, fen)] = true
	}
	if len(seen) < len(goldenFENs)-1 {
		t.Errorf("only %d different evaluations of %d positions", len(seen), len(goldenFENs))
	}
	if v := evaluate(t, goldenFENs[len(goldenFENs)-1]); v > -500 {
		t.Errorf("Black, facing four queens, evaluates %d, want far below -500", v)
	}
}

// TestDefaultFile checks that the file named DefaultName is what the
// binary embeds, is a valid network and is small.
func TestDefaultFile(t *testing.T) {
	data, err := os.ReadFile(DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, defaultFile) {
		t.Errorf("%s differs from the embedded network", DefaultName)
	}
	if len(data) >= 2<<20 {
		t.Errorf("%s is %d bytes, want well under 2 MB", DefaultName, len(data))
	}
	if _, err := nnue.Read(bytes.NewReader(data)); err != nil {
		t.Error(err)
	}
	if first, second := Default(), Default(); first != second {
		t.Error("Default returns a new network on each call")
	}
	if !strings.Contains(mustRead(t, "ROUNDS.md"), DefaultName) {
		t.Errorf("ROUNDS.md does not record %s", DefaultName)
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
