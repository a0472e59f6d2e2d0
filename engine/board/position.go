package board

// Castling rights, one bit each.
const (
	whiteKingside uint8 = 1 << iota
	whiteQueenside
	blackKingside
	blackQueenside
	allCastling = whiteKingside | whiteQueenside | blackKingside | blackQueenside
)

// Position is a chess position with the history of the moves that led to
// it. The zero value is not usable: get one from NewPosition or ParseFEN.
type Position struct {
	byType   [8]Bitboard // indexed by PieceType; 6 and 7 unused
	byColor  [2]Bitboard
	board    [64]Piece
	side     Color
	castling uint8
	ep       Square // en-passant target square, or NoSquare
	rule50   int    // plies since the last capture or pawn move
	nullPly  int    // plies since the last null move
	fullMove int
	key      uint64
	pawnKey  uint64
	checkers Bitboard

	// castleRook[i] is the origin square of the rook of castling right
	// 1<<i; castleMask[sq] is the set of rights a move from or to sq keeps.
	// castleEmpty[i] holds the squares that must be empty to castle with
	// right 1<<i, and castleSafe[i] the squares the king crosses, its
	// target included, which must not be attacked. All are set from the FEN, so
	// that move generation only looks them up.
	castleRook  [4]Square
	castleMask  [64]uint8
	castleEmpty [4]Bitboard
	castleSafe  [4]Bitboard

	// chess960 is set for a position played by the Chess960 rules, read
	// by ParseFEN960; shredder, when its castling rights were given as
	// Shredder-FEN file letters, which FEN writes back.
	chess960 bool
	shredder bool

	history []undo
}

// undo is what Unmake needs to restore the position before a move.
type undo struct {
	key      uint64
	pawnKey  uint64
	checkers Bitboard
	rule50   int32
	nullPly  int32
	move     Move
	captured Piece
	castling uint8
	ep       Square
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// Key returns the Zobrist key of the position.
func (p *Position) Key() uint64 { return p.key }

// PawnKey returns a Zobrist key of the pawns alone.
func (p *Position) PawnKey() uint64 { return p.pawnKey }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece { return p.board[sq&63] }

// Pieces returns the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	return p.byColor[c&1] & p.byType[t&7]
}

// ByType returns the pieces of type t of both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t&7] }

// ByColor returns the pieces of colour c.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// Occupied returns every occupied square.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.Pieces(c, King).LSB() }

// EnPassant returns the en-passant target square, or NoSquare. It is set
// only when a pawn of the side to move attacks it.
func (p *Position) EnPassant() Square { return p.ep }

// CanCastle reports whether c keeps the right to castle on the king side
// (kingside true) or the queen side. The right says nothing about whether
// castling is legal now.
func (p *Position) CanCastle(c Color, kingside bool) bool {
	right := whiteKingside
	if !kingside {
		right = whiteQueenside
	}
	return p.castling&(right<<(2*(c&1))) != 0
}

// Chess960 reports whether the position is played by the rules of
// Chess960 (set by ParseFEN960): castling may start from any king and
// rook placement, is written king-takes-rook in UCI notation, and the FEN
// writes its rights in X-FEN or Shredder-FEN.
func (p *Position) Chess960() bool { return p.chess960 }

// Rule50 returns the number of plies since the last capture or pawn move.
func (p *Position) Rule50() int { return p.rule50 }

// FullMove returns the full-move number, starting at 1.
func (p *Position) FullMove() int { return p.fullMove }

// Ply returns the number of moves (including null moves) made since the
// position was set up.
func (p *Position) Ply() int { return len(p.history) }

// NonPawnMaterial reports whether c has a knight, bishop, rook or queen.
func (p *Position) NonPawnMaterial(c Color) bool {
	return p.byColor[c&1]&^(p.byType[Pawn]|p.byType[King]) != 0
}

// IsCapture reports whether m captures a piece (en passant included).
func (p *Position) IsCapture(m Move) bool {
	return (p.board[m.To()] != NoPiece && !m.IsCastling()) || m.IsEnPassant()
}

// Clone returns a deep copy of p, history included.
func (p *Position) Clone() *Position {
	c := *p
	c.history = make([]undo, len(p.history), cap(p.history))
	copy(c.history, p.history)
	return &c
}

