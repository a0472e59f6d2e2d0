package syzygy

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/luftchess/luft/engine/board"
)

// fuzzPositions caches the positions each table name is probed with.
var fuzzPositions sync.Map // name -> []*board.Position

// FuzzTableFile parses table files from arbitrary bytes and probes them:
// whatever the bytes, parsing and probing must neither panic nor hang.
// The seeds are small real tables (when tableDir has them) and a few
// headers; go test -fuzz FuzzTableFile mutates them.
func FuzzTableFile(f *testing.F) {
	for _, name := range []string{"KRvK.rtbw", "KQvK.rtbw", "KBvK.rtbz", "KPvK.rtbw", "KPvK.rtbz", "KRvK.rtbz"} {
		if data, err := os.ReadFile(filepath.Join(tableDir, name)); err == nil {
			f.Add(name, data)
		}
	}
	f.Add("KRvK.rtbw", []byte{0x71, 0xe8, 0x23, 0x5d, 0x01, 0x00, 0x6e, 0xe6, 0x44, 0x00, 0x80, 0x04})
	f.Add("KPvK.rtbz", []byte{0xd7, 0x66, 0x0c, 0xa5, 0x00, 0x01, 0x06, 0x0e, 0x02, 0x01})
	f.Add("KvK.rtbw", []byte{})
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		tb := tablesFromBytes(t, name, data)
		if len(tb.tables) == 0 {
			return
		}
		tab := tb.tables[0]
		positions, ok := fuzzPositions.Load(tab.name)
		if !ok {
			positions, _ = fuzzPositions.LoadOrStore(tab.name, testPositions(t, tab.name, 20))
		}
		for _, pos := range positions.([]*board.Position) {
			tb.ProbeWDL(pos)
			tb.ProbeDTZ(pos)
		}
	})
}
