// Package pgn writes and reads games in Portable Game Notation and
// replays them to check that every move is legal.
package pgn

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/referee"
)

// Tag is a tag pair.
type Tag struct {
	Name, Value string
}

// Move is a move in SAN with an optional comment, and for an annotated
// game a move assessment and a variation.
type Move struct {
	SAN, Comment string
	// NAG is a move assessment written after the SAN: "!", "?", "!!",
	// "??", "!?" or "?!". Read drops it.
	NAG string
	// Variation, when not empty, is a line of SAN moves played instead
	// of this one, written after the move and its comment. Read drops it.
	Variation []string
}

// Game is a game record.
type Game struct {
	Tags          []Tag
	Moves         []Move
	Result        string // "1-0", "0-1", "1/2-1/2" or "*"
	ResultComment string // written before the result, as cutechess does
}

// Tag returns the value of a tag and whether it is present.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// firstMove returns the full-move number and side of the first move.
func (g *Game) firstMove() (n int, black bool) {
	fen, ok := g.Tag("FEN")
	if !ok {
		return 1, false
	}
	f := strings.Fields(fen)
	n = 1
	if len(f) >= 6 {
		if v, err := strconv.Atoi(f[5]); err == nil && v > 0 {
			n = v
		}
	}
	return n, len(f) > 1 && f[1] == "b"
}

// WriteTo writes the game followed by a blank line, wrapping the movetext
// at 80 columns.
func (g *Game) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t.Name, escape(t.Value))
	}
	b.WriteString("\n")
	var tokens []string
	n, black := g.firstMove()
	for i, m := range g.Moves {
		switch {
		case !black:
			tokens = append(tokens, strconv.Itoa(n)+".")
		case i == 0 || len(g.Moves[i-1].Variation) > 0:
			// Black's move after a variation takes its number again.
			tokens = append(tokens, strconv.Itoa(n)+"...")
		}
		tokens = append(tokens, m.SAN+m.NAG)
		if m.Comment != "" {
			tokens = append(tokens, strings.Fields("{"+m.Comment+"}")...)
		}
		tokens = append(tokens, variation(m.Variation, n, black)...)
		if black {
			n++
		}
		black = !black
	}
	if g.ResultComment != "" {
		tokens = append(tokens, strings.Fields("{"+g.ResultComment+"}")...)
	}
	tokens = append(tokens, g.Result)
	col := 0
	for _, t := range tokens {
		if col > 0 && col+1+len(t) > 80 {
			b.WriteString("\n")
			col = 0
		}
		if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(t)
		col += len(t)
	}
	b.WriteString("\n\n")
	k, err := io.WriteString(w, b.String())
	return int64(k), err
}

// variation returns the tokens of a variation of the moves sans starting
// at full move n with the side that black says, in parentheses; none when
// sans is empty.
func variation(sans []string, n int, black bool) []string {
	if len(sans) == 0 {
		return nil
	}
	var tokens []string
	for i, san := range sans {
		switch {
		case !black:
			tokens = append(tokens, strconv.Itoa(n)+".")
		case i == 0:
			tokens = append(tokens, strconv.Itoa(n)+"...")
		}
		tokens = append(tokens, san)
		if black {
			n++
		}
		black = !black
	}
	tokens[0] = "(" + tokens[0]
	tokens[len(tokens)-1] += ")"
	return tokens
}

func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// Replay plays the game's moves from its FEN tag (or the standard start),
// by the rules of Chess960 when its Variant tag says so, and returns the
// final position with the referee's verdict. It fails on an illegal or
// ambiguous move, a move after the game ended by rule, or a variant
// other than standard chess and Chess960.
func (g *Game) Replay() (*referee.Game, error) {
	fen, chess960, err := g.Start()
	if err != nil {
		return nil, err
	}
	rg, err := referee.NewGameVariant(fen, chess960)
	if err != nil {
		return nil, err
	}
	for i, m := range g.Moves {
		if res, _, why := rg.Result(); res != outcome.Unfinished {
			return rg, fmt.Errorf("ply %d (%s): game already over: %s", i+1, m.SAN, why)
		}
		if _, err := rg.MoveSAN(m.SAN); err != nil {
			return rg, fmt.Errorf("ply %d: %v", i+1, err)
		}
	}
	return rg, nil
}

