package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/stats"
)

// Results are the tallies of a match so far.
type Results struct {
	cfg       *Config
	Scheduled int
	Played    int
	Points    []float64 // per player
	// Losses counts each player's losses by termination.
	Losses     []map[outcome.Termination]int
	Encounters []*Encounter   // one per pairing of players, in schedule order
	Endings    map[string]int // result comments ("White mates", ...) by count

	byPlayers map[[2]int]*Encounter
}

// Encounter tallies the games between two players, from A's point of view.
type Encounter struct {
	A, B        int // player indices
	Trinomial   stats.Trinomial
	Pentanomial stats.Pentanomial
	Paired      bool            // games come in colour-reversed pairs
	pending     map[int]float64 // first game of an unfinished pair
}

// Sample returns the pentanomial counts for paired games and the trinomial
// counts otherwise.
func (e *Encounter) Sample() stats.Sampler {
	if e.Paired {
		return e.Pentanomial
	}
	return e.Trinomial
}

func newResults(cfg *Config, scheduled int) *Results {
	r := &Results{
		cfg:       cfg,
		Scheduled: scheduled,
		Points:    make([]float64, len(cfg.Players)),
		Endings:   map[string]int{},
		byPlayers: map[[2]int]*Encounter{},
	}
	for range cfg.Players {
		r.Losses = append(r.Losses, map[outcome.Termination]int{})
	}
	return r
}

func (r *Results) add(g *played) {
	r.Played++
	r.Endings[g.detail]++
	players := [2]int{g.white, g.black}
	for c, i := range players {
		s := g.result.Points(board.Color(c))
		r.Points[i] += s
		if s == 0 {
			r.Losses[i][g.reason]++
		}
	}
	a, b := min(g.white, g.black), max(g.white, g.black)
	e := r.byPlayers[[2]int{a, b}]
	if e == nil {
		e = &Encounter{A: a, B: b, Paired: r.cfg.Repeat, pending: map[int]float64{}}
		r.byPlayers[[2]int{a, b}] = e
		r.Encounters = append(r.Encounters, e)
	}
	s := g.result.Points(board.White)
	if g.white != a {
		s = 1 - s
	}
	e.Trinomial.Add(s)
	if g.pair >= 0 {
		if first, ok := e.pending[g.pair]; ok {
			e.Pentanomial.Add(first, s)
			delete(e.pending, g.pair)
		} else {
			e.pending[g.pair] = s
		}
	}
}

// sprtDecision returns the SPRT state of a two-player match.
func (r *Results) sprtDecision() stats.Decision {
	if r.cfg.SPRT == nil || len(r.Encounters) == 0 {
		return stats.Continue
	}
	return r.cfg.SPRT.Decide(r.cfg.SPRT.LLR(r.Encounters[0].Sample()))
}

func (r *Results) name(i int) string { return r.cfg.Players[i].Name }

func (r *Results) printGame(w io.Writer, g *played) {
	fmt.Fprintf(w, "Finished game %d (%s vs %s): %s {%s}\n", g.number, r.name(g.white), r.name(g.black), g.result, g.detail)
	e := r.byPlayers[[2]int{min(g.white, g.black), max(g.white, g.black)}]
	t := e.Trinomial
	_, score, _ := t.Score()
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d, Elo %s",
		r.name(e.A), r.name(e.B), t.Wins, t.Losses, t.Draws, score, t.Games(), formatElo(stats.EstimateElo(e.Sample()), e.Sample()))
	if s := r.cfg.SPRT; s != nil {
		lo, hi := s.Bounds()
		fmt.Fprintf(w, ", LLR %.2f (%.2f, %.2f)", s.LLR(e.Sample()), lo, hi)
	}
	fmt.Fprintf(w, "  (%d/%d games)\n", r.Played, r.Scheduled)
}

