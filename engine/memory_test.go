package engine

import "testing"

func TestCheckMemory(t *testing.T) {
	const mib = 1 << 20
	cur := Options{HashMB: 16, Threads: 1}
	tests := []struct {
		o     Options
		avail uint64
		ok    bool
	}{
		{Options{HashMB: 64, Threads: 1}, 1 << 30, true},
		{Options{HashMB: 1024, Threads: 1}, 1 << 30, false}, // more than is free
		{Options{HashMB: 1024, Threads: 1}, 2 << 30, true},
		{Options{HashMB: 1 << 16, Threads: 1}, 0, true},    // memory unknown: only the ceiling applies
		{Options{HashMB: 1<<16 + 1, Threads: 1}, 0, false}, // over the ceiling
		{Options{HashMB: 16, Threads: MaxThreads}, 1 << 30, true},
		{Options{HashMB: 16, Threads: MaxThreads + 1}, 1 << 40, false},
		{Options{HashMB: 16, Threads: 200}, 100 * mib, false}, // 200 threads' histories do not fit
		{Options{HashMB: 8, Threads: 1}, 1 * mib, true},       // shrinking always fits
		{Options{HashMB: 16, Threads: 1}, 1, true},            // the defaults always fit
	}
	for _, tt := range tests {
		err := checkMemory(tt.o, cur, tt.avail)
		if (err == nil) != tt.ok {
			t.Errorf("checkMemory(%+v, %d MiB available) = %v, want ok=%v", tt.o, tt.avail/mib, err, tt.ok)
		}
	}
}

func TestMaxHashMB(t *testing.T) {
	m := MaxHashMB()
	if m < 1 || m > hashCeilingMB || m&(m-1) != 0 {
		t.Errorf("MaxHashMB() = %d, want a power of two in [1, %d]", m, hashCeilingMB)
	}
	if err := CheckMemory(Options{HashMB: 16, Threads: 1}, Options{HashMB: 16, Threads: 1}); err != nil {
		t.Errorf("the default options do not fit: %v", err)
	}
}
