package engine

import "github.com/luftchess/luft/engine/board"

// stage is a step of move generation in a picker.
type stage uint8

const (
	stageTT stage = iota
	stageGenCaptures
	stageGoodCaptures
	stageGenQuiets
	stageQuiets
	stageBadCaptures
	stageDone
)

// pieceValue is the material value of each piece type, for move ordering
// and pruning margins.
var pieceValue = [board.NoPieceType + 1]int{100, 320, 330, 500, 900, 0, 0}

// picker hands out the legal moves of a position one at a time, best
// first, generating them lazily in stages: the hash move, captures and
// promotions that do not lose material (most valuable victim first), quiet
// moves (killers, then the counter-move, then by history), and finally the
// losing captures and under-promotions. Moves are generated legal, so only
// the hash move needs checking.
type picker struct {
	pos     *board.Position
	hist    *history
	ttMove  board.Move
	killers [2]board.Move
	counter board.Move
	// cont holds the continuation histories of the moves one and two
	// plies back, capt the capture history; nil ones are not consulted.
	cont [2]*pieceToHistory
	capt *captureHistory
	// attacked holds the squares the opponent attacks, which index the
	// butterfly history; none unless set.
	attacked board.Bitboard

	stage    stage
	captures bool // quiescence: captures and promotions only (unless in check)

	list   board.MoveList
	scores [256]int32
	i      int
	bad    [256]board.Move
	nBad   int
}

// init prepares the picker for a full-width search node.
func (mp *picker) init(pos *board.Position, hist *history, ttMove board.Move, killers [2]board.Move, counter board.Move) {
	mp.pos, mp.hist, mp.ttMove, mp.killers, mp.counter = pos, hist, ttMove, killers, counter
	mp.stage, mp.captures, mp.i, mp.nBad = stageTT, false, 0, 0
	mp.cont, mp.capt, mp.attacked = [2]*pieceToHistory{}, nil, 0
}

// initQuiescence prepares the picker for a quiescence node: captures and
// promotions only, or every evasion when in check.
func (mp *picker) initQuiescence(pos *board.Position, hist *history, ttMove board.Move) {
	mp.init(pos, hist, ttMove, [2]board.Move{}, board.NoMove)
	if !pos.InCheck() {
		mp.captures = true
		if ttMove != board.NoMove && !pos.IsCapture(ttMove) && !ttMove.IsPromotion() {
			mp.ttMove = board.NoMove
		}
	}
}

// next returns the next move, or NoMove when there are no more.
func (mp *picker) next() board.Move {
	for {
		switch mp.stage {
		case stageTT:
			mp.stage++
			if mp.ttMove != board.NoMove && mp.pos.IsLegal(mp.ttMove) {
				return mp.ttMove
			}
			mp.ttMove = board.NoMove
		case stageGenCaptures:
			mp.generateCaptures()
			mp.stage++
		case stageGoodCaptures:
			for mp.i < mp.list.Len() {
				m := mp.pickBest()
				if m == mp.ttMove {
					continue
				}
				if !mp.good(m) {
					mp.bad[mp.nBad] = m
					mp.nBad++
					continue
				}
				return m
			}
			if mp.captures {
				mp.stage = stageDone
			} else {
				mp.stage++
			}
		case stageGenQuiets:
			mp.generateQuiets()
			mp.stage++
		case stageQuiets:
			for mp.i < mp.list.Len() {
				m := mp.list.Moves()[mp.i]
				mp.i++
				if m != mp.ttMove {
					return m
				}
			}
			mp.stage++
			mp.i = 0
		case stageBadCaptures:
			if mp.i < mp.nBad {
				mp.i++
				return mp.bad[mp.i-1]
			}
			mp.stage = stageDone
		default:
			return board.NoMove
		}
	}
}

// good reports whether a capture or promotion belongs to the early stage.
func (mp *picker) good(m board.Move) bool {
	if m.IsPromotion() {
		return m.Promotion() == board.Queen
	}
	return mp.pos.SEEGE(m, 0)
}

