// Package review explains a game: it searches every position of the game,
// judges each move by the winning chances it lost, finds the better move
// where one was missed, and sums up each player's accuracy, as lichess's
// computer analysis does. luft review writes the result as an annotated
// PGN (Annotate); luft serve shows it in the browser.
//
// A move is judged by the evaluations before and after it, the ones the
// review shows, whichever move the search preferred. Lichess never marks
// the move its search chose, which its deep analysis rarely finds worse a
// move later; a search within a small budget often does (a horizon: in the
// Opera Game, 9...b5 was the search's choice at +1.05 and the search after
// it gave +1.94), and a reader then saw a jump in the evaluations with no
// mark. So when the search's own choice loses a judgement's worth of
// winning chances, the position is searched again without it, and its
// evaluation becomes the better of that move's, the evaluation after it,
// and the best other move's, which is then the better move: a move marked
// always has a better move, and a move that had none is not marked, the
// position having been worse than its first search said.
//
// A review is repeatable: the same game at the same node budget gets the
// same evaluations, marks and accuracy, byte for byte, when the engine
// searches on one thread (DefaultThreads), as it learns only from the
// game's own searches, in the game's order, after forgetting all else.
// More threads, or a budget of time, make it vary from run to run.
package review

import (
	"context"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/game/score"
)

// Eval is an evaluation: Score from White's point of view, or after
// checkmate Over, with Mated the side mated.
type Eval struct {
	Score score.Score // White's; zero when Over
	Mated board.Color
	Over  bool // the game is over by checkmate: Mated lost
}

// String returns the evaluation as lichess's %eval writes it: "0.35",
// "-1.20", "#3", "#-3", or "" after checkmate.
func (e Eval) String() string {
	if e.Over {
		return ""
	}
	return e.Score.PGNEval()
}

// Win returns White's winning percentage (see WinPercent); a forced mate
// counts as the highest score.
func (e Eval) Win() float64 {
	switch s := e.of(board.White); {
	case s.Mate < 0:
		return WinPercent(-cpCeiling)
	case s.Mate > 0:
		return WinPercent(cpCeiling)
	default:
		return WinPercent(s.CP)
	}
}

// overMate is the mate distance that stands for a checkmate on the
// board, beyond any a search reports.
const overMate = 1 << 20

// of returns the evaluation from c's point of view, with a checkmate on
// the board as a mate in overMate moves.
func (e Eval) of(c board.Color) score.Score {
	s := e.Score
	if e.Over {
		s = score.Score{Mate: overMate}.View(e.Mated.Other(), board.White)
	}
	return s.View(board.White, c)
}

// Move is the review of one move.
type Move struct {
	SAN       string
	Eval      Eval // after the move
	Judgement Judgement
	Accuracy  float64 // 0 to 100
	// Best is the move the search preferred, in SAN, and Line the line
	// it expects from Best on (Best first), when the move played was not
	// Best.
	Best    string
	BestUCI string
	Line    []string
}

// Player sums up one side's moves.
type Player struct {
	Accuracy                         float64 // NaN when the side made no move
	Inaccuracies, Mistakes, Blunders int
}

// Game is the review of a game.
type Game struct {
	Start Eval // before the first move
	Moves []Move
	White Player
	Black Player
}

// Limits are the budget of each position's search; see Review.
type Limits = engine.Limits

// The default budget of a review, each position's search: 700,000 nodes
// on one thread, so that a review repeats (see the package doc).
const (
	DefaultNodes   = 700_000
	DefaultThreads = 1
)

// lineLength is how many plies of the better line a review keeps.
const lineLength = 6

