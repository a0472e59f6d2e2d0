package review

import (
	"fmt"
	"math"
	"strings"

	"github.com/luftchess/luft/cmd/luft/internal/match/pgn"
)

// Annotate writes the review r of g into g: each move's comment becomes
// its evaluation as [%eval ...], followed for a judged move by the
// judgement and the better move ("Blunder. Nxd4 was best."), which also
// takes the NAG ?!, ? or ?? and the better line as a variation; the tags
// WhiteAccuracy and BlackAccuracy (percentages) and WhiteInaccuracies,
// WhiteMistakes, WhiteBlunders and Black's likewise sum up the players,
// and Annotator names the reviewer when annotator is not empty.
func Annotate(g *pgn.Game, r *Game, annotator string) {
	for i := range g.Moves {
		m, rm := &g.Moves[i], r.Moves[i]
		var c []string
		if s := rm.Eval.String(); s != "" {
			c = append(c, "[%eval "+s+"]")
		}
		m.NAG, m.Variation = rm.Judgement.NAG(), nil
		if rm.Judgement != Good {
			c = append(c, rm.Judgement.String()+".", rm.Best+" was best.")
			m.Variation = rm.Line
		}
		m.Comment = strings.Join(c, " ")
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
