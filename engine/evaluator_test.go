package engine

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/eval/nnue"
)

func TestNetwork(t *testing.T) {
	net := randomNet(t, 16, 1)
	tests := []struct {
		o    Options
		lim  Limits
		want *nnue.Network
	}{
		{Options{}, Limits{}, nil},
		{Options{Net: net}, Limits{}, net},
		{Options{Net: net, HandCrafted: true}, Limits{}, nil},
		{Options{Net: net}, Limits{HandCrafted: true}, nil},
		{Options{Net: net, HandCrafted: true}, Limits{HandCrafted: true}, nil},
		{Options{}, Limits{HandCrafted: true}, nil},
	}
	for _, tt := range tests {
		if got := Network(tt.o, tt.lim); got != tt.want {
			t.Errorf("Network(%+v, %+v) = %p, want %p", tt.o, tt.lim, got, tt.want)
		}
	}
}

// TestEvaluationClearsTable searches two unrelated positions in turn
// while the evaluation changes, through the options or a search's limits,
// and checks that a search clears the table exactly when it evaluates
// otherwise than the search before: the entry of the other position
// after its best move (the root itself is not stored) is gone then, and
// kept otherwise.
func TestEvaluationClearsTable(t *testing.T) {
	net, other := randomNet(t, 16, 1), randomNet(t, 32, 2)
	pos := [2]*board.Position{
		boardtest.Position(t, board.StartFEN),
		boardtest.Position(t, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11"),
	}
	tests := []struct {
		name string
		set  func(*Options) // nil: the options stay
		hand bool           // the search's Limits.HandCrafted
		kept bool           // the entry of the position searched before is kept
	}{
		{name: "the same network", kept: true},
		{name: "a search by hand", hand: true},
		{name: "another by hand", hand: true, kept: true},
		{name: "Use NNUE off, evaluated by hand as before", set: func(o *Options) { o.HandCrafted = true }, kept: true},
		{name: "a search by hand under Use NNUE off", hand: true, kept: true},
		{name: "Use NNUE on", set: func(o *Options) { o.HandCrafted = false }},
		{name: "MultiPV", set: func(o *Options) { o.MultiPV = 2 }, kept: true},
		{name: "another network", set: func(o *Options) { o.Net = other }},
		{name: "the other network again", kept: true},
		{name: "no network", set: func(o *Options) { o.Net = nil }},
		{name: "no network, by hand", hand: true, kept: true},
	}
	e := New(Options{HashMB: 4, Net: net})
	res := e.Search(context.Background(), pos[0], Limits{Depth: 5}, nil)
	for i, tt := range tests {
		if tt.set != nil {
			o := e.Options()
			tt.set(&o)
			e.SetOptions(o)
		}
		key := pos[i%2].KeyAfter(res.Best)
		if _, ok := e.table.Probe(key); !ok {
			t.Fatalf("%s: the entry of the position searched before is gone before the search", tt.name)
		}
		res = e.Search(context.Background(), pos[(i+1)%2], Limits{Depth: 5, HandCrafted: tt.hand}, nil)
		if _, kept := e.table.Probe(key); kept != tt.kept {
			t.Errorf("%s: the entry of the position searched before kept: %v, want %v", tt.name, kept, tt.kept)
		}
	}
}

// TestLimitsMultiPV checks that a search's Limits.MultiPV raises the
// lines it reports, never lowers them, and leaves the options as they are.
func TestLimitsMultiPV(t *testing.T) {
	pos := boardtest.Position(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10")
	tests := []struct{ options, limits, want int }{
		{1, 0, 1},
		{1, 3, 3},
		{2, 1, 2},
		{4, 3, 4},
	}
	for _, tt := range tests {
		e := New(Options{HashMB: 1, MultiPV: tt.options})
		var l lastLines
		res := e.Search(context.Background(), pos, Limits{Depth: 5, MultiPV: tt.limits}, l.add)
		if err := l.check(tt.want, res.Best); err != nil {
			t.Errorf("MultiPV %d, Limits.MultiPV %d: %v", tt.options, tt.limits, err)
		}
		if diff := cmp.Diff(tt.options, e.Options().MultiPV); diff != "" {
			t.Errorf("MultiPV %d, Limits.MultiPV %d: options' MultiPV (-want +got):\n%s", tt.options, tt.limits, diff)
		}
	}
}
