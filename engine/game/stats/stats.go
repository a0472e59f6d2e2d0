// Package stats counts match results (Trinomial, Pentanomial), estimates
// Elo differences from them and runs the sequential probability ratio
// test (SPRT) on them, for luft match and engine/player's calibration.
//
// Scores are from the first engine's point of view. Game pairs (the same
// opening played with colours reversed) are counted with the pentanomial
// model, whose variance takes the correlation inside a pair into account;
// unpaired games use the trinomial model. The SPRT is the generalized SPRT
// on logistic Elo used by fastchess and OpenBench.
package stats

import (
	"math"
)

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Trinomial counts single games by result: the W/L/D tally of a match,
// which luft match keeps and engine/player's calibration matches give.
type Trinomial struct {
	Losses, Draws, Wins int
}

// Add counts a game scored 0, 0.5 or 1.
func (t *Trinomial) Add(score float64) {
	switch score {
	case 0:
		t.Losses++
	case 1:
		t.Wins++
	default:
		t.Draws++
	}
}

// Games returns the number of games.
func (t Trinomial) Games() int { return t.Losses + t.Draws + t.Wins }

// Points returns the points the games scored: 1 a win, 1/2 a draw.
func (t Trinomial) Points() float64 { return float64(t.Wins) + float64(t.Draws)/2 }

// Pentanomial counts game pairs by their total score: index i holds the
// pairs that scored i/2 points out of 2 (LL, LD, DD or WL, WD, WW).
type Pentanomial [5]int

// Add counts a pair from its two game scores (each 0, 0.5 or 1).
func (p *Pentanomial) Add(a, b float64) {
	p[int(math.Round(2*(a+b)))]++
}

// Pairs returns the number of pairs.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// moments returns the mean and the variance of a sample of n values,
// given as counts per value.
func moments(counts []int, values []float64) (n int, mean, variance float64) {
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0, 0, 0
	}
	for i, c := range counts {
		mean += float64(c) * values[i]
	}
	mean /= float64(n)
	for i, c := range counts {
		d := values[i] - mean
		variance += float64(c) * d * d
	}
	return n, mean, variance / float64(n)
}

// Score returns the mean score per game and the variance of one sample:
// a game for Trinomial.
func (t Trinomial) Score() (n int, mean, variance float64) {
	return moments([]int{t.Losses, t.Draws, t.Wins}, []float64{0, 0.5, 1})
}

// Score returns the mean score per game and the variance of one sample:
// a pair's mean score for Pentanomial.
func (p Pentanomial) Score() (n int, mean, variance float64) {
	return moments(p[:], []float64{0, 0.25, 0.5, 0.75, 1})
}

// Sampler is implemented by Trinomial and Pentanomial.
type Sampler interface {
	Score() (n int, mean, variance float64)
}

// Elo returns the logistic Elo difference for a mean score s in (0, 1).
// It is infinite at 0 and 1, and 0 (not -0) at 0.5.
func Elo(s float64) float64 {
	return 400 * math.Log10(s/(1-s))
}

// ScoreOf returns the expected score for a logistic Elo difference.
func ScoreOf(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Estimate is an Elo estimate with its 95% confidence interval.
type Estimate struct {
	Elo          float64 // point estimate
	Lower, Upper float64 // 95% confidence interval
	Score        float64 // mean score per game
	LOS          float64 // likelihood of superiority, in [0, 1]
}

// Error returns half the width of the confidence interval, the "±" figure.
func (e Estimate) Error() float64 { return (e.Upper - e.Lower) / 2 }

// EstimateElo computes the estimate from a sample with the normal
// approximation on the mean score, mapped to Elo.
func EstimateElo(x Sampler) Estimate {
	n, mean, variance := x.Score()
	if n == 0 {
		return Estimate{Score: 0.5, LOS: 0.5}
	}
	se := math.Sqrt(variance / float64(n))
	e := Estimate{
		Elo:   Elo(mean),
		Lower: Elo(math.Max(0, mean-z95*se)),
		Upper: Elo(math.Min(1, mean+z95*se)),
		Score: mean,
		LOS:   0.5,
	}
	if se > 0 {
		e.LOS = 0.5 * (1 + math.Erf((mean-0.5)/(se*math.Sqrt2)))
	} else if mean > 0.5 {
		e.LOS = 1
	} else if mean < 0.5 {
		e.LOS = 0
	}
	return e
}

// SPRT tests H0: elo = Elo0 against H1: elo = Elo1 (logistic Elo) with
// false positive rate Alpha and false negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds returns the log-likelihood ratio bounds: H0 is accepted at or
// below lower, H1 at or above upper.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the generalized log-likelihood ratio of the sample, with the
// normal approximation
//
//	LLR = N (s1-s0) (2s - s0 - s1) / (2 var)
//
// where s is the sample's mean score, var the variance of one sample and
// s0, s1 the scores expected under H0 and H1. It is 0 until the sample has
// some variance.
func (t SPRT) LLR(x Sampler) float64 {
	n, mean, variance := x.Score()
	if n == 0 || variance <= 0 {
		return 0
	}
	s0, s1 := ScoreOf(t.Elo0), ScoreOf(t.Elo1)
	return 0.5 * float64(n) * (s1 - s0) * (2*mean - s0 - s1) / variance
}

// Decision is the state of an SPRT.
type Decision int

// SPRT states.
const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

// String describes the decision.
func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 was accepted"
	case AcceptH1:
		return "H1 was accepted"
	}
	return "continue"
}

// Decide returns the decision for a log-likelihood ratio.
func (t SPRT) Decide(llr float64) Decision {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}
