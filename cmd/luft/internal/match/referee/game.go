// Package referee applies the rules of chess to a game between engines:
// legal moves, the game-ending rules, the clock and adjudication.
// It knows nothing about processes; package match drives it.
package referee

import (
	"errors"
	"fmt"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
)

// Result is the outcome of a game.
type Result int

// Results of a game.
const (
	Unfinished Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns the PGN result token.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Termination says why a game ended.
type Termination int

// Ways a game ends. The names follow the PGN Termination tag where one fits.
const (
	Ongoing Termination = iota
	Checkmate
	Stalemate
	Repetition           // threefold repetition
	FiftyMoves           // fifty-move rule
	InsufficientMaterial // no mate possible
	TimeForfeit          // a side overran its clock
	IllegalMove          // a side sent an illegal or unreadable move
	Crash                // a side's process exited
	Stall                // a side stopped answering
	Adjudication         // the referee adjudicated on the engines' scores
)

// Tag returns the value of the PGN Termination tag.
func (t Termination) Tag() string {
	switch t {
	case TimeForfeit:
		return "time forfeit"
	case IllegalMove:
		return "illegal move"
	case Crash, Stall:
		return "abandoned"
	case Adjudication:
		return "adjudication"
	case Ongoing:
		return "unterminated"
	}
	return "normal"
}

// Color is a side.
type Color int

// The two sides.
const (
	White Color = iota
	Black
)

// String returns "White" or "Black".
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Win returns the result of a win by c.
func (c Color) Win() Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// ErrIllegal is returned by Move for a move that is illegal or unreadable.
var ErrIllegal = errors.New("illegal move")

// Game is a game in progress, as the referee sees it.
type Game struct {
	fen    string // the starting position
	sent   string // the same as engines are sent it (EngineFEN)
	pos    rules
	moves  []string       // UCI moves from the start
	sans   []string       // the same moves in SAN
	fens   []string       // the position after each move
	counts map[string]int // occurrences of each position, for repetition

	result Result
	reason Termination
	detail string
}

// NewGame starts a game of standard chess from fen; an empty fen is the
// standard start. FENs without move counters (as in EPD) are accepted.
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
	fen = strings.Join(f, " ")
	opt, err := chess.FEN(fen)
	if err != nil {
		return nil, fmt.Errorf("bad FEN %q: %v", fen, err)
	}
	// Only the position is kept: chess.Game.Move rescans the whole game
	// for repetitions at every move, which made the referee the busiest
	// process of a fast match. Repetitions are counted in counts instead.
	return newGame(fen, fen, &standard{chess.NewGame(opt).Position()}), nil
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
	return newGame(pos.FEN(), pos.ShredderFEN(), &chess960{pos}), nil
}

// newGame returns a game starting at the position pos, whose FEN is fen,
// and sent as the FEN sent to engines.
func newGame(fen, sent string, pos rules) *Game {
	g := &Game{fen: fen, sent: sent, pos: pos, counts: map[string]int{}}
	g.counts[g.pos.key()]++
	g.check()
	return g
}

// Chess960 reports whether the game is played by the rules of Chess960.
func (g *Game) Chess960() bool {
	_, ok := g.pos.(*chess960)
	return ok
}

// StartFEN returns the game's starting position with move counters.
func (g *Game) StartFEN() string { return g.fen }

// EngineFEN returns the starting position as engines are sent it: in
// Chess960 with the castling rights in Shredder-FEN, as cutechess sends
// them, since some engines (Glaurung 2.2) read X-FEN's KQkq as the corner
// rooks.
func (g *Game) EngineFEN() string { return g.sent }

// FEN returns the current position.
func (g *Game) FEN() string { return g.pos.fen() }

// Moves returns the moves played so far in UCI notation.
func (g *Game) Moves() []string { return g.moves }

// SAN returns the moves played so far in SAN.
func (g *Game) SAN() []string { return g.sans }

// FENs returns the position after each move played so far.
func (g *Game) FENs() []string { return g.fens }

