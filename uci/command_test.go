package uci

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		line string
		name string
		args []string
	}{
		{"uci", "uci", []string{}},
		{"  \t isready  \r\n", "isready", []string{}},
		{"joho debug on", "debug", []string{"on"}},
		{"xboard", "", nil},
		{"", "", nil},
		{"go  wtime\t100   btime 200\r", "go", []string{"wtime", "100", "btime", "200"}},
		{"position startpos moves e2e4", "position", []string{"startpos", "moves", "e2e4"}},
		{"foo stop", "stop", []string{}},
	}
	for _, tt := range tests {
		c := parseLine(tt.line)
		got := words(c.args)
		if c.name == "" {
			got = nil
		}
		if c.name != tt.name || !cmp.Equal(got, tt.args) {
			t.Errorf("parseLine(%q) = %q %q, want %q %q", tt.line, c.name, got, tt.name, tt.args)
		}
	}
}

func TestParseSetOption(t *testing.T) {
	type setOption struct {
		Name, Value string
		HasValue    bool
	}
	tests := []struct {
		line string
		want setOption
	}{
		{"setoption name Hash value 256", setOption{"Hash", "256", true}},
		{"setoption name Move Overhead value 250", setOption{"Move Overhead", "250", true}},
		{"setoption  name  move   overhead  value  250 \r", setOption{"move overhead", "250", true}},
		{`setoption name SyzygyPath value C:\tb dir\5;C:\tb  dir\6`, setOption{"SyzygyPath", `C:\tb dir\5;C:\tb  dir\6`, true}},
		{"setoption name SyzygyPath value", setOption{"SyzygyPath", "", true}},
		{"setoption name SyzygyPath value ", setOption{"SyzygyPath", "", true}},
		{"setoption name SyzygyPath value <empty>", setOption{"SyzygyPath", "<empty>", true}},
		{"setoption name Clear Hash", setOption{"Clear Hash", "", false}},
		{"setoption name UCI_Opponent value GM 2800 human Some value here", setOption{"UCI_Opponent", "GM 2800 human Some value here", true}},
		{"setoption Hash value 8", setOption{"Hash", "8", true}},
		{"setoption", setOption{}},
	}
	for _, tt := range tests {
		var got setOption
		got.Name, got.Value, got.HasValue = parseSetOption(parseLine(tt.line))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("parseSetOption(%q) (-want +got):\n%s", tt.line, diff)
		}
	}
}

func TestParseGo(t *testing.T) {
	tests := []struct {
		line string
		want goParams
	}{
		{"go", goParams{}},
		{"go infinite", goParams{infinite: true}},
		{"go ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 5",
			goParams{ponder: true, time: [2]int64{1000, 2000}, hasTime: [2]bool{true, true}, inc: [2]int64{10, 20}, movesToGo: 5}},
		{"go btime 100 binc 100 wtime 100 winc 100",
			goParams{time: [2]int64{100, 100}, hasTime: [2]bool{true, true}, inc: [2]int64{100, 100}}},
		{"go wtime -50 btime 1000 winc 100",
			goParams{time: [2]int64{-50, 1000}, hasTime: [2]bool{true, true}, inc: [2]int64{100, 0}}},
		{"go wtime 0", goParams{hasTime: [2]bool{true, false}}},
		{"go nodes 5000 depth 30 mate 2 movetime 100", goParams{nodes: 5000, depth: 30, mate: 2, moveTime: 100, hasMoveTime: true}},
		{"go nodes 99999999999999999999999", goParams{nodes: 1<<63 - 1}},
		{"go depth x infinite", goParams{infinite: true, refused: []string{"go: depth x refused: x is not an integer"}}},
		{"go movetime", goParams{refused: []string{"go: movetime refused: it needs a value"}}},
		{"go wtime abc btime 7", goParams{time: [2]int64{0, 7}, hasTime: [2]bool{false, true},
			refused: []string{"go: wtime abc refused: abc is not an integer"}}},
		{"go infinite searchmoves e2e4 d2d4", goParams{infinite: true, searchMoves: []string{"e2e4", "d2d4"}}},
		{"go searchmoves 0000", goParams{searchMoves: []string{"0000"}}},
		{"go foo depth 3 bar", goParams{depth: 3, refused: []string{
			"go: foo refused: not a go parameter", "go: bar refused: not a go parameter"}}},
		// The inputs, once taken without a word.
		{"go depth -3", goParams{refused: []string{"go: depth -3 refused: it must be at least 1"}}},
		{"go depth", goParams{refused: []string{"go: depth refused: it needs a value"}}},
		{"go movetime abc", goParams{refused: []string{"go: movetime abc refused: abc is not an integer"}}},
		{"go fishing", goParams{refused: []string{"go: fishing refused: not a go parameter"}}},
		{"go depth 3 searchmoves e2e5", goParams{depth: 3, searchMoves: []string{"e2e5"}}},
		// Out of range values, and a missing value before a go word.
		{"go nodes 0 mate -1 movestogo 0 winc -5 movetime -1 movetime 0", goParams{hasMoveTime: true, refused: []string{
			"go: nodes 0 refused: it must be at least 1", "go: mate -1 refused: it must be at least 1",
			"go: movestogo 0 refused: it must be at least 1", "go: winc -5 refused: it must not be negative",
			"go: movetime -1 refused: it must not be negative"}}},
		{"go depth nodes 10", goParams{nodes: 10, refused: []string{"go: depth refused: it needs a value"}}},
		// searchmoves ends at the next go word.
		{"go searchmoves e2e4 g1f3 depth 4 ponder", goParams{depth: 4, ponder: true, searchMoves: []string{"e2e4", "g1f3"}}},
	}
	for _, tt := range tests {
		got := parseGo(words(parseLine(tt.line).args))
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(goParams{})); diff != "" {
			t.Errorf("parseGo(%q) mismatch (-want +got):\n%s", tt.line, diff)
		}
	}
}
