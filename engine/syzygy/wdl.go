package syzygy

// WDL is the game-theoretic value of a position for the side to move, with
// the fifty-move rule taken into account.
type WDL int8

// The five values a WDL table can hold. A cursed win is a win that the
// fifty-move rule turns into a draw, a blessed loss a loss that it saves.
const (
	Loss        WDL = -2
	BlessedLoss WDL = -1
	Draw        WDL = 0
	CursedWin   WDL = 1
	Win         WDL = 2
)

// String returns the name of the value as fathom prints it: "Loss",
// "BlessedLoss", "Draw", "CursedWin" or "Win".
func (w WDL) String() string {
	switch w {
	case Loss:
		return "Loss"
	case BlessedLoss:
		return "BlessedLoss"
	case Draw:
		return "Draw"
	case CursedWin:
		return "CursedWin"
	case Win:
		return "Win"
	}
	return "WDL(?)"
}
