// Package referee keeps a game between engines: the moves it accepts,
// its end by the rules of chess (outcome.Judge) or as its driver ends
// it, and the clock. It knows nothing about processes; package match
// and luft serve drive it.
package referee

import (
	"errors"
	"fmt"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
)

// ErrIllegal is returned by Move for a move that is illegal or unreadable.
var ErrIllegal = errors.New("illegal move")

// Game is a game in progress, as the referee sees it. It is played on
// Luft's board, whose rules end it; in standard chess notnil/chess checks
// every move too (see reference.go).
type Game struct {
	fen   string // the starting position
	sent  string // the same as engines are sent it (EngineFEN)
	pos   *board.Position
	ref   *chess.Position // the reference position; nil in Chess960
	moves []string        // UCI moves from the start
	sans  []string        // the same moves in SAN
	fens  []string        // the position after each move

	result outcome.Result
	reason outcome.Termination
	detail string
}

// NewGame starts a game of standard chess from fen; an empty fen is the
// standard start. FENs without move counters (as in EPD) are accepted.
// The position must be one that both Luft's board and notnil/chess
// accept.
func NewGame(fen string) (*Game, error) {
	if fen == "" {
		fen = board.StartFEN
	}
	f := strings.Fields(fen)
	if len(f) == 4 {
		f = append(f, "0", "1")
	}
	if len(f) != 6 {
		return nil, fmt.Errorf("bad FEN %q", fen)
	}
	pos, err := board.ParseFEN(strings.Join(f, " "))
	if err != nil {
		return nil, err
	}
	ref, err := reference(pos.FEN())
	if err != nil {
		return nil, err
	}
	return newGame(pos, pos.FEN(), ref), nil
}

// NewGame960 starts a game of Chess960 from fen, whose castling rights
// may be given in X-FEN or Shredder-FEN (see board.ParseFEN960); an empty
// fen is the standard start. Moves are read and written in the UCI
// notation of Chess960, castling as the king taking its own rook.
func NewGame960(fen string) (*Game, error) {
	if fen == "" {
		fen = board.StartFEN
	}
	pos, err := board.ParseFEN960(fen)
	if err != nil {
		return nil, err
	}
	return newGame(pos, pos.ShredderFEN(), nil), nil
}

// NewGameVariant is NewGame960 when chess960 is set and NewGame
// otherwise.
func NewGameVariant(fen string, chess960 bool) (*Game, error) {
	if chess960 {
		return NewGame960(fen)
	}
	return NewGame(fen)
}

// newGame returns a game starting at the position pos, sent to engines
// as sent, with the reference position ref or none.
func newGame(pos *board.Position, sent string, ref *chess.Position) *Game {
	g := &Game{fen: pos.FEN(), sent: sent, pos: pos, ref: ref}
	g.check()
	return g
}

// Chess960 reports whether the game is played by the rules of Chess960.
func (g *Game) Chess960() bool { return g.pos.Chess960() }

// StartFEN returns the game's starting position with move counters.
func (g *Game) StartFEN() string { return g.fen }

// EngineFEN returns the starting position as engines are sent it: in
// Chess960 with the castling rights in Shredder-FEN, as cutechess sends
// them, since some engines (Glaurung 2.2) read X-FEN's KQkq as the corner
// rooks.
func (g *Game) EngineFEN() string { return g.sent }

// FEN returns the current position.
func (g *Game) FEN() string { return g.pos.FEN() }

// Moves returns the moves played so far in UCI notation.
func (g *Game) Moves() []string { return g.moves }

// SAN returns the moves played so far in SAN.
func (g *Game) SAN() []string { return g.sans }

// FENs returns the position after each move played so far.
func (g *Game) FENs() []string { return g.fens }

// Turn returns the side to move.
func (g *Game) Turn() board.Color { return g.pos.SideToMove() }

// FullMove returns the current full-move number.
func (g *Game) FullMove() int { return g.pos.FullMove() }

// Move plays a move given in UCI notation and returns it in SAN. It
// returns an error wrapping ErrIllegal, leaving the game as it was, if the
// move is not legal. After the move the game may be over; see Result.
func (g *Game) Move(uci string) (string, error) {
	if g.result != outcome.Unfinished {
		return "", fmt.Errorf("game is over")
	}
	m, rm, err := g.move(uci)
	if err != nil {
		return "", err
	}
	san := g.pos.SAN(m)
	g.pos.Make(m)
	if g.ref != nil {
		g.ref = g.ref.Update(rm)
	}
	g.moves = append(g.moves, m.UCI(g.Chess960()))
	g.sans = append(g.sans, san)
	g.fens = append(g.fens, g.pos.FEN())
	g.check()
	return san, nil
}

// MoveSAN plays a move given in SAN, read as leniently as
// board.Position.ParseSAN reads it, and returns it in UCI notation.
func (g *Game) MoveSAN(san string) (string, error) {
	if g.result != outcome.Unfinished {
		return "", fmt.Errorf("game is over")
	}
	m, err := g.pos.ParseSAN(san)
	if me, ok := errors.AsType[*board.MoveError](err); ok {
		return "", fmt.Errorf("%w %q: %s", ErrIllegal, san, me.Reason)
	}
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrIllegal, err)
	}
	uci := m.UCI(g.Chess960())
	if _, err := g.Move(uci); err != nil {
		return "", err
	}
	return uci, nil
}

// Legal reports whether uci is a legal move in the current position.
func (g *Game) Legal(uci string) bool {
	if g.result != outcome.Unfinished {
		return false
	}
	_, _, err := g.move(uci)
	return err == nil
}

// LegalMove is a legal move of a game's current position.
type LegalMove struct {
	UCI    string // in the rules' UCI notation, as Move takes it
	KingTo string // the square a castling move takes the king to; "" for other moves
}

// LegalMoves returns the legal moves of the current position; none once
// the game is over.
func (g *Game) LegalMoves() []LegalMove {
	if g.result != outcome.Unfinished {
		return nil
	}
	var l board.MoveList
	g.pos.GenerateLegal(&l)
	out := make([]LegalMove, 0, l.Len())
	for _, m := range l.Moves() {
		lm := LegalMove{UCI: m.UCI(g.Chess960())}
		if m.IsCastling() {
			lm.KingTo = m.UCI(false)[2:4] // the king's step of standard chess
		}
		out = append(out, lm)
	}
	return out
}

// details says how each rule ends a game, as cutechess says it.
var details = map[outcome.Termination]string{
	outcome.Stalemate:            "Draw by stalemate",
	outcome.Repetition:           "Draw by 3-fold repetition",
	outcome.FiftyMoves:           "Draw by fifty moves rule",
	outcome.InsufficientMaterial: "Draw by insufficient mating material",
}

// check ends the game if a rule says it is over.
func (g *Game) check() {
	r, t := outcome.Judge(g.pos)
	switch t {
	case outcome.Ongoing:
	case outcome.Checkmate:
		g.End(r, t, outcome.Player(g.Turn().Other())+" mates")
	default:
		g.End(r, t, details[t])
	}
}

// End ends the game with a result, a termination and a human-readable
// detail such as "White loses on time". It does nothing if the game is
// already over.
func (g *Game) End(r outcome.Result, t outcome.Termination, detail string) {
	if g.result != outcome.Unfinished {
		return
	}
	g.result, g.reason, g.detail = r, t, detail
}

// Result returns the result, the termination and the detail; the result
// is Unfinished while the game goes on.
func (g *Game) Result() (outcome.Result, outcome.Termination, string) {
	return g.result, g.reason, g.detail
}
