package syzygy

import (
	"sync"
	"sync/atomic"

	"github.com/luftchess/luft/engine/board"
)

// kind tells the two files of a table apart.
type kind int

const (
	wdlKind kind = iota
	dtzKind
)

// The suffix and the magic number (the first four bytes, little-endian)
// of each kind of file.
var (
	suffixes = [2]string{".rtbw", ".rtbz"}
	magics   = [2]uint32{0x5d23e871, 0xa50c66d7}
)

// table is one material balance, such as KRPvKR: what its name says, and
// its two files, mapped on first use.
type table struct {
	name      string
	material  material // White as the name's first side
	key       uint64
	num       int // pieces, kings included
	hasPawns  bool
	symmetric bool // the same material for both colours
	kkEnc     bool // pawnless, and no piece but the kings alone of its kind
	// pawns counts the pawns of the leading colour (the one with fewer
	// pawns, White when equal, a colour without pawns never leading) and
	// of the other.
	pawns [2]int
	files [2]lazyFile
}

// lazyFile is a table file that is mapped and parsed on its first probe.
type lazyFile struct {
	path  string // "" when there is no such file
	ready atomic.Bool
	mu    sync.Mutex
	f     *tableFile // nil when loading failed
	err   error
}

// newTable describes the table of a name parseName accepted.
func newTable(name string, m material) *table {
	t := &table{name: name, material: m, key: m.key(), num: m.total()}
	mirror := m.mirrored()
	t.symmetric = mirror.key() == t.key
	t.pawns = [2]int{m[board.White][board.Pawn], m[board.Black][board.Pawn]}
	t.hasPawns = t.pawns[0]+t.pawns[1] > 0
	if t.pawns[1] > 0 && (t.pawns[0] == 0 || t.pawns[0] > t.pawns[1]) {
		t.pawns[0], t.pawns[1] = t.pawns[1], t.pawns[0]
	}
	singles := 0
	for c := range m {
		for _, n := range m[c] {
			if n == 1 {
				singles++
			}
		}
	}
	t.kkEnc = !t.hasPawns && singles == 2
	return t
}

// lead returns the number of pieces the leading group holds: the leading
// pawns, or the two kings, or three unique pieces.
func (t *table) lead() int {
	switch {
	case t.hasPawns:
		return t.pawns[0]
	case t.kkEnc:
		return 2
	}
	return 3
}

// leadPlacements returns the number of placements of the leading group,
// file being the leading pawn's file in a pawn table.
func (t *table) leadPlacements(file int) uint64 {
	switch {
	case t.hasPawns:
		return pawnFactor[t.pawns[0]-1][file]
	case t.kkEnc:
		return 462
	}
	return 31332
}

// subTables returns how many sub-tables a side has: one for each file
// of the leading pawn, or one.
func (t *table) subTables() int {
	if t.hasPawns {
		return 4
	}
	return 1
}

// load returns the parsed file of kind k, mapping and parsing it on the
// first call; nil when there is none or it is bad.
func (t *table) load(k kind) *tableFile {
	lf := &t.files[k]
	if lf.ready.Load() {
		return lf.f
	}
	return t.loadSlow(k)
}

func (t *table) loadSlow(k kind) *tableFile {
	lf := &t.files[k]
	lf.mu.Lock()
	defer lf.mu.Unlock()
	if !lf.ready.Load() {
		if lf.path != "" {
			lf.f, lf.err = openTableFile(lf.path, k, t)
		}
		lf.ready.Store(true)
	}
	return lf.f
}