// Turn returns the side to move.
func (g *Game) Turn() Color { return g.pos.turn() }

// FullMove returns the current full-move number.
func (g *Game) FullMove() int {
	f := strings.Fields(g.FEN())
	n := 1
	fmt.Sscan(f[len(f)-1], &n)
	return n
}

// Move plays a move given in UCI notation and returns it in SAN. It
// returns an error wrapping ErrIllegal, leaving the game as it was, if the
// move is not legal. After the move the game may be over; see Result.
func (g *Game) Move(uci string) (string, error) {
	if g.result != Unfinished {
		return "", fmt.Errorf("game is over")
	}
	canon, san, ok := g.pos.play(uci)
	if !ok {
		return "", fmt.Errorf("%w: %q", ErrIllegal, uci)
	}
	g.moves = append(g.moves, canon)
	g.sans = append(g.sans, san)
	g.fens = append(g.fens, g.pos.fen())
	g.counts[g.pos.key()]++
	g.check()
	return san, nil
}

// MoveSAN plays a move given in SAN, read as leniently as DecodeSAN
// reads it, and returns it in UCI notation.
func (g *Game) MoveSAN(san string) (string, error) {
	if g.result != Unfinished {
		return "", fmt.Errorf("game is over")
	}
	uci, err := g.pos.decodeSAN(san)
	if err != nil {
		return "", err
	}
	if _, err := g.Move(uci); err != nil {
		return "", err
	}
	return uci, nil
}

// Legal reports whether uci is a legal move in the current position.
func (g *Game) Legal(uci string) bool { return g.result == Unfinished && g.pos.legal(uci) }

// LegalMove is a legal move of a game's current position.
type LegalMove struct {
	UCI    string // in the rules' UCI notation, as Move takes it
	KingTo string // the square a castling move takes the king to; "" for other moves
}

// LegalMoves returns the legal moves of the current position; none once
// the game is over.
func (g *Game) LegalMoves() []LegalMove {
	if g.result != Unfinished {
		return nil
	}
	return g.pos.legalMoves()
}

// check ends the game if a rule says it is over.
func (g *Game) check() {
	side := g.Turn()
	checkmate, stalemate := g.pos.status()
	switch {
	case checkmate:
		g.End((1 - side).Win(), Checkmate, (1-side).String()+" mates")
	case stalemate:
		g.End(Draw, Stalemate, "Draw by stalemate")
	case g.counts[g.pos.key()] >= 3:
		g.End(Draw, Repetition, "Draw by 3-fold repetition")
	case g.pos.halfMoves() >= 100:
		g.End(Draw, FiftyMoves, "Draw by fifty moves rule")
	case g.pos.insufficient():
		g.End(Draw, InsufficientMaterial, "Draw by insufficient mating material")
	}
}

// End ends the game with a result, a termination and a human-readable
// detail such as "White loses on time". It does nothing if the game is
// already over.
func (g *Game) End(r Result, t Termination, detail string) {
	if g.result != Unfinished {
		return
	}
	g.result, g.reason, g.detail = r, t, detail
}

// Result returns the result, the termination and the detail; the result
// is Unfinished while the game goes on.
func (g *Game) Result() (Result, Termination, string) {
	return g.result, g.reason, g.detail
}

// insufficientMaterial reports whether neither side can ever mate: no
// pawns, rooks or queens, and at most one minor piece on the board or
// only bishops that all stand on squares of one colour.
func insufficientMaterial(b *chess.Board) bool {
	minors, bishopColours := 0, [2]int{}
	for sq, p := range b.SquareMap() {
		switch p.Type() {
		case chess.King:
		case chess.Knight:
			minors++
		case chess.Bishop:
			minors++
			bishopColours[(int(sq.File())+int(sq.Rank()))%2]++
		default:
			return false
		}
	}
	bishops := bishopColours[0] + bishopColours[1]
	return minors <= 1 || (bishops == minors && (bishopColours[0] == 0 || bishopColours[1] == 0))
}
