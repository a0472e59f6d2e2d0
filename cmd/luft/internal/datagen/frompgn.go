package datagen

import (
	"fmt"
	"io"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/game/pgn"
)

// PGNStats counts what ConvertPGN read: games converted and left out, and
// the moves of the converted games, written or left out for each reason.
type PGNStats struct {
	Games  int // games converted
	Broken int // games left out: unreadable, with an illegal move, or without a result
	Moves  int // moves of the converted games

	NoScore   int // left out: no evaluation in the comment (book moves)
	InCheck   int // left out: side to move in check
	Capture   int // left out: the move played a capture
	Promotion int // left out: the move played a (non-capturing) promotion
	Mate      int // left out: a mate score
	Castle960 int // left out: castling in Chess960, which a record cannot hold

	Written int
}

// String returns the summary of s.
func (s PGNStats) String() string {
	return fmt.Sprintf("games %d (%d left out)  moves %d: written %d, no score %d, in check %d, capture %d, promotion %d, mate score %d, Chess960 castling %d",
		s.Games, s.Broken, s.Moves, s.Written, s.NoScore, s.InCheck, s.Capture, s.Promotion, s.Mate, s.Castle960)
}

// add counts a converted game's moves, which left out and why.
func (s *PGNStats) add(counts *[castle960 + 1]int, noScore int) {
	s.Games++
	s.NoScore += noScore
	s.Moves += noScore
	for _, c := range counts {
		s.Moves += c
	}
	s.Written += counts[keep]
	s.InCheck += counts[inCheck]
	s.Capture += counts[capture]
	s.Promotion += counts[promotion]
	s.Mate += counts[mateScore]
	s.Castle960 += counts[castle960]
}

// ConvertPGN reads the games of r, as cutechess-cli, fastchess (OpenBench's
// DATAGEN workloads) and luft match write them with each move's evaluation
// in its comment, and writes to w a record for each position before a
// move whose evaluation is given, with the move as the best move, left out
// by the filters of self-play generation (in check, capture or promotion,
// mate score, Chess960 castling). A game is replayed by the rules its
// Variant tag names (pgn.Game.Play). A game that cannot be read or
// replayed, such as one of a variant other than standard chess and
// Chess960, or that has no result, is left out whole: broken is called with its number
// in r (from 1) and the reason, and ConvertPGN goes on with the next. It
// returns the error of a write, or of reading r.
func ConvertPGN(r io.Reader, w *trainingdata.Writer, st *PGNStats, broken func(game int, err error)) error {
	n := 0
	pr := pgn.NewReader(r)
	for g, err := range pr.Games() {
		n++
		var recs []trainingdata.Packed
		var counts [castle960 + 1]int
		var noScore int
		if err == nil {
			recs, counts, noScore, err = gameRecords(g)
		}
		if err != nil {
			st.Broken++
			broken(n, err)
			continue
		}
		for _, p := range recs {
			if err := w.WritePacked(p); err != nil {
				return err
			}
		}
		st.add(&counts, noScore)
	}
	if err := pr.Err(); err != nil {
		return fmt.Errorf("after game %d: %w", n, err)
	}
	return nil
}

// gameRecords replays g (pgn.Game.Play) and returns its records, the count of its scored
// moves by the reason each is left out (keep for those written), and the
// count of its moves without a score.
func gameRecords(g *pgn.Game) (recs []trainingdata.Packed, counts [castle960 + 1]int, noScore int, err error) {
	result, err := g.Outcome()
	if err != nil {
		return nil, counts, 0, err
	}
	pos, moves, err := g.Play()
	if err != nil {
		return nil, counts, 0, err
	}
	for i, m := range moves {
		e, ok := pgn.ParseEval(g.Moves[i].Comment)
		score := engine.ScoreOf(e.Score) // a mate score, or centipawns clamped below the mates
		if !ok {
			noScore++
		} else if why := filter(pos, m, score); why != keep {
			counts[why]++
		} else {
			r := trainingdata.Record{Pos: pos, Score: int16(score), Result: result, Move: m}
			p, err := trainingdata.Pack(r)
			if err != nil {
				return nil, counts, 0, fmt.Errorf("ply %d: %v", i+1, err)
			}
			recs = append(recs, p)
			counts[keep]++
		}
		pos.Make(m)
	}
	return recs, counts, noScore, nil
}
