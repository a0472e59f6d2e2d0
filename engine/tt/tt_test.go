package tt

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

func TestPackRoundTrip(t *testing.T) {
	tests := []Entry{
		{Move: 0x1234, Score: -31999, Eval: 250, Depth: 12, Bound: Exact},
		{Move: 0xffff, Score: 32000, Eval: -32000, Depth: -1, Bound: Upper},
		{Move: 1, Score: 0, Eval: 0, Depth: 127, Bound: Lower},
		{Move: 0, Score: -1, Eval: -1, Depth: -128, Bound: Lower},
	}
	for _, e := range tests {
		for _, age := range []uint8{0, 1, 63} {
			got, gotAge := unpack(pack(e, age))
			if diff := cmp.Diff(e, got); diff != "" || gotAge != age {
				t.Errorf("unpack(pack(%+v, %d)): age %d, diff (-want +got):\n%s", e, age, gotAge, diff)
			}
		}
	}
}

func FuzzPack(f *testing.F) {
	f.Add(uint16(1), int16(2), int16(3), int8(4), uint8(3), uint8(5))
	f.Fuzz(func(t *testing.T, m uint16, s, ev int16, d int8, b, age uint8) {
		e := Entry{Move: m, Score: s, Eval: ev, Depth: d, Bound: Bound(b & 3)}
		got, gotAge := unpack(pack(e, age))
		if got != e || gotAge != age&ageMask {
			t.Errorf("round trip of %+v age %d gave %+v age %d", e, age, got, gotAge)
		}
	})
}

func TestResize(t *testing.T) {
	tests := []struct{ mb, entries int }{
		{0, 4},
		{1, 1 << 16},
		{3, 2 << 16},
		{16, 16 << 16},
	}
	for _, tc := range tests {
		if got := New(tc.mb).Len(); got != tc.entries {
			t.Errorf("New(%d).Len() = %d, want %d", tc.mb, got, tc.entries)
		}
	}
}

// TestBucketsAligned checks that a bucket is one 64-byte cache line and
// that the table starts on a line's boundary, so that a probe, its
// prefetch and a store each touch one line; and that on Linux a table of
// 2 MiB or more starts on a huge page's boundary, from which it is advised
// to use huge pages (alloc_linux.go).
func TestBucketsAligned(t *testing.T) {
	if size := unsafe.Sizeof(bucket{}); size != 64 {
		t.Errorf("a bucket is %d bytes, want 64", size)
	}
	for _, mb := range []int{0, 1, 2, 16} {
		tab := New(mb)
		align := uintptr(64)
		if runtime.GOOS == "linux" && mb >= 2 {
			align = 2 << 20
		}
		if addr := uintptr(unsafe.Pointer(&tab.buckets[0])); addr%align != 0 {
			t.Errorf("New(%d): buckets start at %#x, not on a %d-byte boundary", mb, addr, align)
		}
	}
}

func TestProbeStore(t *testing.T) {
	tab := New(1)
	key := uint64(0xdeadbeef12345678)
	if _, ok := tab.Probe(key); ok {
		t.Fatal("Probe on empty table hit")
	}
	want := Entry{Move: 77, Score: -5, Eval: 10, Depth: 6, Bound: Lower}
	tab.Store(key, want)
	got, ok := tab.Probe(key)
	if !ok {
		t.Fatal("Probe after Store missed")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Probe (-want +got):\n%s", diff)
	}
	// Same bucket, other key: a miss.
	if _, ok := tab.Probe(key ^ 1<<40); ok {
		t.Error("Probe of another key in the same bucket hit")
	}
	// A move-less store keeps the old move.
	tab.Store(key, Entry{Score: 9, Depth: 7, Bound: Upper})
	got, _ = tab.Probe(key)
	if diff := cmp.Diff(Entry{Move: 77, Score: 9, Depth: 7, Bound: Upper}, got); diff != "" {
		t.Errorf("after move-less store (-want +got):\n%s", diff)
	}
	// A much shallower non-exact result does not replace a deep one.
	tab.Store(key, Entry{Move: 5, Score: 1, Depth: 2, Bound: Lower})
	if got, _ = tab.Probe(key); got.Depth != 7 {
		t.Errorf("shallow store replaced a deep entry: %+v", got)
	}
	// An exact one does.
	tab.Store(key, Entry{Move: 5, Score: 1, Depth: 2, Bound: Exact})
	if got, _ = tab.Probe(key); got.Depth != 2 || got.Move != 5 {
		t.Errorf("exact store did not replace: %+v", got)
	}
	tab.Clear()
	if _, ok := tab.Probe(key); ok {
		t.Error("Probe after Clear hit")
	}
}

