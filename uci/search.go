package uci

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
)

// maxMillis bounds every time parameter (about 35 years) so that
// conversion to time.Duration cannot overflow.
const maxMillis = 1 << 40

// search is one go command: the goroutine running the searcher and the
// signals the loop sends it.
type search struct {
	ses    *session
	start  time.Time // when the go line was read
	root   *board.Position
	moves  []board.Move // searchmoves, empty for all moves
	hold   bool         // infinite or ponder: bestmove waits for release
	showWD bool
	c960   bool // moves are written as in Chess960: castling as king takes rook

	cancel    context.CancelFunc
	hit       chan struct{} // closed by ponderhit
	release   chan struct{} // closed when the bestmove may be sent
	done      chan struct{} // closed after the bestmove has been sent
	hitOnce   sync.Once
	stopOnce  sync.Once
	infinite  bool
	ponder    bool
	relOnce   sync.Once
	mu        sync.Mutex   // guards lastPV, lastShown and scratch positions in report
	lastPV    *engine.Info // latest multipv-1 line, with a checked PV
	lastShown int          // multipv of the latest PV line sent
	pvScratch []board.Move // reused buffer for checking PVs
}

// stop ends the search and lets its bestmove out.
func (sr *search) stop() {
	sr.stopOnce.Do(sr.cancel)
	sr.relOnce.Do(func() { close(sr.release) })
}

// ponderHit switches a ponder search to a normal one. It is ignored for
// searches that are not pondering.
func (sr *search) ponderHit() {
	if !sr.ponder {
		return
	}
	sr.hitOnce.Do(func() { close(sr.hit) })
	if !sr.infinite {
		sr.relOnce.Do(func() { close(sr.release) })
	}
}

// goSearch starts a search of the current position. A search still
// running is stopped first and sends its bestmove before the new one
// starts.
func (s *session) goSearch(g goParams, start time.Time) {
	if s.search != nil {
		s.search.stop()
		<-s.search.done
	}
	s.sync()
	g = s.checkGo(g)

	pos := s.game.pos
	ctx, cancel := context.WithCancel(context.Background())
	sr := &search{
		ses:      s,
		start:    start,
		root:     pos.Clone(),
		moves:    g.moves,
		hold:     g.infinite || g.ponder,
		showWD:   s.settings.showWDL,
		c960:     pos.Chess960(),
		cancel:   cancel,
		hit:      make(chan struct{}),
		release:  make(chan struct{}),
		done:     make(chan struct{}),
		infinite: g.infinite,
		ponder:   g.ponder,
	}
	lim := limits(g, pos.SideToMove())
	lim.SearchMoves = sr.moves
	if g.ponder {
		lim.PonderHit = sr.hit
	}
	s.search = sr
	searchPos := pos.Clone()
	tables := s.settings.syzygy.tables
	go func() {
		defer close(sr.done)
		defer cancel()
		res := s.searcher.Search(ctx, searchPos, lim, sr.report)
		if tables != nil {
			// Files found bad when a probe first opened them.
			for _, line := range tables.news() {
				s.infof("%s", line)
			}
		}
		if sr.hold {
			<-sr.release
		}
		sr.finish(res)
	}()
}

// fallbackMoveTime is the movetime, in milliseconds, of a go whose
// every limit was refused (checkGo).
const fallbackMoveTime = 1000

// checkGo says what was refused in g, one info string each, reads its
// searchmoves against the position into g.moves, and gives a go that
// something was refused from, and that is left without a limit, the
// fallback movetime: the GUI waits for a bestmove (uci/NOTES.md).
func (s *session) checkGo(g goParams) goParams {
	g.moves = s.searchMoves(&g)
	for _, r := range g.refused {
		s.infof("%s", r)
	}
	if len(g.refused) > 0 && !g.limited() {
		g.moveTime, g.hasMoveTime = fallbackMoveTime, true
		s.infof("go: no limit left: searching as with movetime %d", fallbackMoveTime)
	}
	return g
}

// searchMoves parses the moves of searchmoves, refusing illegal ones in
// g.refused and skipping "0000" (python-chess's way to send an empty
// list). When none is legal, it says so and returns none: every move is
// searched.
func (s *session) searchMoves(g *goParams) []board.Move {
	var moves []board.Move
	tried := false
	for _, tok := range g.searchMoves {
		if tok == "0000" {
			continue
		}
		tried = true
		m, _, err := s.game.move(tok)
		if err != nil {
			g.refuse("go: searchmoves %s refused: %s", tok, refusal(err))
		} else if !slices.Contains(moves, m) {
			moves = append(moves, m)
		}
	}
	if tried && len(moves) == 0 {
		g.refuse("go: searchmoves holds no legal move: every move is searched")
	}
	return moves
}

