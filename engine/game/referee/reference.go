package referee

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
)

// reference returns the position fen in notnil/chess, the reference
// position of a game of standard chess. The referee checks every move
// with notnil/chess, a move generator independent of Luft's and of the
// engines', as the UCI loop does: a move must be legal for both, or it is
// refused, saying which of them refused it (Game.move). The game itself,
// its notation and its end are Luft's board's (outcome.Judge).
// notnil/chess cannot represent Chess960, whose castling on Luft's board
// Stockfish's perft confirms (engine/board/suites).
func reference(fen string) (*chess.Position, error) {
	opt, err := chess.FEN(fen)
	if err != nil {
		return nil, fmt.Errorf("bad FEN %q: %v", fen, err)
	}
	// Only the position is kept: chess.Game.Move rescans the whole game
	// for repetitions at every move.
	return chess.NewGame(opt).Position(), nil
}

// move returns the legal move uci names on the board and, in standard
// chess, in the reference position, or an error wrapping ErrIllegal.
// Castling is written as in the UCI notation of the game's rules: e1g1
// in standard chess, king takes rook (e1h1) in Chess960. An upper-case
// promotion letter is accepted.
func (g *Game) move(uci string) (board.Move, *chess.Move, error) {
	s := strings.ToLower(uci)
	m, err := g.pos.ParseMoveStrict(s)
	var rm *chess.Move
	if g.ref != nil {
		rm = referenceMove(g.ref, s)
	}
	switch {
	case g.ref != nil && err == nil && rm == nil:
		return board.NoMove, nil, fmt.Errorf("%w: %q is legal on Luft's board but not for notnil/chess in %s", ErrIllegal, uci, g.pos.FEN())
	case g.ref != nil && err != nil && rm != nil:
		return board.NoMove, nil, fmt.Errorf("%w: %q is legal for notnil/chess but not on Luft's board in %s", ErrIllegal, uci, g.pos.FEN())
	case err != nil:
		return board.NoMove, nil, fmt.Errorf("%w: %q", ErrIllegal, uci)
	}
	return m, rm, nil
}

// referenceMove returns the legal move of pos that s names in UCI
// notation, or nil. Castling is the king's two-square step (e1g1).
func referenceMove(pos *chess.Position, s string) *chess.Move {
	m, err := chess.UCINotation{}.Decode(pos, s)
	if err != nil {
		return nil
	}
	for _, v := range pos.ValidMoves() {
		if v.S1() == m.S1() && v.S2() == m.S2() && v.Promo() == m.Promo() {
			return v
		}
	}
	return nil
}
