package play

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/enginetest"
	"github.com/luftchess/luft/engine/player"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// TestBestLines stops suggest's searches at many points and checks that
// the lines it shows name different moves, best first, as many as asked.
func TestBestLines(t *testing.T) {
	e := engine.New(engine.Options{HashMB: 1, Net: nets.Default()})
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
	}
	var limits []engine.Limits
	for n := uint64(500); n < 200_000; n = n*2 + 11 {
		limits = append(limits, engine.Limits{Nodes: n})
	}
	for _, ms := range []int{10, 40} {
		limits = append(limits, engine.Limits{MoveTime: time.Duration(ms) * time.Millisecond})
	}
	for _, fen := range fens {
		pos := boardtest.Position(t, fen)
		for _, n := range []int{3, 5} {
			for _, lim := range limits {
				lines := bestLines(e, pos, n, lim)
				if err := checkLines(lines, n); err != nil {
					t.Errorf("%s, %d lines, %+v: %v", fen, n, lim, err)
				}
			}
		}
	}
	if e.Options().Net == nil {
		t.Error("suggest dropped the network it was given")
	}
}

// checkLines reports how lines fall short of n lines naming different
// moves, in score order.
func checkLines(lines []engine.Info, n int) error {
	if len(lines) != n {
		return fmt.Errorf("%d lines, want %d", len(lines), n)
	}
	seen := map[board.Move]bool{}
	for i, in := range lines {
		if len(in.PV) == 0 {
			return fmt.Errorf("line %d is empty", i+1)
		}
		if seen[in.PV[0]] {
			return fmt.Errorf("line %d repeats %v", i+1, in.PV[0])
		}
		seen[in.PV[0]] = true
		if i > 0 && in.Score > lines[i-1].Score {
			return fmt.Errorf("line %d scores %d, above line %d's %d", i+1, in.Score, i, lines[i-1].Score)
		}
	}
	return nil
}

// TestEvaluationReachesSearch plays a scripted session with the network
// and a level below full strength, and checks what reached each engine:
// Luft's moves evaluate by hand at a level calibrated with it (1500)
// and with the network once it is full, and suggest evaluates with the
// network every time and keeps its table between calls (no options set,
// no new game, no change of evaluation), all without a change of options.
func TestEvaluationReachesSearch(t *testing.T) {
	net := nets.Default()
	opts := engine.Options{HashMB: 1, Net: net}
	eng, advisor := enginetest.New(engine.New(opts)), enginetest.New(engine.New(opts))
	cfg := Config{Human: board.White, Level: player.ForElo(1500), MoveTime: 30 * time.Millisecond,
		Rand: rand.New(rand.NewPCG(1, 2)), HashMB: 1, Net: net}
	var out strings.Builder
	s, err := newSession(&out, cfg, eng, advisor)
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Join([]string{"suggest", "suggest 4", "e4", "suggest", "level 20", "d4", "suggest 2"}, "\n")
	if err := s.run(strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	same := cmp.Comparer(func(a, b *nnue.Network) bool { return a == b })
	want := enginetest.Record{Searched: []*nnue.Network{nil, net}}
	if diff := cmp.Diff(want, eng.Record(), same); diff != "" {
		t.Errorf("Luft's engine (-want +got):\n%s", diff)
	}
	want = enginetest.Record{Searched: []*nnue.Network{net, net, net, net}}
	if diff := cmp.Diff(want, advisor.Record(), same); diff != "" {
		t.Errorf("suggest's engine (-want +got):\n%s\ntranscript:\n%s", diff, out.String())
	}
}
