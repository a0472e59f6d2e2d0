package syzygy

import "github.com/luftchess/luft/engine/board"

// status is the outcome of a table look-up.
type status int

const (
	failed    status = iota // no table, or a bad one
	found                   // the value is the table's
	otherSide               // the DTZ file holds only the other side to move
)

// Which of a DTZ file's four maps serves each WDL value (+2), and the flag
// that says a win or a loss is stored in plies rather than moves.
var (
	wdlToMap   = [5]int{1, 3, 0, 2, 0}
	wdlInPlies = [5]byte{8, 0, 0, 0, 4}
)

// probeTable looks the position up in its table of kind k, without
// regard to captures or en passant. For DTZ, wdl is the position's WDL
// value, which picks the map the stored value goes through.
func (tb *Tables) probeTable(p *position, k kind, wdl int) (int, status) {
	m := materialOf(p)
	key := m.key()
	if key == 0 {
		return 0, found // two bare kings
	}
	t := tb.byKey[key]
	if t == nil {
		return 0, failed
	}
	f := t.load(k)
	if f == nil {
		return 0, failed
	}
	// The table's first side stands for White: when the position's White
	// has the second side's material, colours (and ranks) are swapped.
	flip, side := p.stm == board.Black, 0
	if !t.symmetric {
		flip = key != t.key
		if (p.stm == board.White) == flip {
			side = 1
		}
	}
	var sqs [maxPieces]int
	e, file, ok := f.squares(p, t, side*btoi(k == wdlKind), flip, &sqs)
	if !ok {
		return 0, failed
	}
	if k == dtzKind && int(e.pairs.flags&1) != side && !t.symmetric {
		return 0, otherSide
	}
	idx, ok := encode(&sqs, e, t)
	if !ok {
		return 0, failed
	}
	v, ok := e.pairs.lookup(idx)
	if !ok {
		return 0, failed
	}
	if k == dtzKind {
		return f.distance(file, e.pairs.flags, v, wdl)
	}
	if v = v&0xff - 2; v < -2 || v > 2 {
		return 0, failed
	}
	return v, found
}

// squares fills sqs with the squares of the pieces in the order of the
// sub-table that holds the position, and returns that sub-table and its
// file. With pawns, the leading pawn's file picks it.
func (f *tableFile) squares(p *position, t *table, side int, flip bool, sqs *[maxPieces]int) (*encoding, int, bool) {
	if side == 1 && !f.split {
		return nil, 0, false
	}
	mirror, file, i := 0, 0, 0
	if t.hasPawns {
		if flip {
			mirror = 0x38
		}
		i = p.fill(sqs, f.enc[0][0].pieces[0], flip, mirror, 0)
		file = leadingPawnFile(sqs, t.pawns[0])
	}
	e := &f.enc[side][file]
	for i < t.num {
		n := p.fill(sqs, e.pieces[i], flip, mirror, i)
		if n == i {
			return nil, 0, false
		}
		i = n
	}
	return e, file, i == t.num
}

// fill puts the squares of the pieces with code into sqs from i on, with
// the colour swapped when flip is set and each square xored with mirror,
// and returns where it stopped.
func (p *position) fill(sqs *[maxPieces]int, code byte, flip bool, mirror, i int) int {
	c := board.Color(code >> 3 & 1)
	if flip {
		c = c.Other()
	}
	t := board.PieceType(code&7) - 1
	if t > board.King {
		return i
	}
	for bb := p.pieces[c][t]; bb != 0 && i < maxPieces; i++ {
		sqs[i] = int(bb.PopLSB()) ^ mirror
	}
	return i
}

// leadingPawnFile moves the leading pawn, the one first in flap order,
// to the front and returns its file counted from the nearer edge (0-3).
func leadingPawnFile(sqs *[maxPieces]int, n int) int {
	for i := 1; i < n; i++ {
		if flap[sqs[0]] > flap[sqs[i]] {
			sqs[0], sqs[i] = sqs[i], sqs[0]
		}
	}
	f := sqs[0] & 7
	return min(f, 7-f)
}

// distance turns a value stored in a DTZ sub-table into a distance: through
// the map of the position's WDL value if the sub-table has maps, then from
// moves into plies unless the file says it stores plies.
func (f *tableFile) distance(file int, flags byte, v, wdl int) (int, status) {
	if flags&2 != 0 {
		m := f.maps[file][wdlToMap[wdl+2]]
		if v >= m.n {
			return 0, failed
		}
		if m.wide {
			v = int(le.Uint16(f.data[m.off+2*v:]))
		} else {
			v = int(f.data[m.off+v])
		}
	}
	if flags&wdlInPlies[wdl+2] == 0 || wdl&1 != 0 {
		v *= 2
	}
	return v, found
}
