package engine

import (
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/luftchess/luft/engine/sysmem"
	"github.com/luftchess/luft/eval"
)

// Bounds of the Hash and Threads options.
const (
	// hashCeilingMB is the largest table Luft ever allocates, 64 GiB,
	// far below sizes that would overflow the table's index arithmetic.
	hashCeilingMB = 1 << 16
	// MaxThreads bounds Threads. Each thread holds about 1.3 MiB of
	// histories; more threads than this only slow the stop of a search on
	// the machines Luft runs on.
	MaxThreads = 256
)

// threadBytes is the memory one search thread holds besides its position.
const threadBytes = uint64(unsafe.Sizeof(thread{}) + unsafe.Sizeof(eval.Evaluator{}))

// MaxHashMB returns the largest Hash worth declaring on this machine: the
// largest power of two of MiB (the table rounds down to one anyway) in
// half its memory, and never more than 64 GiB. When the machine's memory
// is unknown it is the 64 GiB ceiling, and CheckMemory is the only guard.
func MaxHashMB() int {
	total := sysmem.Read().Total
	if total == 0 {
		return hashCeilingMB
	}
	mb := total / 2 >> 20
	if mb < 1 {
		return 1
	}
	return min(1<<(bits.Len64(mb)-1), hashCeilingMB)
}

// memoryNeed returns the bytes the table and threads of o take.
func memoryNeed(o Options) uint64 {
	perThread := threadBytes
	if net := Network(o, Limits{}); net != nil {
		perThread += netStackBytes(net.Hidden)
	}
	return uint64(max(o.HashMB, 1))<<20 + uint64(max(o.Threads, 1))*perThread
}

// netStackBytes is the memory of one thread's accumulator stack for a
// network of hidden neurons (evaluator.reserve): 258 KiB per 256 neurons.
func netStackBytes(hidden int) uint64 {
	return uint64(MaxPly+1) * uint64(2*hidden) * 2
}

// reserveBytes is the memory CheckMemory leaves to everything else: the
// Go runtime, the GUI, the operating system.
const reserveBytes = 256 << 20

// CheckMemory returns an error saying why when the table and threads that
// o asks for would not fit in the memory available now, given that those
// of cur (the options in effect) are freed first. It returns nil when the
// machine's memory cannot be read.
func CheckMemory(o, cur Options) error {
	return checkMemory(o, cur, sysmem.Read().Available)
}

// checkMemory is CheckMemory with avail bytes available; 0 is unknown.
func checkMemory(o, cur Options, avail uint64) error {
	if o.HashMB > hashCeilingMB {
		return fmt.Errorf("a table of %d MiB is larger than the %d MiB Luft supports", o.HashMB, hashCeilingMB)
	}
	if o.Threads > MaxThreads {
		return fmt.Errorf("%d threads are more than the %d Luft supports", o.Threads, MaxThreads)
	}
	// The default table and thread always fit: the engine starts with
	// them before any check could refuse them.
	need, freed := memoryNeed(o), max(memoryNeed(cur), memoryNeed(Options{HashMB: DefaultHashMB, Threads: DefaultThreads}))
	if avail == 0 || need <= freed {
		return nil
	}
	if need-freed+reserveBytes > avail {
		return fmt.Errorf("%d MiB more memory is needed but only %d MiB is available",
			(need-freed)>>20, avail>>20)
	}
	return nil
}
