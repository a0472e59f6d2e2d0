// Package perft counts the leaf nodes of the legal move tree, the standard
// test of a move generator's correctness and speed.
package perft

import (
	"sort"

	"github.com/luftchess/luft/engine/board"
)

// Count returns the number of leaf nodes of the legal move tree of p to the
// given depth. The nodes one ply above the leaves are counted in bulk, by
// board.Position.CountLegal, without listing or playing the last move. p
// is restored before Count returns.
func Count(p *board.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var l board.MoveList
	p.GenerateLegal(&l)
	var n uint64
	for _, m := range l.Moves() {
		p.Make(m)
		n += Count(p, depth-1)
		p.Unmake()
	}
	return n
}

// Entry is one root move with the number of leaves below it.
type Entry struct {
	Move  board.Move
	Nodes uint64
}

// Divide returns the leaf count below each legal root move, sorted by the
// moves' UCI notation (castling as king takes rook in Chess960), as "go
// perft" in other engines prints it.
func Divide(p *board.Position, depth int) []Entry {
	if depth < 1 {
		return nil
	}
	var l board.MoveList
	p.GenerateLegal(&l)
	entries := make([]Entry, 0, l.Len())
	for _, m := range l.Moves() {
		p.Make(m)
		entries = append(entries, Entry{m, Count(p, depth-1)})
		p.Unmake()
	}
	c960 := p.Chess960()
	sort.Slice(entries, func(i, j int) bool { return entries[i].Move.UCI(c960) < entries[j].Move.UCI(c960) })
	return entries
}