// formatElo returns the estimate e of sample s as Elo +/- error, or says
// why it has none yet: an empty sample (no game, or with games in pairs
// no complete pair, as after the first game of -repeat) has no Elo, a
// score of 0% or 100% no finite one, a sample without variance (only
// draws, or one game pair) no error bar by the normal approximation, and
// an interval that reaches a score of 0% or 100% no finite one.
func formatElo(e stats.Estimate, s stats.Sampler) string {
	_, paired := s.(stats.Pentanomial)
	switch n, _, _ := s.Score(); {
	case n == 0 && paired:
		return "none yet, no game pair complete (games in pairs count by the pair)"
	case n == 0:
		return "none yet, no game played"
	case math.IsInf(e.Elo, 0):
		return fmt.Sprintf("none yet, %s %.0f%%, too one-sided to estimate", scored(s), 100*e.Score)
	case e.Lower == e.Upper:
		return fmt.Sprintf("%.1f (no error bar yet)", e.Elo)
	case math.IsInf(e.Error(), 0):
		return fmt.Sprintf("%.1f (error bar unbounded yet)", e.Elo)
	}
	return fmt.Sprintf("%.1f +/- %.1f", e.Elo, e.Error())
}

// scored says what the score of s is over: with games played in pairs,
// only the complete pairs, which the running W - L - D does not show.
func scored(s stats.Sampler) string {
	p, ok := s.(stats.Pentanomial)
	switch {
	case !ok:
		return "the games score"
	case p.Pairs() == 1:
		return "the one complete pair scores"
	}
	return fmt.Sprintf("the %d complete pairs score", p.Pairs())
}

// formatInterval returns ", 95% CI [lower, upper]", or "" when the
// estimate has no interval (see formatElo).
func formatInterval(e stats.Estimate) string {
	if math.IsInf(e.Elo, 0) || e.Lower == e.Upper {
		return ""
	}
	return fmt.Sprintf(", 95%% CI [%.1f, %.1f]", e.Lower, e.Upper)
}

// Print writes the final report.
func (r *Results) Print(w io.Writer) {
	fmt.Fprintf(w, "\nMatch finished: %d of %d games played\n", r.Played, r.Scheduled)
	for _, e := range r.Encounters {
		a, b := r.cfg.Players[e.A], r.cfg.Players[e.B]
		t := e.Trinomial
		est := stats.EstimateElo(e.Sample())
		model := "trinomial"
		if e.Paired {
			model = fmt.Sprintf("pentanomial, %d pairs", e.Pentanomial.Pairs())
		}
		points := t.Points()
		fmt.Fprintf(w, "\nResults of %s vs %s (%s vs %s):\n", a.Name, b.Name, a.TC.Limit(), b.TC.Limit())
		fmt.Fprintf(w, "Elo: %s%s (%s)\n", formatElo(est, e.Sample()), formatInterval(est), model)
		fmt.Fprintf(w, "LOS: %.1f%%, DrawRatio: %.1f%%\n", 100*est.LOS, 100*float64(t.Draws)/float64(max(1, t.Games())))
		fmt.Fprintf(w, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f%%)\n",
			t.Games(), t.Wins, t.Losses, t.Draws, points, 100*points/float64(max(1, t.Games())))
		if e.Paired {
			p := e.Pentanomial
			fmt.Fprintf(w, "Ptnml(0-2): [%d, %d, %d, %d, %d]\n", p[0], p[1], p[2], p[3], p[4])
		}
		if s := r.cfg.SPRT; s != nil {
			lo, hi := s.Bounds()
			llr := s.LLR(e.Sample())
			fmt.Fprintf(w, "SPRT (elo0 %g, elo1 %g, alpha %g, beta %g): LLR %.2f, bounds [%.2f, %.2f] - %s\n",
				s.Elo0, s.Elo1, s.Alpha, s.Beta, llr, lo, hi, s.Decide(llr))
		}
	}
	if len(r.cfg.Players) > 2 {
		fmt.Fprintf(w, "\nStandings:\n")
		idx := make([]int, len(r.Points))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(x, y int) bool { return r.Points[idx[x]] > r.Points[idx[y]] })
		for rank, i := range idx {
			fmt.Fprintf(w, "%3d. %-20s %6.1f\n", rank+1, r.name(i), r.Points[i])
		}
	}
	var endings []string
	for d, n := range r.Endings {
		endings = append(endings, fmt.Sprintf("%s: %d", d, n))
	}
	sort.Strings(endings)
	fmt.Fprintf(w, "\nGame endings: %s\n", strings.Join(endings, ", "))
}
