//go:build !linux

package tt

// allocBuckets returns n zeroed buckets; only Linux's build asks for huge
// pages (alloc_linux.go).
func allocBuckets(n int) []bucket { return make([]bucket, n) }
