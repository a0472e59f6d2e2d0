package syzygy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/luftchess/luft/engine/board"
)

// tablesFromBytes returns Tables holding one table, whose file name is
// given, read from data rather than mapped; the table's other file comes
// from tableDir when there is one.
func tablesFromBytes(t testing.TB, file string, data []byte) *Tables {
	name, k := file, wdlKind
	for i, suffix := range suffixes {
		if n, ok := strings.CutSuffix(file, suffix); ok {
			name, k = n, kind(i)
		}
	}
	m, ok := parseName(name)
	if !ok {
		return &Tables{}
	}
	tab := newTable(name, m)
	tab.files[k].f, tab.files[k].err = parseTableFile(data, k, tab)
	tab.files[k].path = file
	tab.files[k].ready.Store(true)
	other := &tab.files[1-k]
	if path := filepath.Join(tableDir, name+suffixes[1-k]); fileExists(path) {
		other.path = path
	}
	tb := &Tables{byKey: map[uint64]*table{}, tables: []*table{tab}, maxPieces: tab.num}
	mirror := m.mirrored()
	tb.byKey[tab.key], tb.byKey[mirror.key()] = tab, tab
	return tb
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// testPositions returns n random legal positions with the material of the
// named table, the same on every run.
func testPositions(t testing.TB, name string, n int) []*board.Position {
	m, ok := parseName(name)
	if !ok {
		t.Fatalf("bad table name %q", name)
	}
	tab := newTable(name, m)
	r := rand.New(rand.NewPCG(uint64(len(name)), 7))
	var positions []*board.Position
	for len(positions) < n {
		if pos := randomPosition(r, tab, false); pos != nil {
			positions = append(positions, pos)
		}
	}
	return positions
}
