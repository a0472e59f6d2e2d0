package pgn

import (
	"math"
	"strconv"
	"strings"

	"github.com/luftchess/luft/engine/game/score"
)

// Eval is the evaluation of a move as cutechess-cli, fastchess and luft
// match write it at the start of the move's comment, before the time the
// move took: "+0.35/12 0.120s", "-1.05/9 0.050s, ...", mates as "+M5/20"
// (the mover mates) or "-M3/18" (the mover is mated).
type Eval struct {
	Score score.Score // from the mover's point of view
	Depth int
}

// String returns e as a comment writes it: "+0.35/12", "+M5/20".
func (e Eval) String() string {
	return e.Score.Comment() + "/" + strconv.Itoa(e.Depth)
}

// ParseEval reads the evaluation at the start of a move's comment, and
// reports whether there is one: a book move's comment ("book"), an empty
// one or one with only a time has none.
func ParseEval(comment string) (Eval, bool) {
	field, _, _ := strings.Cut(strings.TrimSpace(comment), " ")
	field = strings.TrimRight(field, ",")
	score, depth, ok := strings.Cut(field, "/")
	if !ok {
		return Eval{}, false
	}
	var e Eval
	var err error
	if e.Depth, err = strconv.Atoi(depth); err != nil || e.Depth < 0 {
		return Eval{}, false
	}
	sign := 1
	switch {
	case strings.HasPrefix(score, "-"):
		sign, score = -1, score[1:]
	case strings.HasPrefix(score, "+"):
		score = score[1:]
	}
	if m, ok := strings.CutPrefix(score, "M"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 0 {
			return Eval{}, false
		}
		e.Score.Mate = sign * max(n, 1)
		return e, true
	}
	if score == "" || score[0] < '0' || score[0] > '9' {
		return Eval{}, false // NaN, Inf and other words
	}
	pawns, err := strconv.ParseFloat(score, 64)
	if err != nil || pawns > 1e6 {
		return Eval{}, false
	}
	e.Score.CP = sign * int(math.Round(pawns*100))
	return e, true
}
