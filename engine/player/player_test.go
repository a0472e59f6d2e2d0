package player

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/syzygy/syzygytest"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// fakeEngine reports two iterations of scripted lines, as many as its
// MultiPV option asks for, and returns the first line's move.
type fakeEngine struct {
	opts   engine.Options
	sets   int           // SetOptions calls
	limits engine.Limits // of the last search
	byNet  int           // searches that evaluated with a network
	lines  []engine.Info // per multipv rank, for the last iteration

	// partial, when set, is the best move of an unfinished third
	// iteration: reported alone after the others, and returned.
	partial board.Move
}

func (f *fakeEngine) Options() engine.Options     { return f.opts }
func (f *fakeEngine) SetOptions(o engine.Options) { f.opts = o; f.sets++ }
func (f *fakeEngine) NewGame()                    {}

// multiPV returns the lines the last search was asked for.
func (f *fakeEngine) multiPV() int { return max(f.opts.MultiPV, f.limits.MultiPV, 1) }

func (f *fakeEngine) Search(_ context.Context, pos *board.Position, lim engine.Limits, report func(engine.Info)) engine.Result {
	f.limits = lim
	if engine.Network(f.opts, lim) != nil {
		f.byNet++
	}
	lines := f.lines
	if len(lim.SearchMoves) > 0 {
		lines = []engine.Info{{Score: 17, Bound: engine.Exact, PV: lim.SearchMoves}}
	}
	n := min(f.multiPV(), len(lines))
	for depth := 1; depth <= 2; depth++ {
		report(engine.Info{Depth: depth, CurrMove: lines[0].PV[0], CurrMoveNumber: 1})
		for i, in := range lines[:n] {
			in.Depth, in.MultiPV = depth, i+1
			if depth == 1 {
				in.Score -= 1000 // the first iteration's lines must not count
			}
			report(in)
		}
	}
	if f.partial != board.NoMove {
		report(engine.Info{Depth: 3, MultiPV: 1, Score: 35, Bound: engine.Exact, PV: []board.Move{f.partial}})
		return engine.Result{Best: f.partial}
	}
	return engine.Result{Best: lines[0].PV[0]}
}

// fixedBook is a book with one move for every position.
type fixedBook string

func (b fixedBook) Pick(pos *board.Position, _ *rand.Rand) (board.Move, bool) {
	m, err := pos.ParseMove(string(b))
	return m, err == nil
}

