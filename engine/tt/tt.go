// Package tt implements the transposition table: a fixed-size hash table of
// search results shared by all search threads without locks.
//
// Each entry is two 64-bit words, the packed data and the position key XORed
// with the data. Both words are read and written with atomic operations, so a
// concurrent write can tear an entry (one word old, one new) but never
// produce a data race; a torn entry fails the key check and reads as a miss.
// Four entries form a 64-byte bucket, one cache line, and the table holds a
// power of two of buckets indexed by the low bits of the key.
package tt

import (
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// Bound says how a stored score relates to the true score.
type Bound uint8

// Bounds of a stored score. Exact is Upper|Lower. The zero Bound marks an
// empty slot.
const (
	Upper Bound = 1 // the true score is at most Score (fail low)
	Lower Bound = 2 // the true score is at least Score (fail high)
	Exact Bound = Upper | Lower
)

// Entry is one stored search result. Move is an opaque 16-bit move; the
// table never interprets it.
type Entry struct {
	Move  uint16
	Score int16
	Eval  int16 // static evaluation of the position
	Depth int8
	Bound Bound
}

// A stored entry packs into one word:
//
//	bits  0-15 move
//	bits 16-31 score
//	bits 32-47 static eval
//	bits 48-55 depth (two's complement)
//	bits 56-57 bound
//	bits 58-63 age (search generation)
const (
	ageShift = 58
	ageMask  = 1<<6 - 1
	ageCount = 1 << 6
)

func pack(e Entry, age uint8) uint64 {
	return uint64(e.Move) |
		uint64(uint16(e.Score))<<16 |
		uint64(uint16(e.Eval))<<32 |
		uint64(uint8(e.Depth))<<48 |
		uint64(e.Bound&3)<<56 |
		uint64(age&ageMask)<<ageShift
}

func unpack(d uint64) (Entry, uint8) {
	return Entry{
		Move:  uint16(d),
		Score: int16(d >> 16),
		Eval:  int16(d >> 32),
		Depth: int8(d >> 48),
		Bound: Bound(d>>56) & 3,
	}, uint8(d>>ageShift) & ageMask
}

const bucketSize = 4

type slot struct {
	check uint64 // key ^ data
	data  uint64
}

type bucket [bucketSize]slot

// Table is a transposition table. Probe and Store may be called from many
// goroutines at once; Resize, Clear and NewSearch may not run concurrently
// with them.
type Table struct {
	buckets []bucket
	mask    uint64
	age     uint8
}

// New returns a table of at most mb MiB (at least one bucket).
func New(mb int) *Table {
	t := &Table{}
	t.Resize(mb)
	return t
}

// Resize reallocates the table to the largest power of two of buckets that
// fits in mb MiB, discarding its contents.
func (t *Table) Resize(mb int) {
	n := uint64(1)
	if mb > 0 {
		n = 1 << (bits.Len64(uint64(mb)<<20/64) - 1)
	}
	t.buckets = allocBuckets(int(n))
	t.mask = n - 1
	t.age = 0
}

// Len returns the number of entries the table can hold.
func (t *Table) Len() int { return len(t.buckets) * bucketSize }

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.buckets)
	t.age = 0
}

// NewSearch starts a new search generation: entries of earlier searches are
// preferred for replacement.
func (t *Table) NewSearch() { t.age = (t.age + 1) & ageMask }

// Prefetch starts loading the bucket of key into the cache, so that a
// Probe of key soon after does not wait for memory.
func (t *Table) Prefetch(key uint64) { prefetch(unsafe.Pointer(&t.buckets[key&t.mask])) }

// Probe returns the entry stored for key, if any.
func (t *Table) Probe(key uint64) (Entry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		s := &b[i]
		d := atomic.LoadUint64(&s.data)
		if d != 0 && atomic.LoadUint64(&s.check)^d == key {
			e, _ := unpack(d)
			return e, true
		}
	}
	return Entry{}, false
}

// Store records e for key. An entry for the same key is overwritten unless
// it was searched much deeper in this generation and e is not exact; when e
// carries no move, the old move is kept. Otherwise the slot whose entry is
// shallowest and oldest is replaced.
func (t *Table) Store(key uint64, e Entry) {
	b := &t.buckets[key&t.mask]
	victim := &b[0]
	worst := 1 << 30
	for i := range b {
		s := &b[i]
		d := atomic.LoadUint64(&s.data)
		if d != 0 && atomic.LoadUint64(&s.check)^d == key {
			old, age := unpack(d)
			if e.Bound != Exact && age == t.age && int(e.Depth)+3 < int(old.Depth) {
				return
			}
			if e.Move == 0 {
				e.Move = old.Move
			}
			victim = s
			break
		}
		if d == 0 {
			victim = s
			break
		}
		old, age := unpack(d)
		v := int(old.Depth) - 8*int((ageCount+t.age-age)&ageMask)
		if v < worst {
			worst, victim = v, s
		}
	}
	d := pack(e, t.age)
	atomic.StoreUint64(&victim.data, d)
	atomic.StoreUint64(&victim.check, key^d)
}

// HashFull returns the permille of sampled entries written in the current
// generation, as UCI's "hashfull" reports it.
func (t *Table) HashFull() int {
	const samples = 1000 / bucketSize
	n := min(samples, len(t.buckets))
	used := 0
	for i := range n {
		for j := range t.buckets[i] {
			d := atomic.LoadUint64(&t.buckets[i][j].data)
			if _, age := unpack(d); d != 0 && age == t.age {
				used++
			}
		}
	}
	return used * 1000 / (n * bucketSize)
}
