package sysmem

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadMeminfo(t *testing.T) {
	got := readMeminfo("testdata/meminfo")
	want := Memory{Total: 24684096 << 10, Available: 24376712 << 10}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("readMeminfo (-want +got):\n%s", diff)
	}
	if got := readMeminfo("testdata/absent"); got != (Memory{}) {
		t.Errorf("readMeminfo of a missing file = %+v, want zeros", got)
	}
}

func TestReadNumber(t *testing.T) {
	for _, tc := range []struct {
		file string
		want uint64
	}{
		{"testdata/limit-1g", 1 << 30},
		{"testdata/v2-max", 0},       // cgroup v2: no limit
		{"testdata/v1-unlimited", 0}, // cgroup v1: no limit
		{"testdata/absent", 0},
	} {
		if got := readNumber(tc.file); got != tc.want {
			t.Errorf("readNumber(%s) = %d, want %d", tc.file, got, tc.want)
		}
	}
}

// TestRead checks that this machine's figures are plausible where they
// are known: some memory is available, and no more than the total.
func TestRead(t *testing.T) {
	m := Read()
	if m.Total == 0 {
		t.Logf("total memory unknown on this system")
		return
	}
	if m.Available == 0 || m.Available > m.Total {
		t.Errorf("Read() = %+v: available memory should be in (0, total]", m)
	}
}
