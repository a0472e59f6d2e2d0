package play

import (
	"strconv"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/pgn"
)

// game is the record of one game: Luft's position, for the engine, the
// rules and the notation, with the moves played and their SAN.
type game struct {
	startFEN string
	pos      *board.Position
	moves    []board.Move
	sans     []string
}

// newGame returns a game starting from fen, by the rules of Chess960 when
// chess960 is set.
func newGame(fen string, chess960 bool) (*game, error) {
	pos, err := board.ParseFENVariant(fen, chess960)
	if err != nil {
		return nil, err
	}
	return &game{startFEN: pos.FEN(), pos: pos}, nil
}

// play makes the legal move m and returns its SAN.
func (g *game) play(m board.Move) string {
	san := g.pos.SAN(m)
	g.pos.Make(m)
	g.moves = append(g.moves, m)
	g.sans = append(g.sans, san)
	return san
}

// undo takes back the last move.
func (g *game) undo() {
	g.pos.Unmake()
	g.moves = g.moves[:len(g.moves)-1]
	g.sans = g.sans[:len(g.sans)-1]
}

// lastMove returns the move played last, or board.NoMove.
func (g *game) lastMove() board.Move {
	if len(g.moves) == 0 {
		return board.NoMove
	}
	return g.moves[len(g.moves)-1]
}

// mover returns the side that played move i.
func (g *game) mover(i int) board.Color {
	if _, black := pgn.FirstMove(g.startFEN); black {
		i++
	}
	return board.Color(i % 2)
}

// moveNumber returns the number of move i of the game ("12." or "12...").
func (g *game) moveNumber(i int) string {
	n, black := pgn.FirstMove(g.startFEN)
	return pgn.MoveNumber(n, black, i)
}

// history returns the moves in SAN, numbered: "1. e4 e5 2. Nf3".
func (g *game) history() string {
	n, black := pgn.FirstMove(g.startFEN)
	return strings.Join(pgn.Numbered(g.sans, n, black), " ")
}

// length says how long the game is in moves, counted by their numbers
// ("1. e4 e5 2. Nf3" is 2 moves), and in plies: "2 moves (3 plies)".
func (g *game) length() string {
	plies := len(g.sans)
	if plies == 0 {
		return "0 moves"
	}
	blackFirst := 0
	if g.mover(0) == board.Black {
		blackFirst = 1
	}
	moves := (plies-1+blackFirst)/2 + 1
	return count(moves, "move", "moves") + " (" + count(plies, "ply", "plies") + ")"
}

// count writes n things: "1 move", "2 moves".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// ending tells whether the game has ended and how.
type ending struct {
	result outcome.Result // outcome.Unfinished while the game goes on
	reason string         // in words: "checkmate: White wins"
}

// over reports whether the game has ended.
func (e ending) over() bool { return e.result != outcome.Unfinished }

// reasons says in words how each rule but checkmate ends a game.
var reasons = map[outcome.Termination]string{
	outcome.Stalemate:            "stalemate: draw",
	outcome.InsufficientMaterial: "draw by insufficient material",
	outcome.Repetition:           "draw by threefold repetition",
	outcome.FiftyMoves:           "draw by the fifty-move rule",
}

// ending returns how the game stands by the rules (outcome.Judge).
func (g *game) ending() ending {
	r, t := outcome.Judge(g.pos)
	switch t {
	case outcome.Ongoing:
		return ending{}
	case outcome.Checkmate:
		return ending{r, "checkmate: " + outcome.Player(g.pos.SideToMove().Other()) + " wins"}
	}
	return ending{r, reasons[t]}
}