// limits converts the go parameters into search limits. Negative and zero
// clocks become 1 ms (play at once), and so does a missing clock for the
// side to move when the other side's clock is given and nothing else
// limits the search.
func limits(g goParams, stm board.Color) engine.Limits {
	ms := func(n int64) time.Duration { return time.Duration(min(max(n, 1), maxMillis)) * time.Millisecond }
	var lim engine.Limits
	if g.depth > 0 {
		lim.Depth = int(min(g.depth, engine.MaxPly))
	}
	if g.nodes > 0 {
		lim.Nodes = uint64(g.nodes)
	}
	if g.mate > 0 {
		lim.Mate = int(min(g.mate, engine.MaxPly/2))
	}
	if g.hasMoveTime {
		lim.MoveTime = ms(g.moveTime)
	}
	lim.Infinite = g.infinite
	for c := range 2 {
		if g.hasTime[c] {
			lim.Time[c] = ms(g.time[c])
		}
		if g.inc[c] > 0 {
			lim.Inc[c] = ms(g.inc[c])
		}
	}
	if !g.hasTime[stm] && g.hasTime[stm^1] && lim.Depth == 0 && lim.Nodes == 0 &&
		lim.Mate == 0 && lim.MoveTime == 0 && !lim.Infinite {
		lim.Time[stm] = time.Millisecond
	}
	if g.movesToGo > 0 {
		lim.MovesToGo = int(min(g.movesToGo, 1000))
	}
	lim.Ponder = g.ponder
	return lim
}

// report receives the searcher's progress. PV lines are checked move by
// move and cut at the first illegal move; currmove lines are sent only
// after the first second, as Stockfish does, so as not to flood the GUI.
func (sr *search) report(in engine.Info) {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	if in.CurrMove != board.NoMove {
		if time.Since(sr.start) >= time.Second && sr.root.IsLegal(in.CurrMove) {
			sr.ses.println(formatCurrMove(in.Depth, in.CurrMove, in.CurrMoveNumber, sr.c960))
		}
		return
	}
	in.PV = sr.legalPrefix(in.PV)
	if len(in.PV) == 0 {
		return
	}
	sr.lastShown = max(in.MultiPV, 1)
	if in.MultiPV <= 1 {
		last := in
		last.PV = slices.Clone(in.PV)
		sr.lastPV = &last
	}
	sr.ses.println(formatInfo(in, sr.showWD, sr.c960))
}

// legalPrefix returns the longest prefix of pv that is legal from the root,
// in a buffer owned by sr.
func (sr *search) legalPrefix(pv []board.Move) []board.Move {
	sr.pvScratch = sr.pvScratch[:0]
	for _, m := range pv {
		if m == board.NoMove || !sr.root.IsLegal(m) {
			break
		}
		sr.root.Make(m)
		sr.pvScratch = append(sr.pvScratch, m)
	}
	for range sr.pvScratch {
		sr.root.Unmake()
	}
	return sr.pvScratch
}

// finish sends the final info line and the one bestmove of this search.
// The move is always legal: an illegal or missing result from the
// searcher is replaced, and said so, by the best legal choice at hand.
func (sr *search) finish(res engine.Result) {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	s := sr.ses
	var legal board.MoveList
	sr.root.GenerateLegal(&legal)
	if legal.Len() == 0 {
		if sr.root.InCheck() {
			s.println("info depth 0 score mate 0")
		} else {
			s.println("info depth 0 score cp 0")
		}
		// No move: 0000, the UCI null move, as the project's issue asks
		// (Stockfish prints "(none)"); the game is over either way.
		s.println("bestmove 0000")
		return
	}
	allowed := func(m board.Move) bool {
		return m != board.NoMove && sr.root.IsLegal(m) && (len(sr.moves) == 0 || slices.Contains(sr.moves, m))
	}
	best := res.Best
	if !allowed(best) {
		switch {
		case sr.lastPV != nil && allowed(sr.lastPV.PV[0]):
			best = sr.lastPV.PV[0]
		case len(sr.moves) > 0:
			best = sr.moves[0]
		default:
			best = legal.Moves()[0]
		}
		if res.Best != board.NoMove || sr.lastPV != nil {
			s.infof("search returned %s, which cannot be played; playing %s", res.Best.UCI(sr.c960), best.UCI(sr.c960))
		}
	}

	ponder := board.NoMove
	sr.root.Make(best)
	if res.Ponder != board.NoMove && best == res.Best && sr.root.IsLegal(res.Ponder) {
		ponder = res.Ponder
	} else if sr.lastPV != nil && len(sr.lastPV.PV) > 1 && sr.lastPV.PV[0] == best && sr.root.IsLegal(sr.lastPV.PV[1]) {
		ponder = sr.lastPV.PV[1]
	}
	sr.root.Unmake()

	// The GUI takes the score from the last info line and expects its PV
	// to start with the bestmove. With MultiPV, the engine's final lines
	// end with the last; line 1 is sent again after them, as a client
	// that merges every info line into one (python-chess's play) would
	// otherwise keep the last line's score and PV.
	if sr.lastPV != nil && sr.lastPV.PV[0] == best && sr.lastShown > 1 {
		s.println(formatInfo(*sr.lastPV, sr.showWD, sr.c960))
	}
	if sr.lastPV == nil || sr.lastPV.PV[0] != best {
		var in engine.Info
		if sr.lastPV != nil {
			in = *sr.lastPV
		}
		in.MultiPV = 1
		in.Time = time.Since(sr.start)
		in.PV = []board.Move{best}
		if ponder != board.NoMove {
			in.PV = append(in.PV, ponder)
		}
		s.println(formatInfo(in, sr.showWD, sr.c960))
	}
	if ponder != board.NoMove {
		s.println("bestmove " + best.UCI(sr.c960) + " ponder " + ponder.UCI(sr.c960))
	} else {
		s.println("bestmove " + best.UCI(sr.c960))
	}
}