func TestReplacement(t *testing.T) {
	tab := New(0) // one bucket
	// Fill the bucket with depths 4, 1, 9, 6.
	for i, d := range []int8{4, 1, 9, 6} {
		tab.Store(uint64(i+1)<<8, Entry{Depth: d, Bound: Exact})
	}
	// A fifth key evicts the shallowest (key 2, depth 1).
	tab.Store(5<<8, Entry{Depth: 3, Bound: Exact})
	for key, want := range map[uint64]bool{1 << 8: true, 2 << 8: false, 3 << 8: true, 4 << 8: true, 5 << 8: true} {
		if _, ok := tab.Probe(key); ok != want {
			t.Errorf("Probe(%#x) hit = %v, want %v", key, ok, want)
		}
	}
	// After a few generations the old deep entry is the victim.
	for range 3 {
		tab.NewSearch()
	}
	tab.Store(1<<8, Entry{Depth: 2, Bound: Exact}) // refresh key 1
	tab.Store(4<<8, Entry{Depth: 2, Bound: Exact}) // refresh key 4
	tab.Store(5<<8, Entry{Depth: 2, Bound: Exact}) // refresh key 5
	tab.Store(6<<8, Entry{Depth: 1, Bound: Exact})
	if _, ok := tab.Probe(3 << 8); ok {
		t.Error("stale depth-9 entry survived against fresh shallow ones")
	}
}

func TestHashFull(t *testing.T) {
	tab := New(1)
	if got := tab.HashFull(); got != 0 {
		t.Errorf("empty HashFull = %d", got)
	}
	for i := range 250 {
		tab.Store(uint64(i), Entry{Depth: 1, Bound: Exact}) // bucket i, one slot each
	}
	if got := tab.HashFull(); got != 250 {
		t.Errorf("HashFull = %d, want 250", got)
	}
	tab.NewSearch()
	if got := tab.HashFull(); got != 0 {
		t.Errorf("HashFull after NewSearch = %d, want 0", got)
	}
}

// TestConcurrent hammers a one-bucket table, and one large enough for
// Linux's huge pages, from several goroutines; run with -race. A hit must
// always return the entry some goroutine stored for that key, never a mix
// of two entries.
func TestConcurrent(t *testing.T) {
	for _, mb := range []int{0, 2} {
		testConcurrent(t, New(mb))
	}
}

func testConcurrent(t *testing.T, tab *Table) {
	entryFor := func(key uint64) Entry {
		return Entry{Move: uint16(key), Score: int16(key >> 16), Eval: int16(key >> 32), Depth: int8(key>>48) & 63, Bound: Exact}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 1))
			for range 20000 {
				key := r.Uint64()&0xff0f0f0f0f0f0f00 | uint64(r.IntN(8))
				if r.IntN(2) == 0 {
					tab.Store(key, entryFor(key))
				} else if e, ok := tab.Probe(key); ok && e != entryFor(key) {
					t.Errorf("Probe(%#x) = %+v, want %+v", key, e, entryFor(key))
					return
				}
			}
		}()
	}
	wg.Wait()
}

// benchKeys returns the random keys the benchmarks cycle through: a
// power of two of them, so that i&(len-1) indexes them.
func benchKeys() []uint64 {
	r := rand.New(rand.NewPCG(1, 2))
	keys := make([]uint64, 1<<12)
	for i := range keys {
		keys[i] = r.Uint64()
	}
	return keys
}

// benchEntry is the entry the benchmarks store.
var benchEntry = Entry{Move: 1, Depth: 3, Bound: Exact}

func BenchmarkProbe(b *testing.B) {
	tab, keys := New(16), benchKeys()
	for _, k := range keys {
		tab.Store(k, benchEntry)
	}
	b.ReportAllocs()
	var hits int
	for i := 0; b.Loop(); i++ {
		if _, ok := tab.Probe(keys[i&(len(keys)-1)]); ok {
			hits++
		}
	}
	_ = hits
}

func BenchmarkStore(b *testing.B) {
	tab, keys := New(16), benchKeys()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		tab.Store(keys[i&(len(keys)-1)], benchEntry)
	}
}
