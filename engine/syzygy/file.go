package syzygy

import "fmt"

// tableFile is a parsed table file: the sub-tables of each side to move
// (one side only in a DTZ file or a WDL file of a symmetric table) and,
// for DTZ, the maps from stored values to distances.
type tableFile struct {
	data  []byte // the mapped file
	unmap func() error
	split bool           // a WDL file with both sides to move
	enc   [2][4]encoding // [side to move][leading pawn's file]
	maps  [4][4]dtzMap   // DTZ: [leading pawn's file][which result]
}

// dtzMap is a list of distances in a DTZ file, indexed by stored value.
type dtzMap struct {
	off, n int
	wide   bool // two bytes an entry rather than one
}

// parseTableFile reads the layout of a file of kind k for table tab.
// Nothing in the file is trusted: every offset is checked against its
// length, and probes check the rest.
func parseTableFile(data []byte, k kind, tab *table) (*tableFile, error) {
	if len(data) < 6 || le.Uint32(data) != magics[k] {
		return nil, fmt.Errorf("bad magic number")
	}
	f := &tableFile{data: data, split: k == wdlKind && data[4]&1 != 0}
	off, sizes, err := f.parseEncodings(tab, 5)
	if err != nil {
		return nil, err
	}
	for t := 0; t < tab.subTables(); t++ {
		for side := 0; side < f.sides(); side++ {
			if off, err = f.enc[side][t].pairs.parseHeader(data, off, sizes[side][t]); err != nil {
				return nil, err
			}
		}
	}
	if k == dtzKind {
		if off, err = f.parseMaps(tab, off); err != nil {
			return nil, err
		}
	}
	if err := f.place(tab, off); err != nil {
		return nil, err
	}
	return f, nil
}

func (f *tableFile) sides() int {
	if f.split {
		return 2
	}
	return 1
}

// parseEncodings reads the piece lists of every sub-table, starting at
// off, and returns the (even) offset after them and the sizes of the
// sub-tables.
func (f *tableFile) parseEncodings(tab *table, off int) (int, [2][4]uint64, error) {
	var sizes [2][4]uint64
	n := tab.num + 1
	if tab.pawns[1] > 0 {
		n++
	}
	for t := 0; t < tab.subTables(); t++ {
		if off+n > len(f.data) {
			return 0, sizes, errCorrupt
		}
		for side := 0; side < f.sides(); side++ {
			size, err := f.enc[side][t].init(tab, f.data[off:], uint(4*side), t)
			if err != nil {
				return 0, sizes, err
			}
			sizes[side][t] = size
		}
		off += n
	}
	// squares takes the leading pawns by the first sub-table's list.
	for t := 0; t < tab.subTables() && tab.hasPawns; t++ {
		for side := 0; side < f.sides(); side++ {
			if f.enc[side][t].pieces[0] != f.enc[0][0].pieces[0] {
				return 0, sizes, errCorrupt
			}
		}
	}
	return off + off&1, sizes, nil
}

// parseMaps reads the maps of a DTZ file: for each sub-table whose flags
// ask for one, four lists (win, loss, cursed win, blessed loss) of one or
// two bytes an entry.
func (f *tableFile) parseMaps(tab *table, off int) (int, error) {
	for t := 0; t < tab.subTables(); t++ {
		flags := f.enc[0][t].pairs.flags
		if flags&2 == 0 {
			continue
		}
		wide := flags&16 != 0
		if wide {
			off += off & 1
		}
		for i := range f.maps[t] {
			m := dtzMap{wide: wide}
			if wide && off+2 <= len(f.data) {
				m.n, m.off = int(le.Uint16(f.data[off:])), off+2
				off += 2 + 2*m.n
			} else if !wide && off < len(f.data) {
				m.n, m.off = int(f.data[off]), off+1
				off += 1 + m.n
			} else {
				return 0, errCorrupt
			}
			f.maps[t][i] = m
		}
		if off > len(f.data) {
			return 0, errCorrupt
		}
	}
	return off + off&1, nil
}

// place finds the index tables, then the block sizes, then the blocks
// (each sub-table's starting on a 64-byte boundary) of every sub-table, in
// the order of their headers.
func (f *tableFile) place(tab *table, off int) error {
	var err error
	for part := 0; part < 3; part++ {
		for t := 0; t < tab.subTables(); t++ {
			for side := 0; side < f.sides(); side++ {
				if off, err = f.enc[side][t].pairs.place(f.data, off, part); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// place sets the index (part 0), the block sizes (part 1) or the blocks
// (part 2) of a sub-table at off and returns the offset after them.
func (d *pairs) place(data []byte, off, part int) (int, error) {
	if d.constant {
		return off, nil
	}
	var n uint64
	switch part {
	case 0:
		n = 6 * ((d.size + 1<<d.idxBits - 1) >> d.idxBits)
	case 1:
		n = 2 * uint64(d.numBlocks)
	case 2:
		off = (off + 63) &^ 63
		n = uint64(d.realBlocks) << d.blockBits
	}
	if uint64(off)+n > uint64(len(data)) {
		return 0, errCorrupt
	}
	end := off + int(n)
	switch part {
	case 0:
		d.index = data[off:end]
	case 1:
		d.sizes = data[off:end]
	case 2:
		d.data, d.dataOff = data, uint64(off)
	}
	return end, nil
}
