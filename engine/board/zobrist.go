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

// KeyAfterNull returns the key the position will have after MakeNull,
// without making it: the side to move changes and the en-passant square,
// if any, goes.
func (p *Position) KeyAfterNull() uint64 {
	k := p.key ^ zobristSide
	if p.ep != NoSquare {
		k ^= zobristEP[p.ep.File()]
	}
	return k
}

// KeyAfter returns the key the position will have after the legal move m,
// without making it: what a transposition table needs to start loading
// the entry while the move is being made.
func (p *Position) KeyAfter(m Move) uint64 {
	us := p.side
	k := p.KeyAfterNull()
	from, to := m.From(), m.To()
	pc := p.board[from&63]
	switch uint16(m) & kindMask {
	case kindCastling:
		rook := MakePiece(us, Rook)
		k ^= zobristPiece[pc&15][from&63] ^ zobristPiece[pc&15][m.kingTarget()&63] ^
			zobristPiece[rook&15][to&63] ^ zobristPiece[rook&15][m.rookTarget()&63]
	case kindEnPassant:
		capSq := to ^ 8
		k ^= zobristPiece[pc&15][from&63] ^ zobristPiece[pc&15][to&63] ^ zobristPiece[p.board[capSq&63]&15][capSq&63]
	default:
		if captured := p.board[to&63]; captured != NoPiece {
			k ^= zobristPiece[captured&15][to&63]
		}
		landed := pc
		if m.IsPromotion() {
			landed = MakePiece(us, m.Promotion())
		}
		k ^= zobristPiece[pc&15][from&63] ^ zobristPiece[landed&15][to&63]
		if pc.Type() == Pawn && to^from == 16 && PawnAttacks(us, to^8)&p.Pieces(us.Other(), Pawn) != 0 {
			k ^= zobristEP[(to ^ 8).File()]
		}
	}
	if cr := p.castling & p.castleMask[from] & p.castleMask[to]; cr != p.castling {
		k ^= zobristCastling[p.castling] ^ zobristCastling[cr]
	}
	return k
}
