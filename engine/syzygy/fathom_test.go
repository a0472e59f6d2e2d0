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
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// These tests need Debian's fathom (apt-get install fathom): go test
// -tags fathom (make test-fathom). TestFathomMoves compares over 100,000
// positions with it, TestFathom random and rare ones one by one;
// -write-reference rewrites testdata/reference.txt from it.
// TestProbeSpeedVersusFathom (make bench-fathom) compares speeds.
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

// TestFathomMoves is the large differential test against fathom: random
// positions spread over every table, each probed by one run of fathom
// that answers for the position and for every legal move. It gives the
// position's DTZ and, for each move, the WDL after it (fathom's
// root_probe_wdl ranks) and the DTZ counted from the root (its
// root_probe_dtz ranks), which for a move that zeroes nothing is the DTZ
// of the position after it, one ply on. With the halfmove clock at 100 in
// the FEN fathom gives, every DTZ shows in its rank: 900-DTZ for a win,
// -900-DTZ for a loss. Positions reached by several moves count once.
//
// make test-fathom runs it; -fathom.roots sets the positions drawn per
// table and colouring.
var fathomRoots = flag.Int("fathom.roots", 110, "random positions per table and colouring for TestFathomMoves")

// minCompared is what TestFathomMoves must compare at least: positions
// whose WDL, and positions whose DTZ, both probers gave.
const minCompared = 100_000

var (
	rankLine   = regexp.MustCompile(`^(\S+) rank = (-?\d+) score=-?\d+$`)
	moveSecton = regexp.MustCompile(`^\d+ moves returned from (DTZ|WDL) probe$`)
)

// fathomAnswer is what one run of fathom says of a position.
type fathomAnswer struct {
	dtz       int            // the position's, signed
	dtzRank   map[string]int // by the move's SAN as fathom writes it
	wdlRank   map[string]int
	err       error
	fen       string
	tableName string
}

func TestFathomMoves(t *testing.T) {
	requireFathom(t)
	tb := openTestTables(t)
	roots := drawRoots(t, tb, uint64(os.Getpid()), *fathomRoots)
	answers := askFathom(roots)
	wdlSeen, dtzSeen := map[string]bool{}, map[string]bool{}
	perTable := map[string]int{}
	bad := 0
	for ans := range answers {
		if ans.err != nil {
			t.Errorf("%s: %v", ans.fen, ans.err)
			bad++
		} else if err := compareMoves(tb, ans, wdlSeen, dtzSeen); err != nil {
			t.Errorf("%s: %v", ans.fen, err)
			bad++
		} else {
			perTable[ans.tableName]++
		}
		if bad >= 20 {
			t.Fatal("too many differences")
		}
	}
	for _, tab := range tb.tables {
		if perTable[tab.name] == 0 {
			t.Errorf("no position of %s compared", tab.name)
		}
	}
	t.Logf("%d positions drawn from %d tables; %d positions' WDL and %d positions' DTZ agree with fathom",
		len(roots), len(tb.tables), len(wdlSeen), len(dtzSeen))
	if len(wdlSeen) < minCompared || len(dtzSeen) < minCompared {
		t.Errorf("compared %d WDL and %d DTZ, want at least %d of each: raise -fathom.roots", len(wdlSeen), len(dtzSeen), minCompared)
	}
}

// requireFathom skips the test when fathom is not installed, or fails it
// under CI.
func requireFathom(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("fathom"); err != nil {
		boardtest.Need(t, fmt.Errorf("%w (apt-get install fathom; it installs in /usr/games)", err))
	}
}

// root is a position drawn for TestFathomMoves and its table.
type root struct {
	pos  *board.Position
	name string
}

// drawRoots draws n positions with legal moves for each table and
// colouring, and as many more with an en-passant right for the tables
// where it can occur.
func drawRoots(t *testing.T, tb *Tables, seed uint64, n int) []root {
	r := rand.New(rand.NewPCG(seed, 2))
	var roots []root
	for _, tab := range tb.tables {
		count := 2 * n
		if tab.material[0][board.Pawn] > 0 && tab.material[1][board.Pawn] > 0 {
			count += n
		}
		for i := 0; i < count; {
			pos := randomPosition(r, tab, i >= 2*n)
			if pos == nil || !pos.HasLegalMove() {
				continue
			}
			roots = append(roots, root{pos, tab.name})
			i++
		}
	}
	return roots
}

// askFathom runs fathom on every root, as many at once as there are
// processors, and sends its answers.
func askFathom(roots []root) <-chan fathomAnswer {
	todo := make(chan root)
	answers := make(chan fathomAnswer)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for r := range todo {
				answers <- runFathom(r)
			}
		})
	}
	go func() {
		for _, r := range roots {
			todo <- r
		}
		close(todo)
		wg.Wait()
		close(answers)
	}()
	return answers
}

