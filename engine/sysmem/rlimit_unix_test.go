//go:build unix

package sysmem

import "testing"

func TestVMSize(t *testing.T) {
	if got, want := vmSize("testdata/status"), uint64(3892<<10); got != want {
		t.Errorf("vmSize = %d, want %d", got, want)
	}
	if got := vmSize("testdata/absent"); got != 0 {
		t.Errorf("vmSize of a missing file = %d, want 0", got)
	}
}
