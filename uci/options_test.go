package uci

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
)

// optionLine is the strict grammar of a declaration (checklist 1.2).
var optionLine = regexp.MustCompile(`^option name ([A-Za-z0-9_ ]+?) type (check default (true|false)|spin default (-?\d+) min (-?\d+) max (-?\d+)|button|string default \S.*|combo default \S+( var \S+)+)$`)

func TestOptionDeclarations(t *testing.T) {
	names := map[string]bool{}
	for _, o := range optionTable {
		line := o.String()
		m := optionLine.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("declaration %q does not match the UCI grammar", line)
			continue
		}
		for _, w := range strings.Fields(m[1]) {
			switch w {
			case "name", "type", "default", "min", "max", "var", "value":
				t.Errorf("option name %q contains the keyword %q", m[1], w)
			}
		}
		if m[4] != "" {
			def, _ := strconv.Atoi(m[4])
			lo, _ := strconv.Atoi(m[5])
			hi, _ := strconv.Atoi(m[6])
			if lo > def || def > hi {
				t.Errorf("%q: default outside [min, max]", line)
			}
		}
		names[o.name] = true
	}
	for _, n := range []string{"Hash", "Threads", "Ponder", "MultiPV", "Move Overhead", "UCI_Chess960", "UCI_ShowWDL", "SyzygyPath", "Clear Hash", "OwnBook", "BookFile", "UCI_LimitStrength", "UCI_Elo", "Skill Level"} {
		if !names[n] {
			t.Errorf("option %q is not declared", n)
		}
	}
}

func TestDefaultOptions(t *testing.T) {
	want := engine.Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}
	if diff := cmp.Diff(want, DefaultOptions()); diff != "" {
		t.Errorf("DefaultOptions mismatch (-want +got):\n%s", diff)
	}
}

// defaultPlay is the default of the book and strength options.
var defaultPlay = playSettings{elo: 1500, skillLevel: 20}

func TestSetOption(t *testing.T) {
	tests := []struct {
		lines []string
		want  settings
		info  int // info string lines expected
	}{
		{[]string{"setoption name Hash value 256"}, settings{play: defaultPlay, engine: engine.Options{HashMB: 256, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond}}, 0},
		{[]string{"setoption name move overhead value 250", "setoption name THREADS value 4"},
			settings{play: defaultPlay, engine: engine.Options{HashMB: 16, Threads: 4, MultiPV: 1, MoveOverhead: 250 * time.Millisecond}}, 0},
		{[]string{"setoption name Hash value 0", "setoption name Threads value 100000", "setoption name MultiPV value abc", "setoption name Ponder value maybe"},
			defaultSettings(), 4},
		{[]string{"setoption name Nonsense value 1", "setoption name", "setoption"}, defaultSettings(), 3},
		{[]string{`setoption name SyzygyPath value C:\tb dir\5;C:\tb dir\6`},
			settings{play: defaultPlay, engine: DefaultOptions(), syzygyPath: `C:\tb dir\5;C:\tb dir\6`}, 1},
		{[]string{"setoption name SyzygyPath value ./syzygy/", "setoption name SyzygyPath value <empty>"}, defaultSettings(), 1},
		{[]string{"setoption name UCI_ShowWDL value true", "setoption name Ponder value TRUE"},
			settings{play: defaultPlay, engine: DefaultOptions(), showWDL: true, ponder: true}, 0},
		{[]string{"setoption name UCI_Chess960 value true"}, settings{play: defaultPlay, engine: DefaultOptions(), chess960: true}, 1},
		{[]string{"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1234", "setoption name Skill Level value 3", "setoption name OwnBook value true"},
			settings{engine: DefaultOptions(), play: playSettings{ownBook: true, limitStrength: true, elo: 1234, skillLevel: 3}}, 0},
		{[]string{"setoption name UCI_Elo value 799", "setoption name UCI_Elo value 2801", "setoption name Skill Level value 21", "setoption name BookFile value /nonexistent/book.bin"},
			defaultSettings(), 4},
	}
	for _, tt := range tests {
		var out strings.Builder
		s := &session{out: &writer{w: &out}, settings: defaultSettings(), searcher: &fakeSearcher{}}
		for _, l := range tt.lines {
			s.handle(parseLine(l))
		}
		if diff := cmp.Diff(tt.want, s.settings, cmp.AllowUnexported(settings{}, playSettings{})); diff != "" {
			t.Errorf("%q: settings mismatch (-want +got):\n%s", tt.lines, diff)
		}
		if n := strings.Count(out.String(), "info string "); n != tt.info || strings.Count(out.String(), "\n") != n {
			t.Errorf("%q: output %q, want %d info string lines", tt.lines, out.String(), tt.info)
		}
	}
}
