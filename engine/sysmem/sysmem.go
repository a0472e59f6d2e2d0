// Package sysmem reports how much memory the machine gives this process:
// its total and what is free to allocate now. The engine uses it to refuse
// a transposition table or a thread count that would not fit, rather than
// let the Go runtime die of an out-of-memory error.
//
// On Linux the figures come from /proc/meminfo (MemTotal, MemAvailable),
// lowered to a cgroup memory limit when one is set (cgroup v2 memory.max,
// or v1 memory.limit_in_bytes, with the usage beside it), and what is
// available is lowered further to the address space an RLIMIT_AS
// (ulimit -v) leaves. Elsewhere they are unknown.
package sysmem

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// Memory is a snapshot of the memory figures, in bytes. A zero field is
// unknown.
type Memory struct {
	Total     uint64 // what the machine (or the cgroup) has in all
	Available uint64 // what can be allocated now without swapping
}

// Read returns the current figures; fields it cannot find are zero.
func Read() Memory {
	m := readMeminfo("/proc/meminfo")
	limit, usage := cgroupLimit()
	if limit > 0 && (m.Total == 0 || limit < m.Total) {
		m.Total = limit
		free := uint64(0)
		if usage < limit {
			free = limit - usage
		}
		if m.Available == 0 || free < m.Available {
			m.Available = free
		}
	}
	if left, ok := addressSpaceLeft(); ok && (m.Available == 0 || left < m.Available) {
		m.Available = max(left, 1) // 1: known to be (nearly) nothing, not unknown
	}
	return m
}

// readMeminfo reads MemTotal and MemAvailable from a file in the format
// of /proc/meminfo ("MemTotal:       24684096 kB").
func readMeminfo(name string) Memory {
	f, err := os.Open(name)
	if err != nil {
		return Memory{}
	}
	defer f.Close()
	var m Memory
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) != 2 || fields[1] != "kB" {
			continue
		}
		n, err := strconv.ParseUint(fields[0], 10, 64)
		if err != nil {
			continue
		}
		switch key {
		case "MemTotal":
			m.Total = n << 10
		case "MemAvailable":
			m.Available = n << 10
		}
	}
	return m
}

// cgroupLimit returns the memory limit of this process's cgroup and the
// memory it uses now, or zeros when no limit is set or none can be read.
func cgroupLimit() (limit, usage uint64) {
	for _, files := range [][2]string{
		{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current"},
		{"/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.usage_in_bytes"},
	} {
		if limit = readNumber(files[0]); limit > 0 {
			return limit, readNumber(files[1])
		}
	}
	return 0, 0
}

// noLimit is the least value that stands for "no limit": cgroup v1 writes
// the largest page-aligned int64, v2 writes "max" (which fails to parse).
const noLimit = 1 << 62

// readNumber reads a file holding one decimal number; 0 when it cannot,
// or when the number means "no limit".
func readNumber(name string) uint64 {
	b, err := os.ReadFile(name)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil || n >= noLimit {
		return 0
	}
	return n
}
