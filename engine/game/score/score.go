// Package score is an evaluation as engines report it: centipawns, or a
// forced mate in a number of moves, from one side's point of view. UCI's
// "score cp 35" and "score mate -3" are from the side to move's; a PGN's
// [%eval 0.35] and luft serve's page are from White's; a cutechess move
// comment ("+0.35/12") is from the mover's. A Score does not carry its
// side: its holder says which it is, and View converts between them.
// The search's own score (engine.Score) becomes a Score in one place,
// engine.Score.Reported.
package score

import (
	"cmp"
	"errors"
	"strconv"

	"github.com/luftchess/luft/engine/board"
)

// Score is an evaluation from one side's point of view: a forced mate in
// Mate moves when Mate is not 0, positive when the side mates and
// negative when it is mated, or else CP centipawns. Its JSON names are
// those luft serve's page reads ("cp", and "mate" when there is one).
type Score struct {
	CP   int `json:"cp"`             // centipawns, when Mate is 0
	Mate int `json:"mate,omitempty"` // moves to mate: positive when the side mates
}

// IsMate reports whether s is a forced mate for either side.
func (s Score) IsMate() bool { return s.Mate != 0 }

// Neg returns s from the other side's point of view.
func (s Score) Neg() Score { return Score{CP: -s.CP, Mate: -s.Mate} }

// View returns s, a score from side's point of view, from viewer's: s
// when they are the same side, Neg when not.
func (s Score) View(side, viewer board.Color) Score {
	if side != viewer {
		return s.Neg()
	}
	return s
}

// Compare orders scores from the same point of view, better for the side
// last: -1 when a is worse than b, 0 when they are equal, +1 when a is
// better. A mate is better than any centipawns and a shorter mate better
// than a longer; being mated is worse than any centipawns and being mated
// later better than sooner.
func Compare(a, b Score) int {
	return cmp.Compare(a.rank(), b.rank())
}

// rank returns s as one number that orders scores as Compare does.
func (s Score) rank() int {
	const mated = 1 << 30
	switch {
	case s.Mate > 0:
		return mated - s.Mate
	case s.Mate < 0:
		return -mated - s.Mate
	}
	return s.CP
}

// String returns s as a person reads it: signed pawns ("+0.35", "-1.20",
// "+0.00") or a mate ("#3" when the side mates in 3, "#-2" when it is
// mated in 2).
func (s Score) String() string {
	if s.Mate != 0 {
		return "#" + strconv.Itoa(s.Mate)
	}
	return pawns(s.CP, true)
}

// pawns writes cp centipawns as pawns with two decimals, signed when
// sign is set.
func pawns(cp int, sign bool) string {
	s := strconv.FormatFloat(float64(cp)/100, 'f', 2, 64)
	if sign && cp >= 0 {
		s = "+" + s
	}
	return s
}

// PGNEval returns s as a PGN's [%eval] command writes it, from White's
// point of view by lichess's convention: "0.35", "-1.20", "#3", "#-3".
func (s Score) PGNEval() string {
	if s.Mate != 0 {
		return "#" + strconv.Itoa(s.Mate)
	}
	return pawns(s.CP, false)
}

// Comment returns s as cutechess-cli, fastchess and luft match write it in
// a move's comment, from the mover's point of view: "+0.35", "-1.05",
// "+M5" (the mover mates in 5), "-M3" (the mover is mated in 3).
func (s Score) Comment() string {
	switch {
	case s.Mate > 0:
		return "+M" + strconv.Itoa(s.Mate)
	case s.Mate < 0:
		return "-M" + strconv.Itoa(-s.Mate)
	}
	return pawns(s.CP, true)
}

// AppendUCI appends s as UCI's info line writes it after "score", from
// the side to move's point of view: "cp 35" or "mate -3".
func (s Score) AppendUCI(b []byte) []byte {
	if s.Mate != 0 {
		return strconv.AppendInt(append(b, "mate "...), int64(s.Mate), 10)
	}
	return strconv.AppendInt(append(b, "cp "...), int64(s.CP), 10)
}

// UCI returns s as UCI's info line writes it after "score": "cp 35" or
// "mate -3".
func (s Score) UCI() string { return string(s.AppendUCI(nil)) }

// ErrNotUCI is ParseUCI's error for words that are not a UCI score.
var ErrNotUCI = errors.New("score: not a UCI score (cp N or mate N)")

// ParseUCI reads the words after "score" in a UCI info line, kind ("cp"
// or "mate") and its number. A "mate 0", which some engines send when
// the side to move is mated on the board, reads as the zero Score, as
// luft's UCI client has always read it.
func ParseUCI(kind, n string) (Score, error) {
	v, err := strconv.Atoi(n)
	if err != nil {
		return Score{}, ErrNotUCI
	}
	switch kind {
	case "cp":
		return Score{CP: v}, nil
	case "mate":
		return Score{Mate: v}, nil
	}
	return Score{}, ErrNotUCI
}
