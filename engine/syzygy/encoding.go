package syzygy

import "github.com/luftchess/luft/engine/board"

// encoding tells how one sub-table numbers its positions: which pieces it
// takes in which order, how they group, and what each group's number is
// multiplied by. Its pairs hold the values.
type encoding struct {
	pieces [maxPieces]byte   // piece codes: type (1 pawn ... 6 king) | 8 for Black
	groups [maxPieces]int    // at the start of each group, its size
	factor [maxPieces]uint64 // at the start of each group, its multiplier
	pairs  pairs
}

// maxTableSize bounds the positions of a sub-table, far above those of
// the largest real table.
const maxTableSize = 1 << 48

// init reads the piece list of a sub-table from desc (the low or high
// nibbles, by shift) and works out its groups and factors. It returns the
// number of positions of the sub-table. file is the leading pawn's file
// in pawn tables.
func (e *encoding) init(tab *table, desc []byte, shift uint, file int) (uint64, error) {
	more := 0
	if tab.pawns[1] > 0 {
		more = 1
	}
	for i := 0; i < tab.num; i++ {
		e.pieces[i] = desc[i+1+more] >> shift & 0x0f
	}
	if !e.piecesMatch(tab) {
		return 0, errCorrupt
	}
	order, order2 := int(desc[0]>>shift&0x0f), 0x0f
	if more == 1 {
		order2 = int(desc[1] >> shift & 0x0f)
	}
	k := tab.lead()
	e.groups[0] = k
	if more == 1 {
		e.groups[k] = tab.pawns[1]
		k += tab.pawns[1]
	}
	for i := k; i < tab.num; i += e.groups[i] {
		j := i
		for j < tab.num && e.pieces[j] == e.pieces[i] {
			j++
		}
		e.groups[i] = j - i
	}
	return e.initFactors(tab, k, order, order2, file)
}

// initFactors gives each group its multiplier: the groups are numbered
// in the order the file gives (order for the leading group, order2 for
// the other colour's pawns, the rest in turn), each multiplying by the
// number of placements of the groups before it.
func (e *encoding) initFactors(tab *table, k, order, order2, file int) (uint64, error) {
	free := 64 - k
	f := uint64(1)
	done := 0
	for i := 0; k < tab.num || i == order || i == order2; i++ {
		var n uint64
		switch {
		case i == order:
			e.factor[0] = f
			n = tab.leadPlacements(file)
			done++
		case i == order2:
			e.factor[e.groups[0]] = f
			n = binomial[e.groups[e.groups[0]]][48-e.groups[0]]
			done++
		default:
			e.factor[k] = f
			n = binomial[e.groups[k]][free]
			free -= e.groups[k]
			k += e.groups[k]
		}
		if n == 0 || f > maxTableSize/n {
			return 0, errCorrupt
		}
		f *= n
	}
	if done != 1+min(tab.pawns[1], 1) {
		return 0, errCorrupt
	}
	return f, nil
}

// piecesMatch reports whether the piece list holds the table's pieces,
// each kind in one run, the leading pawns and then the other colour's
// pawns first in a pawn table: encode relies on all of it.
func (e *encoding) piecesMatch(tab *table) bool {
	var seen [16]bool
	for i := 0; i < tab.num; {
		code := e.pieces[i]
		c, t := board.Color(code>>3), board.PieceType(code&7)-1
		if code&7 == 0 || code&7 > 6 || seen[code] {
			return false
		}
		seen[code] = true
		n := tab.material[c][t]
		if n == 0 {
			return false
		}
		for j := i; j < i+n; j++ {
			if j >= tab.num || e.pieces[j] != code {
				return false
			}
		}
		if tab.hasPawns && (i == 0 && (t != board.Pawn || n != tab.pawns[0]) ||
			i == tab.pawns[0] && tab.pawns[1] > 0 && (t != board.Pawn || n != tab.pawns[1])) {
			return false
		}
		i += n
	}
	return true
}
