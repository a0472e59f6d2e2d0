package board

// Zobrist keys, drawn at init from a fixed-seed generator so that keys are
// the same on every run.
var (
	zobristPiece    [16][64]uint64 // by Piece; 12-15 unused
	zobristEP       [8]uint64      // by file
	zobristCastling [16]uint64
	zobristSide     uint64
)

func init() {
	rng := prng(0x4C756674) // "Luft"
	for p := range zobristPiece {
		for sq := range zobristPiece[p] {
			zobristPiece[p][sq] = rng.next()
		}
	}
	for f := range zobristEP {
		zobristEP[f] = rng.next()
	}
	var rights [4]uint64
	for i := range rights {
		rights[i] = rng.next()
	}
	for cr := range zobristCastling {
		for i := range rights {
			if cr&(1<<i) != 0 {
				zobristCastling[cr] ^= rights[i]
			}
		}
	}
	zobristSide = rng.next()
}
