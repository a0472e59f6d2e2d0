package serve

import (
	"bytes"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/game/referee"
)

// pgn returns the game in PGN with its tags: the players, Luft's level,
// the time control, the result and how the game ended, the variant in
// Chess960, and the starting position when it is not the standard one
// and always in Chess960.
func (g *game) pgn() []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := g.state()
	white, black := "You", st.Luft
	if g.person == board.Black {
		white, black = black, white
	}
	if g.set.Analysis {
		white, black = "Analysis", "Analysis"
	}
	person, luft := g.set.timeControls()
	tc := luft
	switch {
	case g.set.Analysis:
		tc = referee.TimeControl{}
	case person.Timed():
		tc = person
	}
	rec := &pgn.Game{Result: st.Result, Tags: []pgn.Tag{
		{Name: "Event", Value: "Game against Luft"},
		{Name: "Site", Value: "luft serve"},
		{Name: "Date", Value: g.created.Format("2006.01.02")},
		{Name: "Round", Value: "-"},
		{Name: "White", Value: white},
		{Name: "Black", Value: black},
		{Name: "Result", Value: st.Result},
		{Name: "TimeControl", Value: tc.String()},
	}}
	if g.set.Elo != 0 && !g.set.Analysis {
		name := "WhiteElo"
		if g.person == board.White {
			name = "BlackElo"
		}
		rec.Tags = append(rec.Tags, pgn.Tag{Name: name, Value: itoa(g.set.Elo)})
	}
	if st.Termination != "" {
		rec.Tags = append(rec.Tags, pgn.Tag{Name: "Termination", Value: pgnTermination(st.Termination)})
		rec.ResultComment = st.Reason
	}
	if g.set.chess960() { // as lichess writes it
		rec.Tags = append(rec.Tags, pgn.Tag{Name: "Variant", Value: "Chess960"})
	}
	if st.StartFEN != board.StartFEN || g.set.chess960() {
		rec.Tags = append(rec.Tags, pgn.Tag{Name: "SetUp", Value: "1"}, pgn.Tag{Name: "FEN", Value: st.StartFEN})
	}
	for _, m := range st.Moves {
		rec.Moves = append(rec.Moves, pgn.Move{SAN: m.SAN})
	}
	var b bytes.Buffer
	_, _ = rec.WriteTo(&b)
	return b.Bytes()
}

// pgnTermination returns the PGN Termination tag's value for how a game
// ended.
func pgnTermination(t string) string {
	switch t {
	case "time forfeit", "abandoned":
		return t
	case "illegal move":
		return "rules infraction"
	}
	return "normal"
}
