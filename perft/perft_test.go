package perft

import (
	"flag"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/board/epd"
	"github.com/luftchess/luft/engine/board/suites"
)

var full = flag.Bool("full", false, "check every listed depth of the perft suites (minutes)")

// budget bounds the leaves per position in the normal run: each position is
// checked at the deepest listed depth whose count stays within it. The
// Chess960 suites have a budget of their own: 960 positions at depth 5
// would take too long.
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

// perftSuites are the perft suites, each with its number of positions,
// the parser of its FENs and the budget of the normal run.
var perftSuites = []struct {
	name   string
	lines  int
	parse  func(string) (*board.Position, error)
	budget uint64
}{
	{suites.PerftSuite, 126, board.ParseFEN, budget},
	{suites.CPWPerft, 7, board.ParseFEN, budget},
	{suites.Sedlak, 14, board.ParseFEN, budget},
	{suites.Chess960, 960, board.ParseFEN960, 20_000},
	{suites.Chess960Middlegames, 24, board.ParseFEN960, 2_000_000},
}

// TestSuites checks the perft counts of the suites: in the normal run one
// count per position, with -full every listed count.
func TestSuites(t *testing.T) {
	for _, suite := range perftSuites {
		t.Run(suite.name, func(t *testing.T) {
			recs := suites.Records(t, suite.name)
			if len(recs) != suite.lines {
				t.Fatalf("%d positions, want %d", len(recs), suite.lines)
			}
			checked := 0
			for _, rec := range recs {
				p, err := suite.parse(rec.FEN)
				if err != nil {
					t.Fatalf("line %d: %v", rec.Line, err)
				}
				if *full {
					for _, dc := range counts(t, rec) {
						checkCount(t, rec, p, dc)
						checked++
					}
					continue
				}
				checkCount(t, rec, p, pick(counts(t, rec), suite.budget))
				checked++
			}
			t.Logf("%d counts checked", checked)
		})
	}
}

// pick returns the count of the deepest depth within budget, or of the
// shallowest depth when every count is bigger.
func pick(dcs []depthCount, budget uint64) depthCount {
	var deepest, shallowest depthCount
	for _, dc := range dcs {
		if dc.nodes <= budget && dc.depth > deepest.depth {
			deepest = dc
		}
		if shallowest.depth == 0 || dc.depth < shallowest.depth {
			shallowest = dc
		}
	}
	if deepest.depth == 0 {
		return shallowest
	}
	return deepest
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

// TestDivide960 checks that Divide writes and sorts castling as king takes
// rook in Chess960, here with the king already on its target.
func TestDivide960(t *testing.T) {
	p := boardtest.Position960(t, "4k3/8/8/8/8/8/8/R1K5 w Q - 0 1")
	var got []string
	for _, e := range Divide(p, 1) {
		got = append(got, e.Move.UCI(true))
	}
	want := []string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1",
		"c1a1", "c1b1", "c1b2", "c1c2", "c1d1", "c1d2"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Divide (-want +got):\n%s", diff)
	}
}

// TestChess960Starts checks that the suite Chess960 holds the 960 start
// positions in their standard numbering, line n position n: make
// chess960-match draws its openings from it.
func TestChess960Starts(t *testing.T) {
	recs := suites.Records(t, suites.Chess960)
	if len(recs) != board.Chess960Positions {
		t.Fatalf("%d positions, want %d", len(recs), board.Chess960Positions)
	}
	for n, rec := range recs {
		p := boardtest.Position960(t, rec.FEN)
		if want := board.Chess960StartFEN(n); p.ShredderFEN() != boardtest.Position960(t, want).ShredderFEN() {
			t.Errorf("line %d: %s, want position %d, %s", n+1, rec.FEN, n, want)
		}
	}
}

// benchPerft measures perft speed; its nodes/s metric is what matters.
func benchPerft(b *testing.B, fen string, depth int) {
	p := boardtest.Position(b, fen)
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
