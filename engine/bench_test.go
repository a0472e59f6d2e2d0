package engine

import (
	"testing"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

var benchPositions = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
	"4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
}

// BenchmarkSearch measures fixed-depth searches; with -benchmem it shows
// that the tree search allocates nothing beyond per-search setup.
func BenchmarkSearch(b *testing.B) {
	benchSearch(b, Options{HashMB: 16})
}

// BenchmarkPicker measures generating and ordering all moves of a
// middlegame position.
func BenchmarkPicker(b *testing.B) {
	p := boardtest.Position(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10")
	var h history
	var mp picker
	b.ReportAllocs()
	for b.Loop() {
		mp.init(p, &h, board.NoMove, [2]board.Move{}, board.NoMove)
		for m := mp.next(); m != board.NoMove; m = mp.next() {
		}
	}
}
