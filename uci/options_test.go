package uci

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/player"
	"github.com/luftchess/luft/engine/syzygy"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
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
	for _, n := range []string{"Hash", "Threads", "Ponder", "MultiPV", "Move Overhead", "UCI_ShowWDL", "Clear Hash", "OwnBook", "BookFile", "EvalFile", "Use NNUE", "UCI_LimitStrength", "UCI_Elo", "Skill Level", "UCI_Chess960",
		"SyzygyPath", "SyzygyProbeDepth", "Syzygy50MoveRule", "SyzygyProbeLimit"} {
		if !names[n] {
			t.Errorf("option %q is not declared", n)
		}
	}
}

// TestDeclaredRanges checks the ranges that the issue of options that
// did not hold fixed: UCI_Elo spans the calibrated ratings only, and Hash
// is bounded by what this machine can hold.
func TestDeclaredRanges(t *testing.T) {
	want := map[string][2]int{
		"UCI_Elo":          {player.MinCalibratedElo, player.MaxCalibratedElo},
		"Threads":          {1, engine.MaxThreads},
		"Hash":             {1, engine.MaxHashMB()},
		"SyzygyProbeDepth": {1, 100},
		"SyzygyProbeLimit": {0, 7},
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

// TestDefaultOptions checks that the UCI options' defaults are the
// engine's (the network, the hash, the threads), with UCI's own Move
// Overhead and tablebase settings.
func TestDefaultOptions(t *testing.T) {
	want := engine.DefaultOptions()
	want.MoveOverhead = 30 * time.Millisecond
	want.Syzygy = engine.Syzygy{ProbeLimit: 7, ProbeDepth: 1}
	if diff := cmp.Diff(want, DefaultOptions(), sameNetwork); diff != "" {
		t.Errorf("DefaultOptions mismatch (-want +got):\n%s", diff)
	}
}

// defaultPlay is the default of the book and strength options.
var defaultPlay = playSettings{elo: 1500, skillLevel: 20}

// defaultSyzygy is the default of the tablebase options.
var defaultSyzygy = syzygySettings{probeDepth: 1, probeLimit: 7, rule50: true}

// sameNetwork compares networks by identity: settings hold the one that
// was read, not a copy.
var sameNetwork = cmp.Comparer(func(a, b *nnue.Network) bool { return a == b })

// sameTables compares open tables by what they hold.
var sameTables = cmp.Options{
	cmp.Comparer(func(a, b *syzygy.Tables) bool { return (a == nil) == (b == nil) && tableCount(a) == tableCount(b) }),
	cmp.Comparer(func(a, b *tableSet) bool {
		return (a == nil) == (b == nil) && (a == nil || tableCount(a.Tables) == tableCount(b.Tables))
	}),
}

func tableCount(tb *syzygy.Tables) int {
	if tb == nil {
		return -1
	}
	n, _ := tb.Count()
	return n
}

// withOptions returns the default engine options changed by set.
func withOptions(set func(*engine.Options)) engine.Options {
	o := DefaultOptions()
	set(&o)
	return o
}

// withSyzygyPath returns the default settings and engine options with
// SyzygyPath path, whose directories hold no tables.
func withSyzygyPath(path string) (settings, engine.Options) {
	s := defaultSettings()
	s.syzygy.path, s.syzygy.tables = path, &tableSet{Tables: &syzygy.Tables{}}
	return s, withOptions(func(o *engine.Options) { o.Syzygy.Tables = s.syzygy.tables.Tables })
}

func TestSetOption(t *testing.T) {
	syzygyPath, syzygyOptions := withSyzygyPath(`C:\tb dir\5;C:\tb dir\6`)
	noProbes := defaultSettings()
	noProbes.syzygy.probeLimit = 0
	tests := []struct {
		lines  []string
		want   settings
		engine engine.Options // the searcher's options
		info   int            // info string lines expected
	}{
		{[]string{"setoption name Hash value 256"}, defaultSettings(), withOptions(func(o *engine.Options) { o.HashMB = 256 }), 0},
		{[]string{"setoption name move overhead value 250", "setoption name THREADS value 4"},
			defaultSettings(), withOptions(func(o *engine.Options) { o.Threads, o.MoveOverhead = 4, 250*time.Millisecond }), 0},
		{[]string{"setoption name Hash value 0", "setoption name Threads value 100000", "setoption name MultiPV value abc", "setoption name Ponder value maybe"},
			defaultSettings(), DefaultOptions(), 4},
		{[]string{"setoption name Nonsense value 1", "setoption name", "setoption"}, defaultSettings(), DefaultOptions(), 3},
		// On Unix, three directories "C", "\tb dir\5;C" and "\tb dir\6": missing.
		{[]string{`setoption name SyzygyPath value C:\tb dir\5;C:\tb dir\6`, "setoption name UCI_Chess960 value yes"},
			syzygyPath, syzygyOptions, 4},
		{[]string{"setoption name uci_chess960 value TRUE", "setoption name UCI_Chess960 value False"}, defaultSettings(), DefaultOptions(), 0},
		{[]string{"setoption name SyzygyProbeLimit value 0", "setoption name SyzygyProbeDepth value 0",
			"setoption name Syzygy50MoveRule value 1", "setoption name SyzygyProbeLimit value 8", "setoption name SyzygyPath value <empty>"},
			noProbes, withOptions(func(o *engine.Options) { o.Syzygy.ProbeLimit = 0 }), 3},
		{[]string{"setoption name Hash value 65536", "setoption name Hash value " + strconv.Itoa(engine.MaxHashMB()+1),
			"setoption name Threads value 1024", "setoption name Threads value 99999999999999999999"}, defaultSettings(), DefaultOptions(), 4},
		{[]string{"setoption name UCI_ShowWDL value true", "setoption name Ponder value TRUE"},
			settings{play: defaultPlay, syzygy: defaultSyzygy, showWDL: true, ponder: true}, DefaultOptions(), 0},
		{[]string{"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1434", "setoption name Skill Level value 3", "setoption name OwnBook value true"},
			settings{syzygy: defaultSyzygy, play: playSettings{ownBook: true, limitStrength: true, elo: 1434, skillLevel: 3}}, DefaultOptions(), 0},
		{[]string{"setoption name UCI_Elo value " + strconv.Itoa(player.MinCalibratedElo-1), "setoption name UCI_Elo value " + strconv.Itoa(player.MaxCalibratedElo+1), "setoption name UCI_Elo value 9999",
			"setoption name Skill Level value 21", "setoption name BookFile value /nonexistent/book.bin", "setoption name BookFile value /dev/zero"},
			defaultSettings(), DefaultOptions(), 6},
	}
	for _, tt := range tests {
		var out strings.Builder
		s := &session{out: &writer{w: &out}, settings: defaultSettings(), searcher: &fakeSearcher{}}
		for _, l := range tt.lines {
			s.handle(parseLine(l))
		}
		if diff := cmp.Diff(tt.want, s.settings, cmp.AllowUnexported(settings{}, playSettings{}, syzygySettings{}), sameNetwork, sameTables); diff != "" {
			t.Errorf("%q: settings mismatch (-want +got):\n%s", tt.lines, diff)
		}
		if diff := cmp.Diff(tt.engine, s.searcher.Options(), sameNetwork, sameTables); diff != "" {
			t.Errorf("%q: the searcher's options (-want +got):\n%s", tt.lines, diff)
		}
		if n := strings.Count(out.String(), "info string "); n != tt.info || strings.Count(out.String(), "\n") != n {
			t.Errorf("%q: output %q, want %d info string lines", tt.lines, out.String(), tt.info)
		}
	}
}

// TestEvalFile sets EvalFile to networks, files that are not networks and
// the empty value, and checks the network the engine options hold after
// each sequence, what the searcher was given and the info lines sent.
func TestEvalFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	network := func(hidden int) []byte {
		n, err := nnue.NewNetwork(hidden, 2)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n.FeatureWeights {
			n.FeatureWeights[i] = int16(i%61 - 30)
		}
		n.OutputBias[1] = 1234
		var b bytes.Buffer
		if err := n.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	good16, good8 := write("h16.nnue", network(16)), write("h8.nnue", network(8))
	corrupt := network(16)
	corrupt[100] ^= 1
	bad := write("corrupt.nnue", corrupt)
	truncated := write("truncated.nnue", network(16)[:1000])
	notNet := write("book.bin", []byte("not a network at all"))
	empty := write("empty.nnue", nil)
	huge := filepath.Join(dir, "huge.nnue")
	if f, err := os.Create(huge); err != nil {
		t.Fatal(err)
	} else if err := errors.Join(f.Truncate(engine.MaxNetworkFileSize+1), f.Close()); err != nil {
		t.Fatal(err)
	}

	set := func(v string) string { return "setoption name EvalFile value " + v }
	use := func(v bool) string { return "setoption name Use NNUE value " + strconv.FormatBool(v) }
	on := use(true)
	builtin := nets.Default().Hidden
	tests := []struct {
		name   string
		lines  []string
		hidden int      // of the network the engine evaluates with at the end; 0 for none
		info   []string // the info strings, in order
	}{
		{"network", []string{on, set(good16)}, 16, []string{"EvalFile " + good16 + ": network of 16 neurons"}},
		{"another network", []string{on, set(good16), set(good8)}, 8,
			[]string{"EvalFile " + good16 + ": network of 16 neurons", "EvalFile " + good8 + ": network of 8 neurons"}},
		{"built-in", []string{on}, builtin, nil},
		{"back to built-in", []string{on, set(good16), set("<empty>")}, builtin,
			[]string{"EvalFile " + good16 + ": network of 16 neurons", "EvalFile " + nets.DefaultName + ": the built-in network of"}},
		{"built-in by name", []string{on, set(good16), set(nets.DefaultName)}, builtin,
			[]string{"EvalFile " + good16 + ": network of 16 neurons", "EvalFile " + nets.DefaultName + ": the built-in network of"}},
		{"empty value", []string{on, "setoption name evalfile value"}, builtin, []string{"EvalFile " + nets.DefaultName + ": the built-in network of"}},
		{"read while off", []string{use(false), set(good16)}, 0, []string{"EvalFile " + good16 + ": network of 16 neurons (not used: Use NNUE is false)"}},
		{"on after reading", []string{use(false), set(good16), on}, 16, []string{"EvalFile " + good16 + ": network of 16 neurons (not used"}},
		{"off again", []string{on, set(good16), use(false)}, 0, []string{"EvalFile " + good16 + ": network of 16 neurons"}},
		{"Use NNUE maybe", []string{on, use(false), "setoption name Use NNUE value maybe"}, 0, []string{"option Use NNUE unchanged"}},
		{"checksum", []string{on, set(good16), set(bad)}, 16,
			[]string{"EvalFile " + good16 + ": network of 16 neurons", "option EvalFile unchanged: network " + bad + ": nnue: checksum mismatch"}},
		{"truncated", []string{on, set(truncated)}, builtin, []string{"option EvalFile unchanged: network " + truncated + ": nnue: file truncated"}},
		{"not a network", []string{on, set(notNet)}, builtin, []string{"option EvalFile unchanged: network " + notNet + ": nnue: bad magic"}},
		{"empty file", []string{on, set(empty)}, builtin, []string{"option EvalFile unchanged: network " + empty + ": nnue: file truncated"}},
		{"too large", []string{on, set(good8), set(huge)}, 8,
			[]string{"EvalFile " + good8 + ": network of 8 neurons", "option EvalFile unchanged: network " + huge + ": larger than 64 MiB: not read"}},
		{"device", []string{on, set("/dev/zero")}, builtin, []string{"option EvalFile unchanged: network /dev/zero: not a regular file"}},
		{"directory", []string{on, set(good16), set(dir)}, 16,
			[]string{"EvalFile " + good16 + ": network of 16 neurons", "option EvalFile unchanged: network " + dir + ": not a regular file"}},
		{"missing", []string{on, set(filepath.Join(dir, "missing.nnue"))}, builtin, []string{"option EvalFile unchanged: stat " + filepath.Join(dir, "missing.nnue")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkEvalFile(t, tt.lines, tt.hidden, tt.info) })
	}
}

// checkEvalFile sends lines to a session and checks that the searcher
// was given options that evaluate with a network of hidden neurons (0:
// the hand-crafted evaluation, the options otherwise the defaults), and
// that the session wrote the info strings info, in order.
func checkEvalFile(t *testing.T, lines []string, hidden int, info []string) {
	var out strings.Builder
	f := &fakeSearcher{}
	s := &session{out: &writer{w: &out}, settings: defaultSettings(), searcher: f}
	for _, l := range lines {
		s.handle(parseLine(l))
	}
	net := engine.Network(f.Options(), engine.Limits{})
	if got := 0; net != nil && net.Hidden != hidden || net == nil && hidden != 0 {
		if net != nil {
			got = net.Hidden
		}
		t.Errorf("network of %d neurons, want %d", got, hidden)
	}
	if net != nil && net.Hidden < nets.Default().Hidden && net.OutputBias[1] != 1234 {
		t.Errorf("network read with output bias %d, want 1234", net.OutputBias[1])
	}
	if o := s.options(); o != f.Options() {
		t.Errorf("the session's options %+v are not the searcher's %+v", o, f.Options())
	}
	written := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if out.Len() == 0 {
		written = nil
	}
	if len(written) != len(info) {
		t.Fatalf("output %q, want %d info strings %q", out.String(), len(info), info)
	}
	for i, l := range written {
		if want := "info string " + info[i]; !strings.HasPrefix(l, want) {
			t.Errorf("line %d: %q, want %q...", i+1, l, want)
		}
	}
	got, want := f.Options(), DefaultOptions()
	got.Net, want.Net, want.HandCrafted = nil, nil, true
	if hidden == 0 && got != want {
		t.Errorf("options %+v, want the defaults evaluated by hand %+v", got, want)
	}
}
