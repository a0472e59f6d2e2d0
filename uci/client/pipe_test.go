package client

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/engine/game/score"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line string
		want Info
		ok   bool
	}{
		{"info depth 12 seldepth 18 multipv 2 score cp -35 nodes 123456 nps 987654 hashfull 12 time 125 pv e2e4 e7e5 g1f3",
			Info{Depth: 12, SelDepth: 18, MultiPV: 2, Score: score.Score{CP: -35}, Nodes: 123456, NPS: 987654,
				Time: 125 * time.Millisecond, PV: []string{"e2e4", "e7e5", "g1f3"}}, true},
		{"info depth 5 score mate -3 lowerbound nodes 10 pv h7h8",
			Info{Depth: 5, MultiPV: 1, Score: score.Score{Mate: -3}, Bound: "lowerbound", Nodes: 10, PV: []string{"h7h8"}}, true},
		{"info depth 3 score cp 20 upperbound wdl 500 400 100",
			Info{Depth: 3, MultiPV: 1, Score: score.Score{CP: 20}, Bound: "upperbound"}, true},
		{"info depth 7 currmove e2e4 currmovenumber 1", Info{}, false},
		{"info string score cp 10", Info{}, false},
		{"info depth 2 score cp x pv e2e4", Info{}, false},
		{"bestmove e2e4", Info{}, false},
		{"", Info{}, false},
	}
	for _, tt := range tests {
		got, ok := ParseInfo(tt.line)
		if ok != tt.ok {
			t.Errorf("ParseInfo(%q) ok = %v, want %v", tt.line, ok, tt.ok)
			continue
		}
		if diff := cmp.Diff(tt.want, got); ok && diff != "" {
			t.Errorf("ParseInfo(%q) (-want +got):\n%s", tt.line, diff)
		}
	}
}

// fakeEngine answers a few commands over pipes as a UCI engine would,
// until its input ends; then it closes its output.
func fakeEngine(in io.Reader, out io.WriteCloser) {
	defer out.Close()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		switch f := strings.Fields(sc.Text()); {
		case len(f) == 0:
		case f[0] == "uci":
			io.WriteString(out, "id name Fake\noption name Hash type spin default 16 min 1 max 64\noption name UCI_Chess960 type check default false\nuciok\n")
		case f[0] == "isready":
			io.WriteString(out, "readyok\n")
		case f[0] == "go":
			io.WriteString(out, "info depth 1 score cp 5 pv d2d4\ninfo string hello\n"+
				"info depth 2 multipv 1 score cp 9 nodes 40 pv e2e4 e7e5\ninfo depth 2 multipv 2 score cp 1 pv d2d4\n"+
				"bestmove e2e4 ponder e7e5\n")
		case f[0] == "quit":
			return
		}
	}
}

func TestConnect(t *testing.T) {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	go fakeEngine(cmdR, outW)
	e := Connect(cmdW, outR)
	ctx := context.Background()
	if err := e.Handshake(ctx, []Option{{Name: "Hash", Value: "1"}}, time.Second); err != nil {
		t.Fatal(err)
	}
	if e.ID != "Fake" {
		t.Errorf("ID %q, want Fake", e.ID)
	}
	if got := []bool{e.Declares("Hash"), e.Declares("uci_chess960"), e.Declares("Threads")}; !cmp.Equal(got, []bool{true, true, false}) {
		t.Errorf("Declares Hash, uci_chess960, Threads: %v", got)
	}
	if err := e.Send("position startpos"); err != nil {
		t.Fatal(err)
	}
	if err := e.Send("go movetime 10"); err != nil {
		t.Fatal(err)
	}
	var pvs []string
	s, err := e.AwaitBestMove(ctx, time.Second, func(in Info) {
		pvs = append(pvs, strings.Join(in.PV, " "))
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"d2d4", "e2e4 e7e5", "d2d4"}, pvs); diff != "" {
		t.Errorf("lines reported (-want +got):\n%s", diff)
	}
	want := Search{Move: "e2e4", Ponder: "e7e5", Depth: 2, Score: score.Score{CP: 9}, Scored: true}
	if diff := cmp.Diff(want, s, cmpIgnoreElapsed); diff != "" {
		t.Errorf("search (-want +got):\n%s", diff)
	}
	done := make(chan struct{})
	go func() {
		e.Close(time.Second)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("Close did not return")
	}
	if _, err := e.AwaitBestMove(ctx, time.Second, nil); err != ErrExited {
		t.Errorf("after Close: %v, want ErrExited", err)
	}
}

var cmpIgnoreElapsed = cmp.Comparer(func(a, b time.Duration) bool { return true })
