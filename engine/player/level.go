// Package player plays chess as a player of a chosen strength would: a
// Player adds an opening book and a Level to any engine. A Level makes
// the engine play like a person of that strength: a small search budget,
// then a score-weighted choice among the best few moves, so that it errs
// now and then (more often at low levels) but never plays a move far
// worse than its best. The protocol (package uci) and the terminal game
// drive a Player; NOTES.md has the calibration of the levels.
package player

import (
	"math"
	"math/rand/v2"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/stats"
)

// Level is a playing strength: the evaluation it plays with, the search
// budget per move and how freely a move is chosen among the best
// candidates. The zero Level is full strength.
type Level struct {
	Elo     int    // the rating the level is meant to play at; 0 for full strength
	Depth   int    // maximum search depth in plies; 0 for no limit
	Nodes   uint64 // maximum nodes per move; 0 for no limit
	MultiPV int    // candidate moves compared
	Spread  int    // centipawns: a candidate this much worse than the best is e times less likely
	MaxLoss int    // centipawns: a candidate worse than the best by more is never played

	// HandCrafted plays with the hand-crafted evaluation whatever network
	// the engine's options give (the search's engine.Limits.HandCrafted).
	// Without it the level plays with the options' evaluation, as full
	// strength does: the network by default (with Use NNUE off, the
	// hand-crafted one, and then below the level's rating).
	HandCrafted bool
}

// Rating range of ForElo.
const (
	MinElo = 800
	MaxElo = 2800
)

// The ratings that calibration matches against Stockfish 15.1 at the same
// UCI_Elo have confirmed (the calibration table in NOTES.md): the range the
// UCI option UCI_Elo declares, and the browser game's ladder. Rows outside
// it are budgets that no match has placed: below Stockfish's lowest
// UCI_Elo, not yet measured (the network's rows 2300 and 2400), or beyond
// what full strength reaches at blitz speeds. Raising MaxCalibratedElo to
// a measured row is the one change in the code; a test (cmd/luft's
// TestDocsCalibratedRange) holds every Markdown page's ranges to these
// constants.
const (
	MinCalibratedElo = 1400
	MaxCalibratedElo = 2400
)

// Calibration is a calibration match at 10+0.1: Luft at UCI_Elo Elo
// against Stockfish 15.1 at the same UCI_Elo, with Luft's wins, losses
// and draws counted as luft match counts them.
type Calibration struct {
	Elo             int
	stats.Trinomial // Luft's wins, losses and draws
}

// calibrations holds the latest match of each measured rating, played with
// the level's present budget, by rising Elo; NOTES.md's table has every
// match, these among them.
var calibrations = []Calibration{
	{Elo: 1400, Trinomial: stats.Trinomial{Wins: 45, Losses: 55, Draws: 0}},
	{Elo: 1800, Trinomial: stats.Trinomial{Wins: 45, Losses: 50, Draws: 5}},
	{Elo: 2000, Trinomial: stats.Trinomial{Wins: 46, Losses: 44, Draws: 10}},
	{Elo: 2200, Trinomial: stats.Trinomial{Wins: 44, Losses: 42, Draws: 14}},
	{Elo: 2300, Trinomial: stats.Trinomial{Wins: 38, Losses: 40, Draws: 22}},
	{Elo: 2400, Trinomial: stats.Trinomial{Wins: 39, Losses: 36, Draws: 25}},
}

// Calibrated returns the latest calibration match of a rating, and whether
// that rating has been measured at all (ratings between two measured ones
// play interpolated budgets).
func Calibrated(elo int) (Calibration, bool) {
	for _, c := range calibrations {
		if c.Elo == elo {
			return c, true
		}
	}
	return Calibration{}, false
}

// MaxSkill is the highest Skill Level: full strength. Levels 0 to
// MaxSkill-1 play at Elo MinElo + 100*level.
const MaxSkill = 20

// table holds the parameters ForElo interpolates between, by rising Elo;
// each row is one line, to be changed as calibration matches say.
// Calibration matches against Stockfish 15.1 at the same UCI_Elo adjust
// the rows; NOTES.md has the procedure and every match. Each row is
// measured against Stockfish at its own rating, as matches against one
// fixed level mislead. Rows below 1350, Stockfish's lowest UCI_Elo, can
// only be placed by matches between Luft's own levels.
//
// The rows up to 2200 play with the hand-crafted evaluation, which they
// were calibrated with; from 2300 up they play with the network, whose
// full strength (about Stockfish's 2500 at 10+0.1, some 300,000 to
// 1,500,000 nodes a move there) the hand-crafted evaluation cannot reach.
// The hand-crafted rows must come first: the evaluation switches once, at
// the top of them. The network's 2300 and 2400 are capped by nodes below
// full strength, as calibration found them. The rows from 2600 up are
// above what full strength reaches at blitz speeds, so they hardly ever
// bind there: they are budgets for slow games, not calibrated ratings.
var table = []Level{
	{Elo: 800, Depth: 1, Nodes: 300, MultiPV: 6, Spread: 120, MaxLoss: 350, HandCrafted: true},
	{Elo: 900, Depth: 1, Nodes: 600, MultiPV: 6, Spread: 100, MaxLoss: 300, HandCrafted: true},
	{Elo: 1000, Depth: 2, Nodes: 1500, MultiPV: 5, Spread: 80, MaxLoss: 250, HandCrafted: true},
	{Elo: 1100, Depth: 3, Nodes: 4000, MultiPV: 5, Spread: 60, MaxLoss: 200, HandCrafted: true},
	{Elo: 1200, Depth: 4, Nodes: 10000, MultiPV: 4, Spread: 45, MaxLoss: 150, HandCrafted: true},
	{Elo: 1300, Depth: 4, Nodes: 15000, MultiPV: 4, Spread: 36, MaxLoss: 120, HandCrafted: true},
	{Elo: 1500, Depth: 5, Nodes: 30000, MultiPV: 4, Spread: 30, MaxLoss: 100, HandCrafted: true},
	{Elo: 1650, Depth: 6, Nodes: 40000, MultiPV: 3, Spread: 22, MaxLoss: 80, HandCrafted: true},
	{Elo: 1800, Depth: 7, Nodes: 75000, MultiPV: 3, Spread: 14, MaxLoss: 55, HandCrafted: true},
	{Elo: 2000, Depth: 10, Nodes: 110000, MultiPV: 2, Spread: 8, MaxLoss: 30, HandCrafted: true},
	{Elo: 2200, Depth: 14, Nodes: 250000, MultiPV: 1, HandCrafted: true},
	{Elo: 2300, Depth: 24, Nodes: 250000, MultiPV: 1},
	{Elo: 2400, Depth: 24, Nodes: 500000, MultiPV: 1},
	{Elo: 2600, Depth: 24, Nodes: 20000000, MultiPV: 1},
	{Elo: 2800, Depth: 64, Nodes: 50000000, MultiPV: 1},
}

