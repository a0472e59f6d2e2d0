//go:build !amd64 || purego

package tt

import "unsafe"

// prefetch does nothing where Go has no prefetch instruction to call.
func prefetch(unsafe.Pointer) {}