func moves(t *testing.T, pos *board.Position, uci ...string) []board.Move {
	t.Helper()
	var ms []board.Move
	for _, s := range uci {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

func TestPlayer(t *testing.T) {
	pos := board.NewPosition()
	lines, ms := testLines(t, pos)
	e4, c4 := ms[0], ms[2]
	never := Level{Elo: 1, Depth: 3, Nodes: 500, MultiPV: 4, Spread: 1e6, MaxLoss: 0, HandCrafted: true}
	tests := []playerTest{
		{
			name:     "full strength passes through",
			lim:      engine.Limits{Depth: 9},
			wantBest: e4,
			wantLim:  engine.Limits{Depth: 9},
			wantMPV:  1,
			wantNet:  true,
		},
		{
			name:     "a level that only plays the best",
			level:    never,
			lim:      engine.Limits{Depth: 9},
			wantBest: e4,
			wantLim:  engine.Limits{Depth: 3, Nodes: 500, MultiPV: 4, HandCrafted: true},
			wantMPV:  4,
		},
		{
			name:     "book move, scored by a short search",
			book:     fixedBook("c2c4"),
			level:    never,
			lim:      engine.Limits{Infinite: true},
			wantBest: c4,
			wantLim:  engine.Limits{Depth: BookDepth, SearchMoves: []board.Move{c4}, HandCrafted: true},
			wantMPV:  1,
		},
		{
			name:     "a level with the network",
			level:    Level{Elo: 1, Depth: 3, Nodes: 500, MultiPV: 4},
			lim:      engine.Limits{Depth: 9},
			wantBest: e4,
			wantLim:  engine.Limits{Depth: 3, Nodes: 500, MultiPV: 4},
			wantMPV:  4,
			wantNet:  true,
		},
		{
			name:     "book move at a level with the network",
			book:     fixedBook("c2c4"),
			level:    Level{Elo: 1, Depth: 3, Nodes: 500, MultiPV: 4},
			lim:      engine.Limits{Infinite: true},
			wantBest: c4,
			wantLim:  engine.Limits{Depth: BookDepth, SearchMoves: []board.Move{c4}},
			wantMPV:  1,
			wantNet:  true,
		},
		{
			name:     "no book in Chess960",
			book:     fixedBook("c2c4"),
			chess960: true,
			lim:      engine.Limits{Depth: 9},
			wantBest: e4,
			wantLim:  engine.Limits{Depth: 9},
			wantMPV:  1,
			wantNet:  true,
		},
		{
			name:     "book move outside searchmoves is not played",
			book:     fixedBook("c2c4"),
			lim:      engine.Limits{SearchMoves: []board.Move{e4}},
			wantBest: e4,
			wantLim:  engine.Limits{SearchMoves: []board.Move{e4}},
			wantMPV:  1,
			wantNet:  true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkPlayer(t, tt, pos, lines, c4) })
	}
}

// playerTest is a case of TestPlayer: a Player with a level and a book
// searches the start position.
type playerTest struct {
	name     string
	level    Level
	book     Book
	chess960 bool // search the start position as a Chess960 one
	lim      engine.Limits
	wantBest board.Move
	wantLim  engine.Limits
	wantMPV  int  // MultiPV the engine searched with
	wantNet  bool // the engine evaluated with the network
}

// checkPlayer runs tt from pos, the start position, with a fake engine
// that reports lines, and checks what the engine was asked to search and
// what the player played and reported; c4 is the book's move.
func checkPlayer(t *testing.T, tt playerTest, pos *board.Position, lines []engine.Info, c4 board.Move) {
	opts := engine.Options{MultiPV: 1, Net: nets.Default()}
	f := &fakeEngine{lines: lines, opts: opts}
	p := New(f, rand.New(rand.NewPCG(1, 2)))
	p.SetOptions(opts)
	p.SetLevel(tt.level)
	if tt.book != nil {
		p.SetBook(tt.book)
	}
	var got []engine.Info
	searched := pos
	if tt.chess960 {
		searched = boardtest.Position960(t, board.StartFEN)
	}
	res := p.Search(context.Background(), searched, tt.lim, func(in engine.Info) {
		if in.CurrMove == board.NoMove {
			got = append(got, in)
		}
	})
	if got := f.multiPV(); got != tt.wantMPV {
		t.Errorf("engine searched with MultiPV %d, want %d", got, tt.wantMPV)
	}
	// Levels with HandCrafted keep the hand-crafted evaluation they
	// were calibrated with; the others play with the network.
	if got := engine.Network(f.opts, f.limits) != nil; got != tt.wantNet {
		t.Errorf("engine evaluated with the network: %v, want %v", got, tt.wantNet)
	}
	if got, want := p.FromBook(), tt.book != nil && res.Best == c4; got != want {
		t.Errorf("FromBook = %v, want %v", got, want)
	}
	if res.Best != tt.wantBest {
		t.Errorf("played %v, want %v", res.Best, tt.wantBest)
	}
	if diff := cmp.Diff(tt.wantLim, f.limits); diff != "" {
		t.Errorf("engine limits (-want +got):\n%s", diff)
	}
	var ranks []int
	for _, in := range got {
		if in.Depth == 2 {
			ranks = append(ranks, in.MultiPV)
		}
	}
	// Whatever MultiPV the engine searched with, the player
	// reports one line: that of the move it plays, as the first.
	if diff := cmp.Diff([]int{1}, ranks); diff != "" {
		t.Errorf("multipv ranks reported at depth 2 (-want +got):\n%s", diff)
	}
}

// testLines returns four lines for the start position, best first: e4
// (30), d4 (25), c4 (20) and a4 (-500), and their moves.
func testLines(t *testing.T, pos *board.Position) ([]engine.Info, []board.Move) {
	ms := moves(t, pos, "e2e4", "d2d4", "c2c4", "a2a4")
	scores := []engine.Score{30, 25, 20, -500}
	lines := make([]engine.Info, len(ms))
	for i, m := range ms {
		lines[i] = engine.Info{Score: scores[i], Bound: engine.Exact, PV: []board.Move{m}}
	}
	return lines, ms
}

// TestPlayerChoice checks that a weak level plays the near-best moves in
// turn, never the bad one, and always reports the line of the move it
// plays last.
func TestPlayerChoice(t *testing.T) {
	pos := board.NewPosition()
	lines, ms := testLines(t, pos)
	opts := engine.Options{MultiPV: 1, Net: nets.Default()}
	f := &fakeEngine{lines: lines, opts: opts}
	p := New(f, rand.New(rand.NewPCG(5, 6)))
	p.SetLevel(Level{Elo: 1, MultiPV: 4, Spread: 1e6, MaxLoss: 10, HandCrafted: true})
	played := map[board.Move]int{}
	for range 60 {
		var last engine.Info
		res := p.Search(context.Background(), pos, engine.Limits{}, func(in engine.Info) {
			if in.CurrMove == board.NoMove {
				last = in
			}
		})
		played[res.Best]++
		if last.PV[0] != res.Best || last.MultiPV != 1 || last.Depth != 2 {
			t.Fatalf("played %v but the last line was %+v", res.Best, last)
		}
	}
	if played[ms[3]] > 0 || played[ms[0]] == 0 || played[ms[1]] == 0 || played[ms[2]] == 0 {
		t.Errorf("played %v; want e4, d4 and c4 each, a4 never", played)
	}
	// MultiPV raised and the network off in each search's limits, the
	// engine's options never touched.
	if f.sets != 0 || f.byNet != 0 {
		t.Errorf("engine options set %d times over 60 searches, want never; %d searches with the network, want none", f.sets, f.byNet)
	}
}

// TestLevelEvaluation checks which evaluation the levels of the table
// search with, through a Player: the hand-crafted one up to 2200 (and the
// ratings nearer 2200 than 2300), the network from 2300 up.
func TestLevelEvaluation(t *testing.T) {
	pos := board.NewPosition()
	lines, _ := testLines(t, pos)
	for _, tt := range []struct {
		elo     int
		wantNet bool
	}{
		{MinElo, false}, {MinCalibratedElo, false}, {2000, false}, {2200, false}, {2250, false},
		{2251, true}, {2300, true}, {2350, true}, {2400, true}, {2600, true}, {MaxElo, true},
	} {
		opts := engine.Options{MultiPV: 1, Net: nets.Default()}
		f := &fakeEngine{lines: lines, opts: opts}
		p := New(f, rand.New(rand.NewPCG(1, 2)))
		l := ForElo(tt.elo)
		p.SetLevel(l)
		p.Search(context.Background(), pos, engine.Limits{}, nil)
		if got := engine.Network(f.opts, f.limits) != nil; got != tt.wantNet || f.limits.HandCrafted == tt.wantNet {
			t.Errorf("ForElo(%d) searched with the network: %v (Limits.HandCrafted %v), want %v",
				tt.elo, got, f.limits.HandCrafted, tt.wantNet)
		}
		if f.limits.Nodes != l.Nodes || f.limits.Depth != l.Depth {
			t.Errorf("ForElo(%d) searched %d nodes to depth %d, want %d to %d", tt.elo, f.limits.Nodes, f.limits.Depth, l.Nodes, l.Depth)
		}
	}
}

// TestPlayerEngine plays a few moves with the real engine at the weakest
// level and checks that they are legal.
func TestPlayerEngine(t *testing.T) {
	e := engine.New(engine.Options{HashMB: 1})
	p := New(e, rand.New(rand.NewPCG(1, 1)))
	p.SetLevel(ForElo(MinElo))
	pos := board.NewPosition()
	for range 8 {
		res := p.Search(context.Background(), pos, engine.Limits{}, nil)
		if !pos.IsLegal(res.Best) {
			t.Fatalf("played illegal %v in %s", res.Best, pos.FEN())
		}
		pos.Make(res.Best)
	}
}

// TestPlayerUnfinishedIteration checks the choice when an unfinished
// iteration changed the best move: that move counts as the best, and the
// others are weighed against it.
func TestPlayerUnfinishedIteration(t *testing.T) {
	pos := board.NewPosition()
	lines, ms := testLines(t, pos)
	e4, d4, c4 := ms[0], ms[1], ms[2]
	f := &fakeEngine{lines: lines, opts: engine.Options{MultiPV: 1}, partial: d4}
	p := New(f, rand.New(rand.NewPCG(8, 9)))

	p.SetLevel(Level{Elo: 1, MultiPV: 4}) // spread 0: always the best
	if res := p.Search(context.Background(), pos, engine.Limits{}, nil); res.Best != d4 {
		t.Errorf("a level without spread played %v, want the unfinished iteration's %v", res.Best, d4)
	}

	// Loss 0 for d4 and e4 (30), 10 for c4: all three are played.
	p.SetLevel(Level{Elo: 1, MultiPV: 4, Spread: 1e6, MaxLoss: 10, HandCrafted: true})
	played := map[board.Move]int{}
	for range 60 {
		var last engine.Info
		res := p.Search(context.Background(), pos, engine.Limits{}, func(in engine.Info) { last = in })
		played[res.Best]++
		if last.PV[0] != res.Best {
			t.Fatalf("played %v but the last line was %+v", res.Best, last)
		}
	}
	if played[e4] == 0 || played[d4] == 0 || played[c4] == 0 || len(played) != 3 {
		t.Errorf("played %v; want e4, d4 and c4", played)
	}
}

// TestPlayerTablebases checks a weak level in a position the tables hold:
// it chooses among the moves that keep the win, which are fewer than the
// lines it asks for, and plays more than one of them.
func TestPlayerTablebases(t *testing.T) {
	tb := syzygytest.Open(t)
	e := engine.New(engine.Options{HashMB: 1, Syzygy: engine.Syzygy{Tables: tb}})
	p := New(e, rand.New(rand.NewPCG(3, 4)))
	p.SetLevel(Level{Elo: 1, Depth: 3, MultiPV: 6, Spread: 1e6, MaxLoss: 1e6})
	pos, err := board.ParseFEN("8/8/8/8/2k3r1/8/1K6/B7 b - - 0 1") // wins: Rg5, Rg6, Rg8
	if err != nil {
		t.Fatal(err)
	}
	keep := e.RootMoves(pos, nil)
	if len(keep) != 3 {
		t.Fatalf("the engine keeps %v, want the three winning moves", keep)
	}
	played := map[board.Move]int{}
	for range 30 {
		res := p.Search(context.Background(), pos, engine.Limits{}, nil)
		played[res.Best]++
		if !slices.Contains(keep, res.Best) {
			t.Fatalf("played %v, which does not keep the win", res.Best)
		}
	}
	if len(played) < 2 {
		t.Errorf("played only %v", played)
	}
}