// ForElo returns the level meant to play at the given rating, clamped to
// [MinElo, MaxElo]. Between two rows of the table that play with the same
// evaluation, depth, MultiPV, spread and loss are interpolated linearly
// and nodes geometrically, so that each step in Elo is a similar step in
// strength.
//
// Between two rows that play with different evaluations (2200,
// hand-crafted, and 2300, the network) a node budget of one evaluation
// says nothing of the other's strength: the network searches fewer nodes
// a second and gets more from each, so nodes interpolated across the
// two would not rise in strength with the rating. So a rating there
// takes the whole row it is nearer to, evaluation and budget, and the
// lower one at the midpoint: 2201-2250 play as 2200 does, 2251-2299 as
// 2300. Every such rating plays within 50 Elo of its own, at a strength
// that rises with it, with no budget that no match measured.
func ForElo(elo int) Level {
	elo = min(max(elo, MinElo), MaxElo)
	i := 1
	for i < len(table)-1 && table[i].Elo < elo {
		i++
	}
	lo, hi := table[i-1], table[i]
	if lo.HandCrafted != hi.HandCrafted {
		l := lo
		if 2*(elo-lo.Elo) > hi.Elo-lo.Elo {
			l = hi
		}
		l.Elo = elo
		return l
	}
	f := float64(elo-lo.Elo) / float64(hi.Elo-lo.Elo)
	lin := func(a, b int) int { return int(math.Round(float64(a) + f*float64(b-a))) }
	return Level{
		Elo:         elo,
		Depth:       lin(lo.Depth, hi.Depth),
		Nodes:       uint64(math.Round(float64(lo.Nodes) * math.Pow(float64(hi.Nodes)/float64(lo.Nodes), f))),
		MultiPV:     lin(lo.MultiPV, hi.MultiPV),
		Spread:      lin(lo.Spread, hi.Spread),
		MaxLoss:     lin(lo.MaxLoss, hi.MaxLoss),
		HandCrafted: lo.HandCrafted,
	}
}

// ForSkill returns the level of a Skill Level from 0 to MaxSkill: MaxSkill
// (or more) is full strength, and below it each level adds 100 Elo to
// MinElo.
func ForSkill(skill int) Level {
	if skill >= MaxSkill {
		return Level{}
	}
	return ForElo(MinElo + 100*max(skill, 0))
}

// FromUCI returns the level that Stockfish's options select: UCI_Elo when
// UCI_LimitStrength is on, otherwise Skill Level.
func FromUCI(limitStrength bool, elo, skillLevel int) Level {
	if limitStrength {
		return ForElo(elo)
	}
	return ForSkill(skillLevel)
}

// Full reports whether l plays at full strength.
func (l Level) Full() bool { return l == Level{} }

// Limits returns lim tightened by the level's depth and node budget, with
// at least the level's candidates searched (MultiPV).
func (l Level) Limits(lim engine.Limits) engine.Limits {
	lim.MultiPV = max(lim.MultiPV, l.MultiPV)
	if l.Depth > 0 && (lim.Depth == 0 || l.Depth < lim.Depth) {
		lim.Depth = l.Depth
	}
	if l.Nodes > 0 && (lim.Nodes == 0 || l.Nodes < lim.Nodes) {
		lim.Nodes = l.Nodes
	}
	return lim
}

// Candidate is a root move with its search score.
type Candidate struct {
	Move  board.Move
	Score engine.Score
}

// Choose picks one of the candidates, which must be sorted best first,
// using r: each candidate within MaxLoss of the best is chosen with weight
// exp(-loss/Spread), where loss is how much worse than the best it
// scores. At full strength, or with Spread 0, it returns the best. It
// returns the index of the choice, or -1 when there are no candidates.
func (l Level) Choose(cands []Candidate, r *rand.Rand) int {
	if len(cands) == 0 {
		return -1
	}
	if l.Spread <= 0 || len(cands) == 1 {
		return 0
	}
	best := float64(cands[0].Score)
	var weights [board.MaxMoves]float64
	n := min(len(cands), len(weights))
	total := 0.0
	for i, c := range cands[:n] {
		loss := best - float64(c.Score)
		if loss > float64(l.MaxLoss) {
			continue
		}
		weights[i] = math.Exp(-loss / float64(l.Spread))
		total += weights[i]
	}
	x := r.Float64() * total
	for i, w := range weights[:n] {
		if x < w {
			return i
		}
		x -= w
	}
	return 0 // rounding left x at the very top: the best is as good as any
}