// Review searches every position of g with e within lim and returns the
// review. progress, when not nil, is called after each position with the
// number searched and the total (the searches that revise a position come
// after the last call). It fails on a game it cannot replay, naming the
// move, and returns ctx's error when ctx is cancelled. e must have been
// set up for g's variant and is told a new game; on one thread and with a
// node budget, the review repeats.
func Review(ctx context.Context, e *engine.Engine, g *pgn.Game, lim Limits, progress func(done, total int)) (*Game, error) {
	pos, moves, err := g.Play()
	if err != nil {
		return nil, err
	}
	e.NewGame()
	total := len(moves) + 1
	found := make([]found, total)
	for i := range total {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		found[i] = search(ctx, e, pos, lim)
		if i < len(moves) {
			pos.Make(moves[i])
		}
		if progress != nil {
			progress(i+1, total)
		}
	}
	// Backwards, so that the evaluation after each move is final when
	// its position is revised.
	for i := len(moves) - 1; i >= 0; i-- {
		pos.Unmake()
		revise(ctx, e, pos, moves[i], &found[i], found[i+1].eval, lim)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return judge(pos, moves, found), nil
}

// revise looks again at pos, where m was played and the search found
// before, when m was the search's own choice and lost a judgement's worth
// of winning chances by the evaluation after it: pos was misjudged. It
// searches pos again without m and makes pos's evaluation the better of
// after and the best other move's, whose search becomes before when its
// move is the better. A move that was the only legal one gives pos its
// evaluation.
func revise(ctx context.Context, e *engine.Engine, pos *board.Position, m board.Move, before *found, after Eval, lim Limits) {
	us := pos.SideToMove()
	if len(before.line) == 0 || before.line[0] != m || judgeMove(us, before.eval, after) == Good {
		return
	}
	var l board.MoveList
	pos.GenerateLegal(&l)
	for _, o := range l.Moves() {
		if o != m {
			lim.SearchMoves = append(lim.SearchMoves, o)
		}
	}
	before.eval = after
	if len(lim.SearchMoves) == 0 {
		return
	}
	if other := search(ctx, e, pos, lim); score.Compare(other.eval.of(us), after.of(us)) > 0 {
		*before = other
	}
}

// sideWins returns the winning percentages of us at the evaluations before
// and after a move of theirs.
func sideWins(us board.Color, before, after Eval) (wb, wa float64) {
	wb, wa = before.Win(), after.Win()
	if us == board.Black {
		wb, wa = 100-wb, 100-wa
	}
	return wb, wa
}

// found is what the search of one position found: its evaluation and, if
// it has a legal move, the best move and the line from it.
type found struct {
	eval Eval
	line []board.Move
}

// search searches pos within lim and returns what it found.
func search(ctx context.Context, e *engine.Engine, pos *board.Position, lim Limits) found {
	us := pos.SideToMove()
	switch res, _ := outcome.Judge(pos); {
	case res == outcome.Win(us.Other()):
		return found{eval: Eval{Over: true, Mated: us}}
	case res != outcome.Unfinished:
		return found{} // a draw by the rules
	}
	var last engine.Info
	r := e.Search(ctx, pos, lim, func(in engine.Info) {
		if in.MultiPV <= 1 && in.CurrMove == board.NoMove && len(in.PV) > 0 {
			last = in
		}
	})
	f := found{line: last.PV}
	if len(f.line) == 0 || f.line[0] != r.Best {
		f.line = []board.Move{r.Best}
	}
	f.eval.Score = last.Score.Reported().View(us, board.White)
	return f
}

// judge turns the evaluations of the positions of the game from pos by
// moves into the review.
func judge(pos *board.Position, moves []board.Move, found []found) *Game {
	g := &Game{Start: found[0].eval}
	wins := []float64{found[0].eval.Win()}
	whiteFirst := pos.SideToMove() == board.White
	for i, m := range moves {
		us := pos.SideToMove()
		before, after := found[i].eval, found[i+1].eval
		mv := Move{SAN: pos.SAN(m), Eval: after}
		mv.Accuracy = MoveAccuracy(sideWins(us, before, after))
		// A position drawn by rule, its game played on, has no line and
		// its move no judgement. After revise, a judged move is never the
		// line's first.
		if best := found[i].line; len(best) > 0 {
			mv.Judgement = judgeMove(us, before, after)
			if best[0] != m {
				mv.Best, mv.BestUCI = pos.SAN(best[0]), best[0].UCI(pos.Chess960())
				mv.Line = pgn.SANLine(pos, best[:min(len(best), lineLength)])
			}
		}
		p := &g.White
		if us == board.Black {
			p = &g.Black
		}
		switch mv.Judgement {
		case Inaccuracy:
			p.Inaccuracies++
		case Mistake:
			p.Mistakes++
		case Blunder:
			p.Blunders++
		}
		g.Moves = append(g.Moves, mv)
		wins = append(wins, after.Win())
		pos.Make(m)
	}
	g.White.Accuracy, g.Black.Accuracy = GameAccuracy(wins, whiteFirst)
	return g
}

// judgeMove judges a move of us from the evaluation before to that after
// by lichess's rules: by the
// mate it let the opponent have or the mate it let go, when it did one of
// these, judged by the score on the other side of the move; by the
// winning chances lost otherwise, and not at all when either side had a
// mate before and after (a mate delayed, or a lost position still lost).
func judgeMove(us board.Color, before, after Eval) Judgement {
	b, a := before.of(us), after.of(us)
	mb, cb, ma, ca := b.Mate, b.CP, a.Mate, a.CP
	byScore := func(cp int) Judgement {
		switch {
		case cp > 999:
			return Inaccuracy
		case cp > 700:
			return Mistake
		}
		return Blunder
	}
	switch {
	case mb == 0 && ma < 0: // walked into a mate
		return byScore(-cb)
	case mb > 0 && ma <= 0: // let a mate go
		if ma < 0 {
			return Blunder
		}
		return byScore(ca)
	case mb != 0 || ma != 0:
		return Good
	}
	wb, wa := sideWins(us, before, after)
	return judgeDrop(wb - wa)
}