// Start returns the game's starting position as its FEN tag gives it (""
// when it has none) and whether it is played by the rules of Chess960, as
// its Variant tag says. It fails on a variant other than standard chess
// and Chess960.
func (g *Game) Start() (fen string, chess960 bool, err error) {
	fen, _ = g.Tag("FEN")
	switch v, _ := g.Tag("Variant"); {
	case IsChess960(v):
		return fen, true, nil
	case v != "" && !strings.EqualFold(v, "standard"):
		return "", false, fmt.Errorf("variant %q is neither standard chess nor Chess960", v)
	}
	return fen, false, nil
}

// Variant960 is the value of the Variant tag of a Chess960 game, as
// cutechess writes it.
const Variant960 = "fischerandom"

// IsChess960 reports whether variant, the value of a Variant tag, names
// Chess960: "fischerandom" as cutechess writes it, "Chess960" as lichess
// does, and their spellings with spaces or in any case.
func IsChess960(variant string) bool {
	switch strings.ToLower(strings.ReplaceAll(variant, " ", "")) {
	case "fischerandom", "fischerrandom", "chess960":
		return true
	}
	return false
}

// Check replays the game and checks that its result agrees with the
// rules: a mated side lost, a game drawn by rule is a draw, the Result tag
// equals the movetext result and PlyCount, when present, is right.
func (g *Game) Check() error {
	rg, err := g.Replay()
	if err != nil {
		return err
	}
	if tag, ok := g.Tag("Result"); ok && tag != g.Result {
		return fmt.Errorf("the Result tag is %s but the movetext ends with %s", tag, g.Result)
	}
	if pc, ok := g.Tag("PlyCount"); ok && pc != strconv.Itoa(len(g.Moves)) {
		return fmt.Errorf("PlyCount %s but %d moves", pc, len(g.Moves))
	}
	if res, _, why := rg.Result(); res != outcome.Unfinished && res.String() != g.Result {
		return fmt.Errorf("result %s but %s", g.Result, why)
	}
	return nil
}

// CheckAll reads every game from r and checks it, going on after a bad
// one. It returns the number of good games and an error that names each
// bad game, by its number and what its tags say of it, and says what is
// wrong with it, a line a game.
func CheckAll(r io.Reader) (good int, err error) {
	var bad []error
	n := 0
	pr := NewReader(r)
	for g, err := range pr.Games() {
		n++
		if err == nil {
			err = g.Check()
		}
		if err != nil {
			bad = append(bad, fmt.Errorf("%s: %w", name(n, g), err))
			continue
		}
		good++
	}
	if err := pr.Err(); err != nil {
		bad = append(bad, fmt.Errorf("after game %d: %w", n, err))
	}
	return good, errors.Join(bad...)
}

// name names game n, g when it could be read: "game 3 (round 3, A vs B)".
func name(n int, g *Game) string {
	label := fmt.Sprintf("game %d", n)
	if g == nil {
		return label
	}
	if d := describe(g); d != "" {
		label += " (" + d + ")"
	}
	return label
}

// describe returns what the tags say of a game, to name it beside its
// number: "round 3, A vs B", a player not given written "?", or ""
// when they give neither the round nor a player. PGN writes "?" for an
// unknown value and "-" for a round that does not apply.
func describe(g *Game) string {
	known := func(name string) string {
		if v, _ := g.Tag(name); v != "" && v != "?" && v != "-" {
			return v
		}
		return ""
	}
	var parts []string
	if r := known("Round"); r != "" {
		parts = append(parts, "round "+r)
	}
	if w, b := known("White"), known("Black"); w != "" || b != "" {
		parts = append(parts, cmp.Or(w, "?")+" vs "+cmp.Or(b, "?"))
	}
	return strings.Join(parts, ", ")
}
