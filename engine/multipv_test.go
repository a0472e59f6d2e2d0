package engine

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// lastLines collects the last line reported for each MultiPV index, as a
// GUI shows them.
type lastLines struct{ lines []Info }

func (l *lastLines) add(in Info) {
	if in.CurrMove != board.NoMove || in.MultiPV < 1 {
		return
	}
	for len(l.lines) < in.MultiPV {
		l.lines = append(l.lines, Info{})
	}
	in.PV = slices.Clone(in.PV)
	l.lines[in.MultiPV-1] = in
}

// check reports how the lines fall short of what a GUI must be able to
// show after a search: want lines, each naming a different move, in
// score order, the first being the move played.
func (l *lastLines) check(want int, best board.Move) error {
	if len(l.lines) != want {
		return fmt.Errorf("%d lines, want %d", len(l.lines), want)
	}
	seen := map[board.Move]bool{}
	for i, in := range l.lines {
		if len(in.PV) == 0 {
			return fmt.Errorf("line %d was never reported", i+1)
		}
		if m := in.PV[0]; seen[m] {
			return fmt.Errorf("line %d repeats %v: %v", i+1, m, l.moves())
		}
		seen[in.PV[0]] = true
		if i > 0 && in.Score > l.lines[i-1].Score {
			return fmt.Errorf("line %d scores %d above line %d's %d: %v", i+1, in.Score, i, l.lines[i-1].Score, l.moves())
		}
	}
	if l.lines[0].PV[0] != best {
		return fmt.Errorf("line 1 is %v but bestmove %v", l.lines[0].PV[0], best)
	}
	return nil
}

func (l *lastLines) moves() []string {
	var s []string
	for _, in := range l.lines {
		s = append(s, fmt.Sprintf("%v(d%d %d)", in.PV[0], in.Depth, in.Score))
	}
	return s
}

// TestMultiPVStops stops MultiPV searches at many points, by node limits,
// by time and by cancelling, and checks that the last report of each line
// forms distinct moves in score order whose first is the move returned.
func TestMultiPVStops(t *testing.T) {
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
		"8/5pk1/6p1/3R4/7P/6P1/r4P2/6K1 b - - 0 40",
	}
	type stop struct {
		name string
		lim  Limits
		ctx  func() (context.Context, context.CancelFunc)
	}
	var stops []stop
	for n := uint64(300); n < 400_000; n = n*2 + 7 {
		stops = append(stops, stop{name: fmt.Sprintf("nodes %d", n), lim: Limits{Nodes: n}})
	}
	for _, ms := range []int{5, 20, 60} {
		stops = append(stops, stop{name: fmt.Sprintf("movetime %d", ms), lim: Limits{MoveTime: time.Duration(ms) * time.Millisecond}})
		stops = append(stops, stop{name: fmt.Sprintf("stop after %d ms", ms), lim: Limits{Infinite: true},
			ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), time.Duration(ms)*time.Millisecond)
			}})
	}
	defer func(q time.Duration) { quietTime = q }(quietTime)
	for _, c := range []struct {
		name    string
		net     *nnue.Network
		multiPV int
		quiet   time.Duration // 0: every aspiration failure is reported
	}{
		{"hand-crafted", nil, 2, quietTime}, {"hand-crafted", nil, 3, 0},
		{"network", nets.Default(), 3, quietTime}, {"network", nets.Default(), 5, 0},
	} {
		multiPV := c.multiPV
		quietTime = c.quiet
		e := New(Options{HashMB: 4, MultiPV: multiPV, Net: c.net})
		for _, fen := range fens {
			pos := boardtest.Position(t, fen)
			want := min(multiPV, len(rootMoves(pos, nil)))
			for _, s := range stops {
				ctx, cancel := context.Background(), context.CancelFunc(func() {})
				if s.ctx != nil {
					ctx, cancel = s.ctx()
				}
				var l lastLines
				res := e.Search(ctx, pos, s.lim, l.add)
				cancel()
				if err := l.check(want, res.Best); err != nil {
					t.Errorf("%s, MultiPV %d, quiet %v, %s, %s: %v", c.name, multiPV, c.quiet, fen, s.name, err)
				}
			}
		}
	}
}
