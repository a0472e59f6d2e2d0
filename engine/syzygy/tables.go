package syzygy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Tables is a set of Syzygy tables found in some directories. Its probes
// are safe for concurrent use by many goroutines; each file is mapped into
// memory on the first probe that needs it.
type Tables struct {
	byKey     map[uint64]*table // by material key, both colourings
	tables    []*table          // sorted by name
	maxPieces int
	errs      []error // problems found by Open
}

// Open finds the tables in the directories of path, a list separated by
// os.PathListSeparator (':' on Unix, as in Stockfish's SyzygyPath).
// Where two directories hold the same file, the first wins. Open always
// returns usable Tables, empty when path is empty: the error, when not
// nil, lists the directories it could not read or found without table
// files, and the files it skipped (truncated, or with a wrong magic
// number). Files found bad only when a probe first maps them are skipped
// too and reported by Err.
func Open(path string) (*Tables, error) {
	tb := &Tables{byKey: make(map[uint64]*table)}
	byName := make(map[string]*table)
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			tb.errs = append(tb.errs, fmt.Errorf("syzygy: %w", err))
			continue
		}
		found := false
		for _, e := range entries {
			found = tb.add(byName, dir, e.Name()) || found
		}
		if !found {
			tb.errs = append(tb.errs, fmt.Errorf("syzygy: %s holds no table files", dir))
		}
	}
	for _, t := range byName {
		if t.files[wdlKind].path == "" {
			continue // a DTZ file is of no use without its WDL file
		}
		tb.tables = append(tb.tables, t)
		tb.byKey[t.key] = t
		mirror := t.material.mirrored()
		tb.byKey[mirror.key()] = t
		tb.maxPieces = max(tb.maxPieces, t.num)
	}
	sort.Slice(tb.tables, func(i, j int) bool { return tb.tables[i].name < tb.tables[j].name })
	return tb, errors.Join(tb.errs...)
}

// add registers the file name of directory dir if it is a table file not
// yet found in an earlier directory and passes checkFile. It reports
// whether file is named as a table file, sound or not.
func (tb *Tables) add(byName map[string]*table, dir, file string) bool {
	for k, suffix := range suffixes {
		name, ok := strings.CutSuffix(file, suffix)
		if !ok {
			continue
		}
		m, ok := parseName(name)
		if !ok {
			return false
		}
		t := byName[name]
		if t != nil && t.files[k].path != "" {
			return true
		}
		path := filepath.Join(dir, file)
		if err := checkFile(path, kind(k)); err != nil {
			tb.errs = append(tb.errs, fmt.Errorf("syzygy: %w", err))
			return true
		}
		if t == nil {
			t = newTable(name, m)
			byName[name] = t
		}
		t.files[k].path = path
		return true
	}
	return false
}

// MaxPieces returns the number of pieces (kings included) of the largest
// table found, 0 when there is none.
func (tb *Tables) MaxPieces() int { return tb.maxPieces }

// Count returns the number of tables found with a WDL file, and how many
// of them have a DTZ file too.
func (tb *Tables) Count() (wdl, dtz int) {
	for _, t := range tb.tables {
		if t.files[dtzKind].path != "" {
			dtz++
		}
	}
	return len(tb.tables), dtz
}

// Err returns the problems found so far: those Open returned, and the
// files found corrupted when a probe first mapped them.
func (tb *Tables) Err() error {
	errs := tb.errs
	for _, t := range tb.tables {
		for k := range t.files {
			lf := &t.files[k]
			if lf.ready.Load() && lf.err != nil {
				errs = append(errs, fmt.Errorf("syzygy: %w", lf.err))
			}
		}
	}
	return errors.Join(errs...)
}

// Close unmaps the files. No probe may run during or after Close; probes
// after it fail.
func (tb *Tables) Close() error {
	var errs []error
	for _, t := range tb.tables {
		for k := range t.files {
			lf := &t.files[k]
			lf.mu.Lock()
			if lf.f != nil {
				errs = append(errs, lf.f.unmap())
				lf.f = nil
			}
			lf.ready.Store(true)
			lf.mu.Unlock()
		}
	}
	tb.byKey = nil
	tb.maxPieces = 0
	return errors.Join(errs...)
}
