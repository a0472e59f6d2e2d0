//go:build unix

package sysmem

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// addressSpaceLeft returns how much more address space the process may
// map under its RLIMIT_AS (ulimit -v), and false when that is unlimited
// or cannot be read. The Go runtime maps more than it uses, so it is the
// limit less the process's current size (VmSize in /proc/self/status).
func addressSpaceLeft() (uint64, bool) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &lim); err != nil || lim.Cur >= noLimit {
		return 0, false
	}
	size := vmSize("/proc/self/status")
	if size >= lim.Cur {
		return 0, true
	}
	return lim.Cur - size, true
}

// vmSize reads VmSize ("VmSize:   3892 kB") from a file in the format of
// /proc/self/status, in bytes; 0 when it cannot.
func vmSize(name string) uint64 {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmSize:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				n, err := strconv.ParseUint(f[0], 10, 64)
				if err == nil {
					return n << 10
				}
			}
		}
	}
	return 0
}
