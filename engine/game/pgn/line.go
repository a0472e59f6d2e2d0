package pgn

import "github.com/luftchess/luft/engine/board"

// SANLine returns the moves pv, played one after the other from pos, in
// SAN as far as they are legal: it stops at the first move that is not
// legal where it comes, as a principal variation from an earlier search
// or another engine may turn. pos is left as it was.
func SANLine(pos *board.Position, pv []board.Move) []string {
	return sanLine(pos, len(pv), func(i int) (board.Move, bool) { return pv[i], pos.IsLegal(pv[i]) })
}

// SANLineUCI is SANLine for moves in UCI notation, as an engine's info
// line gives them: castling in the notation of pos's rules (king takes
// rook in Chess960), and in standard chess also king takes rook.
func SANLineUCI(pos *board.Position, pv []string) []string {
	return sanLine(pos, len(pv), func(i int) (board.Move, bool) {
		m, err := pos.ParseMove(pv[i])
		return m, err == nil
	})
}

// sanLine plays up to n moves from pos, move(i) giving the i-th and
// whether it is legal, and returns the legal ones in SAN; it takes them
// back before it returns.
func sanLine(pos *board.Position, n int, move func(i int) (board.Move, bool)) []string {
	var sans []string
	for i := range n {
		m, ok := move(i)
		if !ok {
			break
		}
		sans = append(sans, pos.SAN(m))
		pos.Make(m)
	}
	for range sans {
		pos.Unmake()
	}
	return sans
}
