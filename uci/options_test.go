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
	for _, n := range []string{"Hash", "Threads", "Ponder", "MultiPV", "Move Overhead", "UCI_ShowWDL", "Clear Hash", "OwnBook", "BookFile", "UCI_LimitStrength", "UCI_Elo", "Skill Level"} {
		if !names[n] {
			t.Errorf("option %q is not declared", n)
		}
	}
	// Declared only once they work.
	for _, n := range []string{"UCI_Chess960", "SyzygyPath"} {
		if names[n] {
			t.Errorf("option %q is declared, but Luft does not support it", n)
		}
	}
}

// TestDeclaredRanges checks the ranges that the issue of options that
// did not hold fixed: UCI_Elo spans the calibrated ratings only, and Hash
// is bounded by what this machine can hold.
func TestDeclaredRanges(t *testing.T) {
	want := map[string][2]int{
		"UCI_Elo": {1400, 2200},
		"Threads": {1, engine.MaxThreads},
		"Hash":    {1, engine.MaxHashMB()},
	}
	for name, r := range want {
		o, ok := findOption(name)
		if !ok || o.min != r[0] || o.max != r[1] {
			t.Errorf("%s declared [%d, %d], want [%d, %d]", name, o.min, o.max, r[0], r[1])
		}
	}
	if max := engine.MaxHashMB(); max&(max-1) != 0 || max > 1<<16 {
		t.Errorf("Hash max %d is not a power of two up to 64 GiB", max)
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
		{[]string{`setoption name SyzygyPath value C:\tb dir\5;C:\tb dir\6`, "setoption name UCI_Chess960 value true"}, defaultSettings(), 2},
		{[]string{"setoption name Hash value 65536", "setoption name Hash value " + strconv.Itoa(engine.MaxHashMB()+1),
			"setoption name Threads value 1024", "setoption name Threads value 99999999999999999999"}, defaultSettings(), 4},
		{[]string{"setoption name UCI_ShowWDL value true", "setoption name Ponder value TRUE"},
			settings{play: defaultPlay, engine: DefaultOptions(), showWDL: true, ponder: true}, 0},
		{[]string{"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1434", "setoption name Skill Level value 3", "setoption name OwnBook value true"},
			settings{engine: DefaultOptions(), play: playSettings{ownBook: true, limitStrength: true, elo: 1434, skillLevel: 3}}, 0},
		{[]string{"setoption name UCI_Elo value 1399", "setoption name UCI_Elo value 2201", "setoption name UCI_Elo value 2800",
			"setoption name Skill Level value 21", "setoption name BookFile value /nonexistent/book.bin", "setoption name BookFile value /dev/zero"},
			defaultSettings(), 6},
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