// capturedType returns the type of the piece m captures (a pawn for en
// passant), or NoPieceType when m captures nothing.
func capturedType(pos *board.Position, m board.Move) board.PieceType {
	if !pos.IsCapture(m) {
		return board.NoPieceType
	}
	if pc := pos.PieceAt(m.To()); pc != board.NoPiece {
		return pc.Type()
	}
	return board.Pawn
}

// generateCaptures fills the list with the captures and promotions,
// scored for ordering, and starts picking at its first move.
func (mp *picker) generateCaptures() {
	mp.pos.GenerateCaptures(&mp.list)
	mp.i = 0
	for i, m := range mp.list.Moves() {
		s := 0
		captured := capturedType(mp.pos, m)
		if captured != board.NoPieceType {
			s = pieceValue[captured]*8 - int(mp.pos.PieceAt(m.From()).Type())
		}
		if m.IsPromotion() {
			s += pieceValue[m.Promotion()] * 8
		}
		if mp.capt != nil {
			s += int(mp.capt[mp.pos.PieceAt(m.From())][m.To()][captured]) / 16
		}
		mp.scores[i] = int32(s)
	}
}

// quietHistory is the history score of the quiet move m: butterfly
// history plus the continuation histories the picker was given.
func (mp *picker) quietHistory(m board.Move) int {
	s := mp.hist.get(mp.pos.SideToMove(), mp.attacked, m)
	pc, to := mp.pos.PieceAt(m.From()), m.To()
	if c := mp.cont[0]; c != nil {
		s += int(c[pc][to])
	}
	if c := mp.cont[1]; c != nil {
		s += int(c[pc][to])
	}
	return s
}

// historyOf returns the history score of the quiet move m, which next
// has just returned: the score the quiet stage ordered it by, or for the
// hash move, a killer or the counter-move, which that stage did not order
// by history, the score worked out afresh.
func (mp *picker) historyOf(m board.Move) int {
	if mp.stage == stageQuiets && m != mp.killers[0] && m != mp.killers[1] && m != mp.counter {
		return int(mp.scores[mp.i-1])
	}
	return mp.quietHistory(m)
}

// generateQuiets fills the list with the quiet moves, scored for ordering
// (killers, counter-move, history), and starts picking at its first move.
func (mp *picker) generateQuiets() {
	mp.pos.GenerateQuiets(&mp.list)
	mp.i = 0
	for i, m := range mp.list.Moves() {
		var s int32
		switch m {
		case mp.killers[0]:
			s = 1 << 20
		case mp.killers[1]:
			s = 1<<20 - 1
		case mp.counter:
			s = 1 << 19
		default:
			s = int32(mp.quietHistory(m))
		}
		mp.scores[i] = s
	}
	mp.sort()
}

// sort orders the list best score first, once, with an insertion sort
// that keeps moves of equal score in the order they were generated. The
// quiet moves are many, and a search often takes most of them, where a
// selection sort would scan what is left for each.
func (mp *picker) sort() {
	moves := mp.list.Moves()
	for j := 1; j < len(moves); j++ {
		m, s := moves[j], mp.scores[j]
		k := j
		for ; k > 0 && mp.scores[k-1] < s; k-- {
			moves[k], mp.scores[k] = moves[k-1], mp.scores[k-1]
		}
		moves[k], mp.scores[k] = m, s
	}
}

// pickBest moves the best-scored remaining move to position i and returns
// it, advancing i (one step of a selection sort).
func (mp *picker) pickBest() board.Move {
	moves := mp.list.Moves()
	best := mp.i
	for j := mp.i + 1; j < len(moves); j++ {
		if mp.scores[j] > mp.scores[best] {
			best = j
		}
	}
	moves[mp.i], moves[best] = moves[best], moves[mp.i]
	mp.scores[mp.i], mp.scores[best] = mp.scores[best], mp.scores[mp.i]
	mp.i++
	return moves[mp.i-1]
}
