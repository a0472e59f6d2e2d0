//go:build !unix

package userfile

import "testing"

// specialFiles returns no files: the system has neither /dev/zero nor
// FIFOs made as on Unix.
func specialFiles(t *testing.T, dir string) []string { return nil }
