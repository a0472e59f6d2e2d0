package review

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/luftchess/luft/engine/game/pgn"
)

// Annotate writes the review r of g into g. Each move's comment takes its
// evaluation as [%eval ...], in the place of the [%eval] of an earlier
// analysis or at its start, and for a judged move the judgement and the
// better move at its end ("Blunder. Nxd4 was best."), in the place of the
// words an earlier review wrote there; the rest of the comment stays as
// it was: lichess's [%clk] clocks, other commands such as [%emt], and
// words. A judged move takes the NAG ?!, ? or ?? and the better line as
// a variation. The tags WhiteAccuracy and BlackAccuracy (percentages) and
// WhiteInaccuracies, WhiteMistakes, WhiteBlunders and Black's likewise
// sum up the players, and Annotator names the reviewer when annotator is
// not empty. Annotating a game annotated before gives what annotating it
// afresh gives, but for the rest of the comments.
func Annotate(g *pgn.Game, r *Game, annotator string) {
	for i := range g.Moves {
		m, rm := &g.Moves[i], r.Moves[i]
		m.NAG, m.Variation = rm.Judgement.NAG(), nil
		if rm.Judgement != Good {
			m.Variation = rm.Line
		}
		m.Comment = comment(m.Comment, rm)
	}
	if annotator != "" {
		setTag(g, "Annotator", annotator)
	}
	for _, p := range []struct {
		name string
		p    Player
	}{{"White", r.White}, {"Black", r.Black}} {
		if !math.IsNaN(p.p.Accuracy) {
			setTag(g, p.name+"Accuracy", fmt.Sprintf("%.1f", p.p.Accuracy))
		}
		setTag(g, p.name+"Inaccuracies", fmt.Sprint(p.p.Inaccuracies))
		setTag(g, p.name+"Mistakes", fmt.Sprint(p.p.Mistakes))
		setTag(g, p.name+"Blunders", fmt.Sprint(p.p.Blunders))
	}
}

// evalCommand is the [%eval ...] command of a comment.
var evalCommand = regexp.MustCompile(`\[%eval\s[^\]]*\]`)

// ownVerdict is the judgement and better move that Annotate writes at the
// end of a comment.
var ownVerdict = regexp.MustCompile(`(^|\s)(Inaccuracy|Mistake|Blunder)\. \S+ was best\.$`)

// comment returns the comment old of the move that m reviews with m's
// evaluation and verdict written in (see Annotate).
func comment(old string, m Move) string {
	eval := ""
	if s := m.Eval.String(); s != "" {
		eval = "[%eval " + s + "]"
	}
	c := ownVerdict.ReplaceAllString(old, "")
	if loc := evalCommand.FindStringIndex(c); loc != nil {
		c = c[:loc[0]] + eval + evalCommand.ReplaceAllString(c[loc[1]:], "")
	} else {
		c = eval + " " + c
	}
	if m.Judgement != Good {
		c += " " + m.Judgement.String() + ". " + m.Best + " was best."
	}
	return strings.Join(strings.Fields(c), " ")
}

// setTag sets the tag name of g to value, in its place when g has it and
// at the end when not.
func setTag(g *pgn.Game, name, value string) {
	for i, t := range g.Tags {
		if t.Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, pgn.Tag{Name: name, Value: value})
}
