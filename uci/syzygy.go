package uci

import (
	"strconv"
	"sync"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/syzygy"
)

// syzygySettings are the tablebase options: the tables of SyzygyPath and
// how the search probes them. The engine's Syzygy options follow from
// them (engineOptions).
type syzygySettings struct {
	path       string
	tables     *tableSet // nil when path is empty
	probeDepth int
	probeLimit int // 0: no probing at all
	rule50     bool
}

// engineOptions returns the engine's view of the settings.
func (z syzygySettings) engineOptions() engine.Syzygy {
	o := engine.Syzygy{ProbeLimit: z.probeLimit, ProbeDepth: z.probeDepth, Ignore50MoveRule: !z.rule50}
	if z.tables != nil && z.probeLimit > 0 {
		o.Tables = z.tables.Tables
	}
	return o
}

// tableSet is an open set of tables and the problems with them that the
// GUI has been told of, so that each is told once.
type tableSet struct {
	*syzygy.Tables
	mu   sync.Mutex
	told map[string]bool
}

// maxProblemLines bounds the info strings about bad tables sent at once.
const maxProblemLines = 20

// news returns the problems of the tables not told of yet, one line each,
// at most maxProblemLines and a count of the rest.
func (ts *tableSet) news() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var lines []string
	more := 0
	for _, err := range unjoin(ts.Err()) {
		msg := err.Error()
		if ts.told[msg] {
			continue
		}
		ts.told[msg] = true
		if len(lines) < maxProblemLines {
			lines = append(lines, msg)
		} else {
			more++
		}
	}
	if more > 0 {
		lines = append(lines, "syzygy: "+strconv.Itoa(more)+" more problems")
	}
	return lines
}

// unjoin returns the errors that errors.Join joined into err.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	if err == nil {
		return nil
	}
	return []error{err}
}

// setSyzygyPath opens the tables of the directories that value lists
// (separated by ':', ';' on Windows; none when empty) and says in an info
// string how many it found. Directories that cannot be read or hold no
// tables and files that are not sound tables are each told in an info
// string and left out; the option takes the value all the same. Open's
// error is what news tells.
func setSyzygyPath(s *session, value string) error {
	z := s.settings.syzygy
	z.path, z.tables = value, nil
	if value != "" {
		tb, _ := syzygy.Open(value)
		z.tables = &tableSet{Tables: tb, told: map[string]bool{}}
		if !s.quiet {
			problems := z.tables.news()
			for _, line := range problems {
				s.infof("%s", line)
			}
			switch wdl, dtz := tb.Count(); {
			case wdl > 0:
				s.infof("SyzygyPath: %d tables (%d with DTZ), up to %d pieces", wdl, dtz, tb.MaxPieces())
			case len(problems) == 0:
				s.infof("SyzygyPath: no tables found")
			}
		}
	}
	s.setSyzygy(z)
	return nil
}

// syzygyOption changes one of the probing settings.
func (s *session) syzygyOption(change func(*syzygySettings)) {
	z := s.settings.syzygy
	change(&z)
	s.setSyzygy(z)
}

// setSyzygy makes z the tablebase settings, closing the tables they
// replace unless the engine still holds them (then sync closes them).
func (s *session) setSyzygy(z syzygySettings) {
	old := s.settings.syzygy.tables
	s.settings.syzygy = z
	s.change(func(o *engine.Options) { o.Syzygy = z.engineOptions() })
	if old != nil && old != z.tables && old.Tables != s.inEffect().Syzygy.Tables {
		old.Close() // fails only where unmapping does, which nothing can mend
	}
}

// retireTables closes the tables of old, the options the engine held
// until sync replaced them, unless the engine or the settings still use
// them.
func (s *session) retireTables(old engine.Options) {
	tb := old.Syzygy.Tables
	if tb == nil || tb == s.inEffect().Syzygy.Tables ||
		s.settings.syzygy.tables != nil && tb == s.settings.syzygy.tables.Tables {
		return
	}
	tb.Close()
}
