package syzygy

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/board/epd"
)

// wonFile holds the won positions that make tb-match plays out: Luft with
// tables against Stockfish without, Luft on the winning side.
const wonFile = "testdata/won.epd"

var writeWon = flag.Bool("write-won", false, "rewrite "+wonFile+" from random positions the tables pick")

// wonMix is the material of the won positions, the winner's first, and
// how many of each.
var wonMix = []struct {
	name string
	n    int
}{
	{"KQvKR", 8}, {"KBNvK", 8}, {"KRPvKR", 12}, {"KQRvKR", 3}, {"KRRvKR", 3}, {"KRBvKR", 2},
	{"KRNvKR", 2}, {"KRvKN", 2}, {"KRvKB", 2}, {"KQvKP", 2}, {"KRvKP", 2}, {"KBBvK", 2}, {"KPvKP", 2},
}

// minWonDTZ is the least distance to zeroing, in plies, of a won
// position: far enough from the next capture or pawn move that the win
// still has to be worked out.
const minWonDTZ = 16

// wonHeader opens the file.
var wonHeader = []string{
	"# 50 positions won for the winner by the Syzygy tables in ../shared/data/syzygy, for make tb-match:",
	"# White wins on odd lines, Black on even ones (counting positions only), so that luft match, which",
	"# alternates colours from one game to the next, gives Luft the winning side in every game.",
	fmt.Sprintf("# Each is a win (not cursed) with the counter at 0, its DTZ at least %d plies, the side to", minWonDTZ),
	"# move not in check. Written by go test ./engine/syzygy -run TestWonPositions -write-won.",
}

// TestWonPositions checks the won positions against the tables, or with
// -write-won draws new ones.
func TestWonPositions(t *testing.T) {
	tb := openTestTables(t)
	if *writeWon {
		writeWonPositions(t, tb)
	}
	fens, err := epd.ReadFENs(wonFile)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for i, fen := range fens {
		winner := board.Color(i % 2)
		name, err := checkWon(tb, boardtest.Position(t, fen), winner)
		if err != nil {
			t.Errorf("position %d, %s: %v", i+1, fen, err)
		}
		count[name]++
	}
	for _, m := range wonMix {
		if count[m.name] != m.n {
			t.Errorf("%d %s positions, want %d", count[m.name], m.name, m.n)
		}
	}
	if len(fens) != 50 {
		t.Errorf("%d positions, want 50", len(fens))
	}
}

// checkWon returns the material of pos, winner's first, and what keeps
// it from being a won position for winner.
func checkWon(tb *Tables, pos *board.Position, winner board.Color) (string, error) {
	p, _ := fromBoard(pos)
	m := materialOf(&p)
	if winner == board.Black {
		m = m.mirrored()
	}
	name := materialName(m)
	w, ok1 := tb.ProbeWDL(pos)
	dtz, ok2 := tb.ProbeDTZ(pos)
	if pos.SideToMove() != winner {
		w, dtz = -w, -dtz
	}
	switch {
	case !ok1 || !ok2:
		return name, fmt.Errorf("not in the tables")
	case w != Win:
		return name, fmt.Errorf("%v for the winner", w)
	case dtz < minWonDTZ:
		return name, fmt.Errorf("DTZ %d below %d", dtz, minWonDTZ)
	case pos.InCheck():
		return name, fmt.Errorf("the side to move is in check")
	}
	return name, nil
}

// materialName names material as a table is named, White's side first.
func materialName(m material) string {
	var b strings.Builder
	for c := range 2 {
		if c == 1 {
			b.WriteByte('v')
		}
		for t := int(board.King); t >= int(board.Pawn); t-- {
			b.WriteString(strings.Repeat(pieceLetters[t:t+1], m[c][t]))
		}
	}
	return b.String()
}

// writeWonPositions draws the won positions of wonMix in a random order,
// White and Black winning in turn.
func writeWonPositions(t *testing.T, tb *Tables) {
	r := rand.New(rand.NewPCG(24, 50))
	var names []string
	for _, mix := range wonMix {
		for range mix.n {
			names = append(names, mix.name)
		}
	}
	r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	lines := append([]string(nil), wonHeader...)
	for i, name := range names {
		m, _ := parseName(name)
		tab := newTable(name, m)
		winner := board.Color(i % 2)
		for {
			// randomPosition swaps the colours half the time.
			pos := randomPosition(r, tab, false)
			if pos == nil {
				continue
			}
			if got, err := checkWon(tb, pos, winner); got == name && err == nil {
				lines = append(lines, pos.FEN())
				break
			}
		}
	}
	if err := os.WriteFile(wonFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
