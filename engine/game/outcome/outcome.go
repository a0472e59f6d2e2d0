// Package outcome says how games of chess end, for every tool of the luft
// command that plays games or keeps their results (match and its
// referee, serve, play, datagen, and the training data train reads): the
// Result, the Termination, the rules that end a game (Judge) and
// adjudication on the engines' scores (Adjudicator).
//
// The rules are those of Luft's board, engine/board, and Judge is the one
// rule book that asks it how a game stands. It ends a game by checkmate,
// stalemate, a dead position, threefold repetition or the fifty-move
// rule. The position is dead when no sequence of legal moves can mate
// (FIDE 5.2.2) as far as board.Position.InsufficientMaterial sees it: no
// pawns, rooks or queens, and at most one minor piece, or only bishops
// all on squares of one colour (bishops of both colours, two knights, or
// a knight and a bishop can mate with the other side's help); other dead
// positions, such as a wall of locked pawns, play on until another rule
// ends them. Repetitions count by FIDE 9.2.3, as
// board.Position.RepetitionCount counts them. Threefold repetition and
// the fifty-move rule end the game at once, as in engine matches
// (cutechess, fastchess), where FIDE has a player claim them; checkmate
// on the hundredth ply still wins.
//
// notnil/chess, a move generator independent of Luft's, is no rule book
// here: it checks that moves are legal where moves come in from outside,
// in the UCI loop and in the match referee for standard chess, and luft
// match -check-pgn replays games against it.
package outcome

import "github.com/luftchess/luft/engine/board"

// Result is the result of a game.
type Result uint8

// Results of a game.
const (
	Unfinished Result = iota
	WhiteWins
	BlackWins
	Draw
)

// Win returns the result of a win by c.
func Win(c board.Color) Result {
	if c == board.White {
		return WhiteWins
	}
	return BlackWins
}

// String returns the PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
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

// ParseResult returns the result whose PGN result token is s ("1-0",
// "0-1", "1/2-1/2", or "*" for Unfinished), the reverse of String, and
// whether s is one of those tokens.
func ParseResult(s string) (Result, bool) {
	for r := Unfinished; r <= Draw; r++ {
		if s == r.String() {
			return r, true
		}
	}
	return Unfinished, false
}

// Points returns what the result is worth to c: 1 for a win, 0 for a
// loss, 0.5 for a draw; an unfinished game counts as a draw.
func (r Result) Points(c board.Color) float64 {
	switch r {
	case Win(c):
		return 1
	case Win(c.Other()):
		return 0
	}
	return 0.5
}

// Player returns the name of c as a player, as results name it: "White"
// or "Black" ("White mates", "Black loses on time"), where a colour
// names a piece in lower case (board.Color.String).
func Player(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}

// Termination says why a game ended.
type Termination uint8

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
	Adjudication         // adjudicated on the engines' scores (or a resignation)
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

// Judge returns how the game that led to p stands by the rules (see the
// package comment): its result and the rule that ends it, or Unfinished
// and Ongoing while it goes on. Of the rules that hold at once, the one
// FIDE applies first is given: checkmate and stalemate, then the dead
// position, then threefold repetition and the fifty-move rule.
func Judge(p *board.Position) (Result, Termination) {
	if !p.HasLegalMove() {
		if p.InCheck() {
			return Win(p.SideToMove().Other()), Checkmate
		}
		return Draw, Stalemate
	}
	switch {
	case p.InsufficientMaterial():
		return Draw, InsufficientMaterial
	case p.RepetitionCount() >= 2:
		return Draw, Repetition
	case p.Rule50() >= 100:
		return Draw, FiftyMoves
	}
	return Unfinished, Ongoing
}
