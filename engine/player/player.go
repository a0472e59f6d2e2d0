package player

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
)

// Book supplies opening moves; *book.Book is one.
type Book interface {
	// Pick chooses a book move for pos using r, or reports false.
	Pick(pos *board.Position, r *rand.Rand) (board.Move, bool)
}

// BookDepth is the depth of the search that scores a book move, so that
// a GUI still gets an evaluation when the move comes from the book.
const BookDepth = 6

// Player is an engine.Searcher that plays from an opening book while the
// book has a move, and otherwise searches within its Level's budget and
// chooses among the best moves as the Level says. With no book and the
// full-strength Level it is the engine it wraps. Its options are the
// engine's, which it keeps no copy of: what a Level changes, it changes
// in each search's limits. Like an Engine's, its methods must not be
// called concurrently, but for Options.
type Player struct {
	engine engine.Searcher
	level  Level
	book   Book
	rand   *rand.Rand
	booked bool // the last search played a book move
}

// New returns a full-strength Player without a book that searches
// with s and draws its random choices from r (a time-seeded source when
// r is nil).
func New(s engine.Searcher, r *rand.Rand) *Player {
	if r == nil {
		r = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), rand.Uint64()))
	}
	return &Player{engine: s, rand: r}
}

// Options returns the engine's options.
func (p *Player) Options() engine.Options { return p.engine.Options() }

// SetOptions hands the options to the engine.
func (p *Player) SetOptions(o engine.Options) { p.engine.SetOptions(o) }

// NewGame forgets what earlier searches learnt.
func (p *Player) NewGame() { p.engine.NewGame() }

// SetLevel sets the playing strength; the zero Level is full strength.
func (p *Player) SetLevel(l Level) { p.level = l }

// Level returns the playing strength.
func (p *Player) Level() Level { return p.level }

// FromBook reports whether the last Search returned a book move.
func (p *Player) FromBook() bool { return p.booked }

// SetBook sets the opening book; nil plays without one.
func (p *Player) SetBook(b Book) { p.book = b }

// Search returns the move to play in pos: a book move if the book has one
// among the allowed moves (searched briefly so that report gets a score),
// otherwise the Level's choice after a search within both lim and the
// Level's budget. A Chess960 position gets no book move, even the
// standard start: a Polyglot book holds games of standard chess. report
// sees the lines the options ask for, and, when the Level chooses another
// move than the best, a last line for it.
//
// Every search, a book move's too, evaluates as the Level says: a level
// with HandCrafted (the rows up to 2200, calibrated with it; NOTES.md)
// with the hand-crafted evaluation whatever network the options give,
// since with the network their budgets would play another strength;
// the others, full strength among them, with the options' evaluation.
func (p *Player) Search(ctx context.Context, pos *board.Position, lim engine.Limits, report func(engine.Info)) engine.Result {
	if report == nil {
		report = func(engine.Info) {}
	}
	p.booked = false
	if p.level.HandCrafted {
		lim.HandCrafted = true
	}
	if p.book != nil && !pos.Chess960() {
		if m, ok := p.book.Pick(pos, p.rand); ok && (len(lim.SearchMoves) == 0 || slices.Contains(lim.SearchMoves, m)) {
			return p.searchBookMove(ctx, pos, m, lim, report)
		}
	}
	if p.level.Full() {
		return p.engine.Search(ctx, pos, lim, report)
	}
	return p.searchLimited(ctx, pos, lim, report)
}

// searchBookMove scores the book move m with a short search, its only
// line, and returns it.
func (p *Player) searchBookMove(ctx context.Context, pos *board.Position, m board.Move, lim engine.Limits, report func(engine.Info)) engine.Result {
	// The clock fields stay, so that a fast game still bounds the time.
	lim.Depth = BookDepth
	lim.Nodes, lim.Mate, lim.Infinite, lim.Ponder, lim.PonderHit = 0, 0, false, false, nil
	lim.SearchMoves, lim.MultiPV = []board.Move{m}, 0
	res := p.engine.Search(ctx, pos, lim, report)
	res.Best = m // even if the search was cancelled before it reported
	p.booked = true
	return res
}

// searchLimited searches within the Level's budget and returns its choice.
func (p *Player) searchLimited(ctx context.Context, pos *board.Position, lim engine.Limits, report func(engine.Info)) engine.Result {
	lim = p.level.Limits(lim)
	shown := max(p.engine.Options().MultiPV, 1) // the lines the options ask for

	// The engine reports an iteration's lines together, multipv 1 first,
	// once the iteration is complete; lines gathers them and done keeps
	// the last complete set. A last lone line may follow when an
	// unfinished iteration changed the best move.
	want := min(max(shown, lim.MultiPV), p.rootMoves(pos, lim.SearchMoves))
	var lines, done []engine.Info
	res := p.engine.Search(ctx, pos, lim, func(in engine.Info) {
		if in.CurrMove == board.NoMove && in.Bound == engine.Exact && len(in.PV) > 0 {
			if in.MultiPV <= 1 {
				lines = lines[:0]
			}
			in.PV = slices.Clone(in.PV)
			lines = append(lines, in)
			if len(lines) == want {
				done = slices.Clone(lines)
			}
		}
		if in.MultiPV <= shown {
			report(in)
		}
	})
	if len(done) == 0 || res.Best == board.NoMove {
		return res
	}
	// The engine's move comes first, as good as the best of the last
	// complete iteration: a deeper, unfinished one preferred it.
	cands := []Candidate{{Move: res.Best, Score: done[0].Score}}
	for _, in := range done {
		if in.PV[0] != res.Best {
			cands = append(cands, Candidate{Move: in.PV[0], Score: in.Score})
		}
	}
	i := p.level.Choose(cands, p.rand)
	if i <= 0 {
		return res
	}
	for _, in := range done {
		if in.PV[0] == cands[i].Move {
			in.MultiPV = 1
			report(in)
			res = engine.Result{Best: in.PV[0]}
			if len(in.PV) > 1 {
				res.Ponder = in.PV[1]
			}
		}
	}
	return res
}

// rootLister is a Searcher that says which moves it searches at the root:
// *engine.Engine, which keeps to the moves that hold the result when the
// root is in its tablebases.
type rootLister interface {
	RootMoves(pos *board.Position, searchMoves []board.Move) []board.Move
}

// rootMoves counts the moves the engine searches at the root of pos: the
// legal moves among searchMoves, or all legal moves when there are none,
// unless the engine says otherwise.
func (p *Player) rootMoves(pos *board.Position, searchMoves []board.Move) int {
	if rl, ok := p.engine.(rootLister); ok {
		return len(rl.RootMoves(pos, searchMoves))
	}
	var l board.MoveList
	pos.GenerateLegal(&l)
	n := 0
	for _, m := range l.Moves() {
		if slices.Contains(searchMoves, m) {
			n++
		}
	}
	if n == 0 {
		return l.Len()
	}
	return n
}
