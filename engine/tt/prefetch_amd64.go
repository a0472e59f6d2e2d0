//go:build amd64 && !purego

package tt

import "unsafe"

// prefetch asks the processor to start loading the cache line at p.
//
//go:noescape
func prefetch(p unsafe.Pointer)
