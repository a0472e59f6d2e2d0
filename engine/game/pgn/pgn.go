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

	"github.com/luftchess/luft/engine/board"
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

// Outcome returns the result the game's movetext ends with, or an error
// when the game is unfinished ("*") or its result is no PGN result token.
func (g *Game) Outcome() (outcome.Result, error) {
	if r, ok := outcome.ParseResult(g.Result); ok && r != outcome.Unfinished {
		return r, nil
	}
	return outcome.Unfinished, fmt.Errorf("no result (%q)", g.Result)
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
	return FirstMove(fen)
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
	n0, black0 := g.firstMove()
	for i, m := range g.Moves {
		n, black := plyAt(n0, black0, i)
		// Black's move after a variation takes its number again.
		if !black || i == 0 || len(g.Moves[i-1].Variation) > 0 {
			tokens = append(tokens, MoveNumber(n0, black0, i))
		}
		tokens = append(tokens, m.SAN+m.NAG)
		if m.Comment != "" {
			tokens = append(tokens, strings.Fields("{"+m.Comment+"}")...)
		}
		tokens = append(tokens, variation(m.Variation, n, black)...)
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
	tokens := Numbered(sans, n, black)
	if len(tokens) == 0 {
		return nil
	}
	tokens[0] = "(" + tokens[0]
	tokens[len(tokens)-1] += ")"
	return tokens
}

func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// Replay plays the game's moves (Play) in a referee's game, which checks
// each against notnil/chess too in standard chess, and returns the final
// position with the referee's verdict. It fails as Play does, and on a
// move after the game ended by the rules or one that notnil/chess
// refuses.
func (g *Game) Replay() (*referee.Game, error) {
	pos, moves, err := g.Play()
	if pos == nil {
		return nil, err
	}
	rg, rerr := referee.NewGameVariant(pos.FEN(), pos.Chess960())
	if rerr != nil {
		return nil, rerr
	}
	for i, m := range g.Moves {
		name := moveName(pos, m.SAN)
		if res, _, why := rg.Result(); res != outcome.Unfinished {
			return rg, fmt.Errorf("move %s: game already over: %s", name, why)
		}
		if i == len(moves) {
			return rg, err // the move Play could not read
		}
		if _, err := rg.Move(moves[i].UCI(pos.Chess960())); err != nil {
			return rg, fmt.Errorf("move %s: %v", name, err)
		}
		pos.Make(moves[i])
	}
	return rg, nil
}

// Play replays the game on Luft's board, as every reader of game records
// does (Replay, luft review, datagen, tune): it returns the position the
// game starts from, its FEN tag or the standard start, read by the rules
// of Chess960 when its Variant tag names it (IsChess960), and its moves
// read from their SAN. Making the moves on the position in turn gives
// every position of the game with its history. Play fails on a variant
// other than standard chess and Chess960, a bad FEN tag, and a move that
// is not legal, naming it by its number ("move 12... Qxd4: not legal in
// ..."); the moves before that one come with the error.
func (g *Game) Play() (*board.Position, []board.Move, error) {
	chess960, err := g.chess960()
	if err != nil {
		return nil, nil, err
	}
	fen, _ := g.Tag("FEN")
	pos, err := board.ParseFENVariant(cmp.Or(fen, board.StartFEN), chess960)
	if err != nil {
		return nil, nil, fmt.Errorf("FEN tag: %v", err)
	}
	moves := make([]board.Move, 0, len(g.Moves))
	for _, m := range g.Moves {
		mv, perr := pos.ParseSAN(m.SAN)
		if me, ok := errors.AsType[*board.MoveError](perr); ok {
			perr = errors.New(me.Reason)
		}
		if perr != nil {
			err = fmt.Errorf("move %s: %v", moveName(pos, m.SAN), perr)
			break
		}
		pos.Make(mv)
		moves = append(moves, mv)
	}
	for range moves {
		pos.Unmake()
	}
	return pos, moves, err
}

// moveName returns the move san of the side to move in pos with its
// number: "12. Nf3" or "12... Nf6".
func moveName(pos *board.Position, san string) string {
	return MoveNumber(pos.FullMove(), pos.SideToMove() == board.Black, 0) + " " + san
}

// chess960 reports whether the game is played by the rules of Chess960,
// as its Variant tag says. It fails on a variant other than standard
// chess and Chess960.
func (g *Game) chess960() (bool, error) {
	switch v, _ := g.Tag("Variant"); {
	case IsChess960(v):
		return true, nil
	case v != "" && !strings.EqualFold(v, "standard"):
		return false, fmt.Errorf("variant %q is neither standard chess nor Chess960", v)
	}
	return false, nil
}

// Variant960 is the value of the Variant tag of a Chess960 game, as
// cutechess writes it.
const Variant960 = "fischerandom"

// IsChess960 reports whether variant, the value of a Variant tag or a
// word of OpenBench's genfens command, names Chess960: "fischerandom" as
// cutechess writes it, "Chess960" as lichess does, "frc" as OpenBench
// does, "fischerrandom", and their spellings with spaces or in any case.
func IsChess960(variant string) bool {
	switch strings.ToLower(strings.ReplaceAll(variant, " ", "")) {
	case "fischerandom", "fischerrandom", "chess960", "frc":
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
