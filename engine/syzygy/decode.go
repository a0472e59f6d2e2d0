package syzygy

// lookup returns the value the sub-table holds for position number idx:
// it finds the block and the place in it from the index, decodes symbols
// until the one covering that place, and walks down the symbol's pair
// tree to the single value. ok is false when the table is corrupted.
func (d *pairs) lookup(idx uint64) (value int, ok bool) {
	if d.constant {
		return int(d.value), true
	}
	block, lit, ok := d.locate(idx)
	if !ok {
		return 0, false
	}
	sym, lit, ok := d.decodeBlock(block, lit)
	if !ok {
		return 0, false
	}
	for d.symLen[sym] != 0 {
		l, r := d.children(sym)
		if lit <= int(d.symLen[l]) {
			sym = l
		} else {
			lit -= int(d.symLen[l]) + 1
			sym = r
		}
	}
	w := d.symbols[3*sym:]
	return int(w[0]) | int(w[1]&0x0f)<<8, true
}

// locate returns the block that holds value number idx and the value's
// place in it. The index points into the middle of each stretch of
// 2^idxBits values; the block sizes take it from there.
func (d *pairs) locate(idx uint64) (block uint32, lit int, ok bool) {
	main := idx >> d.idxBits
	if idx >= d.size || 6*main+6 > uint64(len(d.index)) {
		return 0, 0, false
	}
	e := d.index[6*main:]
	block = le.Uint32(e)
	lit = int(idx&(1<<d.idxBits-1)) - 1<<(d.idxBits-1) + int(le.Uint16(e[4:]))
	for lit < 0 {
		if block == 0 {
			return 0, 0, false
		}
		block--
		if block >= d.numBlocks {
			return 0, 0, false
		}
		lit += int(le.Uint16(d.sizes[2*block:])) + 1
	}
	for {
		if block >= d.numBlocks {
			return 0, 0, false
		}
		n := int(le.Uint16(d.sizes[2*block:]))
		if lit <= n {
			break
		}
		lit -= n + 1
		block++
	}
	return block, lit, block < d.realBlocks
}

// decodeBlock reads the Huffman codes of a block until the symbol whose
// string covers value number lit, and returns it with lit made relative to
// its string. Bits are kept left-aligned in a 64-bit word refilled 32 bits
// at a time; reads past the end of the file read zeros.
func (d *pairs) decodeBlock(block uint32, lit int) (sym, rest int, ok bool) {
	at := d.dataOff + uint64(block)<<d.blockBits
	code := uint64(d.word(at))<<32 | uint64(d.word(at+4))
	at += 8
	used := uint(0) // bits consumed since the last refill
	symLen := d.symLen
	for {
		// The last base is 0; the mask spares the bounds checks.
		l := 0
		for code < d.base[l&(maxCodeLen-1)] {
			l++
		}
		l &= maxCodeLen - 1
		length := uint(d.minLen + l)
		sym = int(d.offsets[l]) + int((code-d.base[l])>>(64-length))
		if uint(sym) >= uint(len(symLen)) {
			return 0, 0, false
		}
		n := int(symLen[sym])
		if lit <= n {
			return sym, lit, true
		}
		lit -= n + 1
		code <<= length
		used += length
		if used >= 32 {
			used -= 32
			code |= uint64(d.word(at)) << used
			at += 4
		}
	}
}

// word returns the big-endian 32-bit word of the file at off, or zero past
// its end.
func (d *pairs) word(off uint64) uint32 {
	if off+4 > uint64(len(d.data)) {
		return 0
	}
	return be.Uint32(d.data[off:])
}