// runFathom asks fathom about the root r with its halfmove clock at 100.
func runFathom(r root) fathomAnswer {
	fen := r.pos.FEN()
	ans := fathomAnswer{fen: fen, tableName: r.name, dtzRank: map[string]int{}, wdlRank: map[string]int{}}
	f := strings.Fields(fen)
	f[4] = "100"
	out, err := exec.Command("fathom", "--path="+tableDir, strings.Join(f, " ")).Output()
	if err != nil {
		ans.err = fmt.Errorf("fathom: %v", err)
		return ans
	}
	var section map[string]int
	sign, dtz := 0, -1
	for _, line := range strings.Split(string(out), "\n") {
		if m := fathomTag.FindStringSubmatch(line); m != nil {
			if m[1] == "WDL" {
				sign = map[string]int{"CursedWin": 1, "Draw": 0, "BlessedLoss": -1}[m[2]]
			} else {
				dtz, _ = strconv.Atoi(m[2])
			}
		} else if m := moveSecton.FindStringSubmatch(line); m != nil {
			section = map[string]map[string]int{"DTZ": ans.dtzRank, "WDL": ans.wdlRank}[m[1]]
		} else if m := rankLine.FindStringSubmatch(line); m != nil && section != nil {
			section[m[1]], _ = strconv.Atoi(m[2])
		}
	}
	if dtz < 0 || len(ans.dtzRank) == 0 || len(ans.wdlRank) != len(ans.dtzRank) {
		ans.err = fmt.Errorf("fathom's answer is incomplete:\n%s", out)
	}
	ans.dtz = sign * dtz
	return ans
}

// fathomWDLRanks are the ranks of fathom's root_probe_wdl by WDL value.
var fathomWDLRanks = map[int]WDL{-1000: Loss, -899: BlessedLoss, 0: Draw, 899: CursedWin, 1000: Win}

// compareMoves compares Luft's probes of a position and its moves with
// fathom's answer, and adds the positions compared to the sets.
func compareMoves(tb *Tables, ans fathomAnswer, wdlSeen, dtzSeen map[string]bool) error {
	pos, err := board.ParseFEN(ans.fen)
	if err != nil {
		return err
	}
	w, ok1 := tb.ProbeWDL(pos)
	dtz, ok2 := tb.ProbeDTZ(pos)
	ranked, byDTZ, ok3 := tb.ProbeRoot(pos, nil)
	if !ok1 || !ok2 || !ok3 || !byDTZ {
		return fmt.Errorf("probes failed: %v %v %v %v", ok1, ok2, ok3, byDTZ)
	}
	if dtz != ans.dtz || w != fathomWDL(ans.dtz) {
		return fmt.Errorf("WDL %v DTZ %d, fathom DTZ %d", w, dtz, ans.dtz)
	}
	wdlSeen[ans.fen], dtzSeen[ans.fen] = true, true
	if len(ranked) != len(ans.dtzRank) {
		return fmt.Errorf("%d moves, fathom %d", len(ranked), len(ans.dtzRank))
	}
	for _, rm := range ranked {
		san := fathomSAN(pos, rm.Move)
		wr, ok1 := ans.wdlRank[san]
		dr, ok2 := ans.dtzRank[san]
		fw, known := fathomWDLRanks[wr]
		if !ok1 || !ok2 || !known {
			return fmt.Errorf("fathom does not rank %s (%v)", san, rm.Move)
		}
		fd := dr // rank 900-DTZ for a win, -900-DTZ for a loss
		switch {
		case dr > 0:
			fd = 900 - dr
		case dr < 0:
			fd = -900 - dr
		}
		if rm.WDL != fw || rm.DTZ != fd {
			return fmt.Errorf("%s: WDL %v DTZ %d, fathom %v %d", san, rm.WDL, rm.DTZ, fw, fd)
		}
		pos.Make(rm.Move)
		child := pos.FEN()
		wdlSeen[child] = true
		if pos.Rule50() != 0 && !pos.IsCheckmate() {
			dtzSeen[child] = true // DTZ read from the DTZ table, not from WDL
		}
		pos.Unmake()
	}
	return nil
}

// fathomWDL is the WDL value fathom gives a position of DTZ dtz.
func fathomWDL(dtz int) WDL {
	switch {
	case dtz > 100:
		return CursedWin
	case dtz > 0:
		return Win
	case dtz < -100:
		return BlessedLoss
	case dtz < 0:
		return Loss
	}
	return Draw
}

// fathomSAN writes the legal move m of pos as fathom does: SAN without
// check marks, disambiguated among all the pieces of its kind that attack
// the target square, pinned or not (for pawns, those that could capture
// there, even for a push), by the file when the mirrored file (h for a,
// g for b...) holds one of them.
func fathomSAN(pos *board.Position, m board.Move) string {
	from, to := m.From(), m.To()
	us := pos.SideToMove()
	pt := pos.PieceAt(from).Type()
	occ := pos.Occupied()
	capture := pos.IsCapture(m)
	var b strings.Builder
	var att board.Bitboard
	switch pt {
	case board.Pawn:
		att = board.PawnAttacks(us.Other(), to) & pos.Pieces(us, board.Pawn)
	case board.King:
		b.WriteByte('K')
	default:
		b.WriteByte("PNBRQK"[pt])
		att = attacksOf(pt, to, occ) & pos.Pieces(us, pt)
	}
	file, rank := byte('a'+from.File()), byte('1'+from.Rank())
	switch {
	case pt == board.Pawn && capture:
		b.WriteByte(file)
	case att.Count() > 1:
		switch {
		case (att & board.FileMask(7-from.File())).Count() == 1: // sic: fathom's file mask is mirrored
			b.WriteByte(file)
		case (att & board.RankMask(from.Rank())).Count() == 1:
			b.WriteByte(rank)
		default:
			b.WriteByte(file)
			b.WriteByte(rank)
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(to.String())
	if m.IsPromotion() {
		b.WriteByte('=')
		b.WriteByte("PNBRQK"[m.Promotion()])
	}
	return b.String()
}
