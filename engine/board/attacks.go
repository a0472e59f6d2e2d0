package board

var (
	pawnAttacks   [2][64]Bitboard
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	rookMagics    [64]magic
	bishopMagics  [64]magic
	// rookRays and bishopRays are the attacks of a rook and a bishop on
	// the empty board.
	rookRays   [64]Bitboard
	bishopRays [64]Bitboard
)

// PawnAttacks returns the squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq Square) Bitboard { return pawnAttacks[c&1][sq&63] }

// KnightAttacks returns the squares a knight on sq attacks.
func KnightAttacks(sq Square) Bitboard { return knightAttacks[sq&63] }

// KingAttacks returns the squares a king on sq attacks.
func KingAttacks(sq Square) Bitboard { return kingAttacks[sq&63] }

// BishopAttacks returns the squares a bishop on sq attacks, given the
// occupied squares occ.
func BishopAttacks(sq Square, occ Bitboard) Bitboard {
	m := &bishopMagics[sq&63]
	return m.attacks[m.index(occ)]
}

// RookAttacks returns the squares a rook on sq attacks, given the occupied
// squares occ.
func RookAttacks(sq Square, occ Bitboard) Bitboard {
	m := &rookMagics[sq&63]
	return m.attacks[m.index(occ)]
}

// QueenAttacks returns the squares a queen on sq attacks, given the
// occupied squares occ.
func QueenAttacks(sq Square, occ Bitboard) Bitboard {
	return BishopAttacks(sq, occ) | RookAttacks(sq, occ)
}

// attacks returns the squares a piece of type t (not a pawn) on sq attacks.
func attacks(t PieceType, sq Square, occ Bitboard) Bitboard {
	switch t {
	case Knight:
		return KnightAttacks(sq)
	case Bishop:
		return BishopAttacks(sq, occ)
	case Rook:
		return RookAttacks(sq, occ)
	case Queen:
		return QueenAttacks(sq, occ)
	case King:
		return KingAttacks(sq)
	}
	panic("board: attacks of a pawn or no piece")
}

// magic is the "fancy" magic bitboard lookup for one slider on one square:
// the relevant occupancy, multiplied by the magic number and shifted,
// indexes that square's slice of the shared attack table.
type magic struct {
	mask    Bitboard
	magic   uint64
	attacks []Bitboard
	shift   uint8
}

func (m *magic) index(occ Bitboard) uint64 {
	return uint64(occ&m.mask) * m.magic >> m.shift
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide returns the squares reached from sq along dirs (file, rank steps),
// each ray stopping at the first occupied square, which it includes.
func slide(sq Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var b Bitboard
	for _, d := range dirs {
		f, r := sq.File()+d[0], sq.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			s := MakeSquare(f, r)
			b |= s.Bitboard()
			if occ.Has(s) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return b
}

func init() {
	initLeapers()
	initMagics(&rookMagics, rookDirs, make([]Bitboard, 0x19000), &rookMagicNumbers)
	initMagics(&bishopMagics, bishopDirs, make([]Bitboard, 0x1480), &bishopMagicNumbers)
	initLines()
	for sq := A1; sq <= H8; sq++ {
		rookRays[sq] = RookAttacks(sq, 0)
		bishopRays[sq] = BishopAttacks(sq, 0)
	}
}

func initLeapers() {
	for sq := A1; sq <= H8; sq++ {
		b := sq.Bitboard()
		pawnAttacks[White][sq] = shift(b, north+east) | shift(b, north+west)
		pawnAttacks[Black][sq] = shift(b, south+east) | shift(b, south+west)
		for _, d := range []int{north, south, east, west, north + east, north + west, south + east, south + west} {
			kingAttacks[sq] |= shift(b, d)
		}
		for _, d := range [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			f, r := sq.File()+d[0], sq.Rank()+d[1]
			if f >= 0 && f < 8 && r >= 0 && r < 8 {
				knightAttacks[sq] |= MakeSquare(f, r).Bitboard()
			}
		}
	}
}

// initMagics fills the lookup of one slider for every square. It tries the
// known multiplier of the square first and otherwise searches by trial:
// sparse random candidates from a fixed-seed generator until one maps every
// occupancy subset of the mask to an index without a harmful collision.
// With known == nil it searches every square, which is how the numbers in
// magics.go were found (about 0.1 s; TestMagicSearch repeats it).
func initMagics(magics *[64]magic, dirs [4][2]int, table []Bitboard, known *[64]uint64) {
	var occupancy, reference [4096]Bitboard
	var epoch [4096]int // epoch[i] == attempt marks table slot i as used in this attempt
	rng := prng(0x9E3779B97F4A7C15)
	attempt := 0
	for sq := A1; sq <= H8; sq++ {
		edges := ((rank1 | rank8) &^ RankMask(sq.Rank())) | ((fileA | fileH) &^ FileMask(sq.File()))
		m := &magics[sq]
		m.mask = slide(sq, 0, dirs) &^ edges
		m.shift = uint8(64 - m.mask.Count())
		size := 0
		for b := Bitboard(0); ; { // enumerate every subset of the mask (Carry-Rippler)
			occupancy[size] = b
			reference[size] = slide(sq, b, dirs)
			size++
			b = (b - m.mask) & m.mask
			if b == 0 {
				break
			}
		}
		m.attacks = table[:size:size]
		table = table[size:]
		for i, try := 0, 0; i < size; try++ {
			if try == 0 && known != nil {
				m.magic = known[sq]
			} else {
				m.magic = 0
				for Bitboard(uint64(m.mask)*m.magic>>56).Count() < 6 {
					m.magic = rng.sparse()
				}
			}
			attempt++
			for i = 0; i < size; i++ {
				idx := m.index(occupancy[i])
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					m.attacks[idx] = reference[i]
				} else if m.attacks[idx] != reference[i] {
					break
				}
			}
		}
	}
}

func initLines() {
	for a := A1; a <= H8; a++ {
		for b := A1; b <= H8; b++ {
			if a == b {
				continue
			}
			for _, pt := range []PieceType{Bishop, Rook} {
				if attacks(pt, a, 0).Has(b) {
					lineBB[a][b] = (attacks(pt, a, 0) & attacks(pt, b, 0)) | a.Bitboard() | b.Bitboard()
					betweenBB[a][b] = attacks(pt, a, b.Bitboard()) & attacks(pt, b, a.Bitboard())
				}
			}
		}
	}
}

// prng is xorshift64*, used only to find magics and Zobrist keys.
type prng uint64

func (r *prng) next() uint64 {
	*r ^= *r >> 12
	*r ^= *r << 25
	*r ^= *r >> 27
	return uint64(*r) * 2685821657736338717
}

// sparse returns a random number with about an eighth of its bits set,
// the kind that makes good magic multipliers.
func (r *prng) sparse() uint64 {
	a, b, c := r.next(), r.next(), r.next()
	return a & b & c
}
