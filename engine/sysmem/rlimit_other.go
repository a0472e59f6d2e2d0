//go:build !unix

package sysmem

// addressSpaceLeft reports that no address-space limit is known.
func addressSpaceLeft() (uint64, bool) { return 0, false }