// AttackersTo returns the pieces of both colours that attack sq, given the
// occupied squares occ.
func (p *Position) AttackersTo(sq Square, occ Bitboard) Bitboard {
	return (PawnAttacks(Black, sq) & p.Pieces(White, Pawn)) |
		(PawnAttacks(White, sq) & p.Pieces(Black, Pawn)) |
		(KnightAttacks(sq) & p.byType[Knight]) |
		(BishopAttacks(sq, occ) & (p.byType[Bishop] | p.byType[Queen])) |
		(RookAttacks(sq, occ) & (p.byType[Rook] | p.byType[Queen])) |
		(KingAttacks(sq) & p.byType[King])
}

// attacked reports whether a piece of colour by attacks sq given occ.
func (p *Position) attacked(sq Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	return PawnAttacks(by.Other(), sq)&p.byType[Pawn]&them != 0 ||
		KnightAttacks(sq)&p.byType[Knight]&them != 0 ||
		KingAttacks(sq)&p.byType[King]&them != 0 ||
		BishopAttacks(sq, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 ||
		RookAttacks(sq, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// checkersOf returns the pieces of colour by that attack sq, the square
// of the other side's king, given occ. Kings are left out, since a king
// never gives check, and a slider's magic lookup is made only when one
// stands on its lines through sq on the empty board.
func (p *Position) checkersOf(sq Square, by Color, occ Bitboard) Bitboard {
	them := p.byColor[by]
	c := (PawnAttacks(by.Other(), sq)&p.byType[Pawn] | KnightAttacks(sq)&p.byType[Knight]) & them
	if d := (p.byType[Bishop] | p.byType[Queen]) & them & bishopRays[sq&63]; d != 0 {
		c |= BishopAttacks(sq, occ) & d
	}
	if s := (p.byType[Rook] | p.byType[Queen]) & them & rookRays[sq&63]; s != 0 {
		c |= RookAttacks(sq, occ) & s
	}
	return c
}

// put places pc on the empty square sq, updating the keys.
func (p *Position) put(pc Piece, sq Square) {
	p.place(pc, sq)
	p.toggleKeys(pc, zobristPiece[pc&15][sq&63])
}

// remove takes the piece off sq, updating the keys.
func (p *Position) remove(sq Square) {
	pc := p.board[sq&63]
	p.clear(sq)
	p.toggleKeys(pc, zobristPiece[pc&15][sq&63])
}

// move moves the piece on from to the empty square to, updating the keys.
func (p *Position) move(from, to Square) {
	pc := p.board[from&63]
	p.relocate(from, to)
	p.toggleKeys(pc, zobristPiece[pc&15][from&63]^zobristPiece[pc&15][to&63])
}

// toggleKeys applies k, the change of the key of pc's squares, to the
// key and, for a pawn, to the pawn key.
func (p *Position) toggleKeys(pc Piece, k uint64) {
	p.key ^= k
	if pc.Type() == Pawn {
		p.pawnKey ^= k
	}
}

// place puts pc on the empty square sq, leaving the keys alone: Unmake
// restores them from the undo stack.
func (p *Position) place(pc Piece, sq Square) {
	b := sq.Bitboard()
	p.byType[pc.Type()&7] |= b
	p.byColor[pc.Color()] |= b
	p.board[sq&63] = pc
}

// clear takes the piece off sq, leaving the keys alone.
func (p *Position) clear(sq Square) {
	pc := p.board[sq&63]
	b := sq.Bitboard()
	p.byType[pc.Type()&7] ^= b
	p.byColor[pc.Color()] ^= b
	p.board[sq&63] = NoPiece
}

// relocate moves the piece on from to the empty square to, leaving the
// keys alone.
func (p *Position) relocate(from, to Square) {
	pc := p.board[from&63]
	b := from.Bitboard() | to.Bitboard()
	p.byType[pc.Type()&7] ^= b
	p.byColor[pc.Color()] ^= b
	p.board[from&63] = NoPiece
	p.board[to&63] = pc
}

// computeKeys returns the Zobrist keys of p computed from scratch.
func (p *Position) computeKeys() (key, pawnKey uint64) {
	for b := p.Occupied(); b != 0; {
		sq := b.PopLSB()
		pc := p.board[sq&63]
		key ^= zobristPiece[pc&15][sq&63]
		if pc.Type() == Pawn {
			pawnKey ^= zobristPiece[pc&15][sq&63]
		}
	}
	if p.ep != NoSquare {
		key ^= zobristEP[p.ep.File()]
	}
	key ^= zobristCastling[p.castling]
	if p.side == Black {
		key ^= zobristSide
	}
	return key, pawnKey
}

// computeCheckers returns the enemy pieces attacking the side to move's king.
func (p *Position) computeCheckers() Bitboard {
	return p.checkersOf(p.KingSquare(p.side), p.side.Other(), p.Occupied())
}
