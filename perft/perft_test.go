package perft

import (
	"flag"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/epd"
)

var full = flag.Bool("full", false, "check every listed depth of the perft suites (minutes)")

// budget bounds the leaves per position in the normal run: each position is
// checked at the deepest listed depth whose count stays within it.
const budget = 10_000_000

// depthCount is one expected perft result.
type depthCount struct {
	depth int
	nodes uint64
}

// counts returns the ";Dn count" operations of a suite record.
func counts(t *testing.T, rec epd.Record) []depthCount {
	var dc []depthCount
	for op, v := range rec.Ops {
		if !strings.HasPrefix(op, "D") {
			continue
		}
		d, err1 := strconv.Atoi(op[1:])
		n, err2 := strconv.ParseUint(v, 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("line %d: bad count %s %s", rec.Line, op, v)
		}
		dc = append(dc, depthCount{d, n})
	}
	return dc
}

// TestSuites checks the perft counts of the suites in testdata, copies of
// the shared data's perft files (see testdata/README.md).
func TestSuites(t *testing.T) {
	for _, file := range []struct {
		name  string
		lines int
	}{{"perftsuite.epd", 126}, {"cpw_perft.epd", 7}, {"perft_talkchess_sedlak.epd", 14}} {
		t.Run(file.name, func(t *testing.T) {
			recs, err := epd.ReadFile(filepath.Join("testdata", file.name))
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != file.lines {
				t.Fatalf("%d positions, want %d", len(recs), file.lines)
			}
			checked := 0
			for _, rec := range recs {
				p, err := board.ParseFEN(rec.FEN)
				if err != nil {
					t.Fatalf("line %d: %v", rec.Line, err)
				}
				var deepest depthCount
				for _, dc := range counts(t, rec) {
					if *full {
						checkCount(t, rec, p, dc)
						checked++
					} else if dc.nodes <= budget && dc.depth > deepest.depth {
						deepest = dc
					}
				}
				if !*full {
					if deepest.depth == 0 { // every listed count is big: take the smallest
						for _, dc := range counts(t, rec) {
							if deepest.depth == 0 || dc.depth < deepest.depth {
								deepest = dc
							}
						}
					}
					checkCount(t, rec, p, deepest)
					checked++
				}
			}
			t.Logf("%d counts checked", checked)
		})
	}
}

func checkCount(t *testing.T, rec epd.Record, p *board.Position, dc depthCount) {
	t.Helper()
	before := p.FEN()
	if got := Count(p, dc.depth); got != dc.nodes {
		t.Errorf("line %d %s: perft(%d) = %d, want %d", rec.Line, rec.FEN, dc.depth, got, dc.nodes)
	}
	if after := p.FEN(); after != before {
		t.Errorf("line %d: perft changed the position: %s -> %s", rec.Line, before, after)
	}
}

func TestDivide(t *testing.T) {
	p := board.NewPosition()
	entries := Divide(p, 2)
	if len(entries) != 20 {
		t.Fatalf("Divide(start, 2) has %d entries, want 20", len(entries))
	}
	var total uint64
	for _, e := range entries {
		total += e.Nodes
	}
	got := []string{entries[0].Move.String(), entries[19].Move.String()}
	if diff := cmp.Diff([]string{"a2a3", "h2h4"}, got); diff != "" || total != 400 {
		t.Errorf("Divide(start, 2): total %d (want 400), first/last mismatch (-want +got):\n%s", total, diff)
	}
	if Divide(p, 0) != nil {
		t.Error("Divide at depth 0 should be empty")
	}
}

// benchPerft measures perft speed; its nodes/s metric is what matters.
func benchPerft(b *testing.B, fen string, depth int) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		nodes += Count(p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func BenchmarkStartDepth5(b *testing.B)    { benchPerft(b, board.StartFEN, 5) }
func BenchmarkKiwipeteDepth4(b *testing.B) { benchPerft(b, kiwipete, 4) }
