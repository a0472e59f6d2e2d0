package syzygy

import (
	"encoding/binary"
	"errors"
)

var (
	le = binary.LittleEndian
	be = binary.BigEndian
)

// errCorrupt is the error of a table whose contents make no sense.
var errCorrupt = errors.New("corrupted table")

// maxSymbols bounds the symbols of a pairs table: symbols name each other
// in twelve bits.
const maxSymbols = 4096

// maxCodeLen bounds the length of a symbol's code, in bits.
const maxCodeLen = 32

// pairs is one compressed sub-table (see doc.go): a canonical Huffman code
// over symbols that each stand for a string of values, in blocks of a fixed
// size, with an index every 2^idxBits positions.
type pairs struct {
	flags    byte
	constant bool   // every position has the value in value
	value    uint16 // the value of a constant table
	size     uint64 // the number of positions

	blockBits  uint // log2 of the block size in bytes
	idxBits    uint
	minLen     int
	numBlocks  uint32 // entries of sizes (real blocks and a few spare)
	realBlocks uint32 // blocks in data

	lengths int                // code lengths, from minLen on
	offsets [maxCodeLen]uint16 // first symbol of each code length
	base    [maxCodeLen]uint64 // smallest left-aligned code of each length
	symLen  []uint16           // values a symbol stands for, minus one
	symbols []byte             // three bytes a symbol: two 12-bit halves

	index   []byte // six bytes every 2^idxBits positions: block, offset
	sizes   []byte // two bytes a block: values in it, minus one
	data    []byte // the whole file, blocks read from dataOff on
	dataOff uint64
}

// parseHeader reads the header of a sub-table of size positions at
// data[off:] and returns the offset after it. The index, sizes and data
// are placed later, by the caller, once every header is read.
func (d *pairs) parseHeader(data []byte, off int, size uint64) (int, error) {
	if off+2 > len(data) {
		return 0, errCorrupt
	}
	d.flags = data[off]
	d.size = size
	if d.flags&0x80 != 0 {
		d.constant = true
		d.value = uint16(data[off+1])
		return off + 2, nil
	}
	if off+12 > len(data) {
		return 0, errCorrupt
	}
	h := data[off:]
	d.blockBits, d.idxBits = uint(h[1]), uint(h[2])
	d.realBlocks = le.Uint32(h[4:])
	d.numBlocks = d.realBlocks + uint32(h[3])
	maxLen := int(h[8])
	d.minLen = int(h[9])
	if d.blockBits < 4 || d.blockBits > 30 || d.idxBits < 1 || d.idxBits > 40 ||
		d.minLen < 1 || maxLen < d.minLen || maxLen > maxCodeLen || d.numBlocks < d.realBlocks {
		return 0, errCorrupt
	}
	n := maxLen - d.minLen + 1
	if off+12+2*n > len(data) {
		return 0, errCorrupt
	}
	syms := int(le.Uint16(h[10+2*n:]))
	end := off + 12 + 2*n + 3*syms + syms&1
	if syms > maxSymbols || end > len(data) {
		return 0, errCorrupt
	}
	d.lengths = n
	for i := range n {
		d.offsets[i] = le.Uint16(h[10+2*i:])
	}
	d.symbols = h[12+2*n : 12+2*n+3*syms]
	d.initBase()
	return end, d.initSymbols()
}

// initBase computes, for each code length, the smallest code of that
// length, left-aligned in 64 bits: a code of length l is read by finding
// the first l whose base it is not below. The last base is 0, which ends
// that search whatever the code.
func (d *pairs) initBase() {
	n := d.lengths
	d.base[n-1] = 0
	for i := n - 2; i >= 0; i-- {
		d.base[i] = (d.base[i+1] + uint64(d.offsets[i]) - uint64(d.offsets[i+1])) / 2
	}
	for i := range n {
		d.base[i] <<= 64 - uint(d.minLen+i)
	}
}

// children returns the two symbols a symbol stands for; right is 0xfff
// for a symbol that is a single value (left).
func (d *pairs) children(s int) (left, right int) {
	w := d.symbols[3*s:]
	return int(w[0]) | int(w[1]&0x0f)<<8, int(w[1]>>4) | int(w[2])<<4
}

// initSymbols computes the length of every symbol's string, refusing
// symbols that name missing symbols or, through others, themselves.
func (d *pairs) initSymbols() error {
	n := len(d.symbols) / 3
	d.symLen = make([]uint16, n)
	state := make([]byte, n) // 0 new, 1 being computed, 2 done
	var stack []int
	for s := range n {
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			if state[top] == 2 {
				stack = stack[:len(stack)-1]
				continue
			}
			l, r := d.children(top)
			if r == 0xfff {
				state[top] = 2
				continue
			}
			if l >= n || r >= n {
				return errCorrupt
			}
			if state[l] == 2 && state[r] == 2 {
				total := int(d.symLen[l]) + int(d.symLen[r]) + 1
				if total > 0xffff {
					return errCorrupt
				}
				d.symLen[top], state[top] = uint16(total), 2
				continue
			}
			// A symbol comes back to the top only when its children are
			// done: a child still being computed means a cycle.
			state[top] = 1
			for _, c := range [2]int{l, r} {
				if state[c] == 1 {
					return errCorrupt
				}
				if state[c] == 0 {
					stack = append(stack, c)
				}
			}
		}
	}
	return nil
}
