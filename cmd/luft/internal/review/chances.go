package review

import (
	"math"
)

// Judgement is how bad a move was: none, or an inaccuracy, a mistake or a
// blunder.
type Judgement uint8

// Judgements, from none to the worst.
const (
	Good Judgement = iota
	Inaccuracy
	Mistake
	Blunder
)

// String returns the judgement's name: "Inaccuracy", "Mistake",
// "Blunder", or "" for Good.
func (j Judgement) String() string {
	return [...]string{"", "Inaccuracy", "Mistake", "Blunder"}[j]
}

// NAG returns the move assessment of the judgement: "?!", "?", "??", or
// "" for Good.
func (j Judgement) NAG() string {
	return [...]string{"", "?!", "?", "??"}[j]
}

// cpCeiling is the score in centipawns beyond which winning chances no
// longer grow; a forced mate counts as this much.
const cpCeiling = 1000

// WinPercent returns the winning chances, from 0 to 100, of the side with
// a score of cp centipawns, by lichess's model:
//
//	50 + 50 * (2/(1+exp(-0.00368208*cp)) - 1)
//
// with cp clamped to ±1000.
func WinPercent(cp int) float64 {
	cp = min(max(cp, -cpCeiling), cpCeiling)
	return 50 + 50*(2/(1+math.Exp(-0.00368208*float64(cp)))-1)
}

// MoveAccuracy returns the accuracy, from 0 to 100, of a move that took
// its side's winning chances from before to after (percentages), by
// lichess's formula: 100 when the chances did not fall, else
//
//	103.1668 * exp(-0.04354 * (before - after)) - 3.1669 + 1
//
// clamped to [0, 100], where the 1 is lichess's bonus for the
// imprecision of the analysis.
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*(before-after)) - 3.166924740191411
	return min(max(raw+1, 0), 100)
}

// judgeDrop returns the judgement of a move that lost drop winning
// percentage points: lichess's thresholds are losses of 0.1, 0.2 and 0.3
// in winning chances on the scale -1 to 1, which are 5, 10 and 15
// percentage points.
func judgeDrop(drop float64) Judgement {
	switch {
	case drop >= 15:
		return Blunder
	case drop >= 10:
		return Mistake
	case drop >= 5:
		return Inaccuracy
	}
	return Good
}

// GameAccuracy returns each side's accuracy over a game, by lichess's
// method. wins are White's winning percentages before the first move and
// after each move; whiteFirst says whether White made the first move.
// A side's accuracy is the mean of two means of its moves' accuracies:
// the harmonic mean (each at least 1), and the mean weighted by the
// volatility of the game around the move, the standard deviation of the
// winning percentages in a window of the game clamped to [0.5, 12]. The
// window is a tenth of the moves long, at least 2 and at most 8. A side
// with no moves has accuracy NaN.
func GameAccuracy(wins []float64, whiteFirst bool) (white, black float64) {
	if len(wins) < 2 {
		return math.NaN(), math.NaN()
	}
	moves := len(wins) - 1
	size := min(max(moves/10, 2), 8, len(wins))
	// The first size-2 moves share the first window; then it slides.
	var weights []float64
	for range size - 2 {
		weights = append(weights, volatility(wins[:size]))
	}
	for i := 0; i+size <= len(wins); i++ {
		weights = append(weights, volatility(wins[i:i+size]))
	}
	var acc [2][]float64 // by side: White, Black
	var wt [2][]float64
	for i := range moves {
		side := i % 2
		if !whiteFirst {
			side = 1 - side
		}
		before, after := wins[i], wins[i+1]
		if side == 1 {
			before, after = 100-before, 100-after
		}
		acc[side] = append(acc[side], MoveAccuracy(before, after))
		wt[side] = append(wt[side], weights[i])
	}
	mean := func(s int) float64 {
		if len(acc[s]) == 0 {
			return math.NaN()
		}
		return (weightedMean(acc[s], wt[s]) + harmonicMean(acc[s])) / 2
	}
	return mean(0), mean(1)
}

// volatility returns the standard deviation of xs clamped to [0.5, 12].
func volatility(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return min(max(math.Sqrt(v/float64(len(xs))), 0.5), 12)
}

func weightedMean(xs, ws []float64) float64 {
	var sum, wsum float64
	for i, x := range xs {
		sum += x * ws[i]
		wsum += ws[i]
	}
	return sum / wsum
}

func harmonicMean(xs []float64) float64 {
	var inv float64
	for _, x := range xs {
		inv += 1 / max(x, 1)
	}
	return float64(len(xs)) / inv
}
