//go:build linux

package tt

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of a transparent huge page with Linux's 4 KiB base
// pages, as on x86-64 and arm64.
const hugePage = 2 << 20

// allocBuckets returns n zeroed buckets. A table of a huge page or more is
// allocated a huge page larger and starts at its first 2 MiB boundary,
// advised MADV_HUGEPAGE from there: Go does not advise its heap, and where
// transparent huge pages are "madvise", as many systems set them, the
// table would sit in 4 KiB pages. In huge pages one TLB entry covers 2 MiB
// of the table instead of 4 KiB, and the random probes of a search miss
// the TLB far less (NOTES.md, "Huge pages"). Memory fresh from the system
// gets huge pages when first touched; memory the heap reuses gets them if
// the kernel collapses it later.
func allocBuckets(n int) []bucket {
	size := n * int(unsafe.Sizeof(bucket{}))
	if size < hugePage {
		return make([]bucket, n)
	}
	mem := make([]byte, size+hugePage)
	off := int(-uintptr(unsafe.Pointer(&mem[0])) & (hugePage - 1))
	// Only advice: where the kernel declines, the table works in small
	// pages.
	_ = unix.Madvise(mem[off:off+size], unix.MADV_HUGEPAGE)
	return unsafe.Slice((*bucket)(unsafe.Pointer(&mem[off])), n)
}
