package board

// Make plays the legal move m. Playing an illegal move corrupts the
// position; moves must come from the generators, ParseMove or IsLegal.
func (p *Position) Make(m Move) {
	u := p.pushUndo(m)
	us, them := p.side, p.side.Other()
	from, to := m.From(), m.To()
	pc := p.board[from]

	p.key ^= zobristSide
	if p.ep != NoSquare {
		p.key ^= zobristEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++
	p.nullPly++
	if us == Black {
		p.fullMove++
	}

	switch uint16(m) & kindMask {
	case kindCastling:
		// Both pieces leave before either lands: in Chess960 a target may
		// be the other piece's origin, or the piece's own.
		kingTo, rookTo := m.kingTarget(), m.rookTarget()
		p.remove(from)
		p.remove(to)
		p.put(pc, kingTo)
		p.put(MakePiece(us, Rook), rookTo)
	case kindEnPassant:
		capSq := to ^ 8
		u.captured = p.board[capSq]
		p.remove(capSq)
		p.move(from, to)
		p.rule50 = 0
	default:
		if captured := p.board[to]; captured != NoPiece {
			u.captured = captured
			p.remove(to)
			p.rule50 = 0
		}
		p.move(from, to)
		if pc.Type() == Pawn {
			p.rule50 = 0
			if m.IsPromotion() {
				p.remove(to)
				p.put(MakePiece(us, m.Promotion()), to)
			} else if to^from == 16 && PawnAttacks(us, to^8)&p.Pieces(them, Pawn) != 0 {
				p.ep = to ^ 8
				p.key ^= zobristEP[p.ep.File()]
			}
		}
	}

	if cr := p.castling & p.castleMask[from] & p.castleMask[to]; cr != p.castling {
		p.key ^= zobristCastling[p.castling] ^ zobristCastling[cr]
		p.castling = cr
	}
	p.side = them
	p.checkers = p.checkersOf(p.KingSquare(them), us, p.Occupied())
}

// pushUndo saves what undoing m needs (but the captured piece, which Make
// fills in) and returns the new entry. The fields are stored one by one
// into the stack: an entry built whole and then copied would be read back
// wider than it was written, which stalls the copy.
func (p *Position) pushUndo(m Move) *undo {
	p.history = append(p.history, undo{})
	u := &p.history[len(p.history)-1]
	u.key, u.pawnKey = p.key, p.pawnKey
	u.checkers = p.checkers
	u.rule50, u.nullPly = int32(p.rule50), int32(p.nullPly)
	u.move = m
	u.captured = NoPiece
	u.castling, u.ep = p.castling, p.ep
	return u
}

// Unmake takes back the last move made with Make. The pieces go back
// without touching the keys, which come back whole from the undo stack.
func (p *Position) Unmake() {
	u := &p.history[len(p.history)-1]
	m := u.move
	us := p.side.Other()
	from, to := m.From(), m.To()
	switch uint16(m) & kindMask {
	case kindCastling:
		p.clear(m.kingTarget())
		p.clear(m.rookTarget())
		p.place(MakePiece(us, King), from)
		p.place(MakePiece(us, Rook), to)
	case kindEnPassant:
		p.relocate(to, from)
		p.place(u.captured, to^8)
	case kindPromotion:
		p.clear(to)
		p.place(MakePiece(us, Pawn), from)
		if u.captured != NoPiece {
			p.place(u.captured, to)
		}
	default:
		p.relocate(to, from)
		if u.captured != NoPiece {
			p.place(u.captured, to)
		}
	}
	p.side = us
	if us == Black {
		p.fullMove--
	}
	p.key, p.pawnKey = u.key, u.pawnKey
	p.checkers = u.checkers
	p.rule50, p.nullPly = int(u.rule50), int(u.nullPly)
	p.castling, p.ep = u.castling, u.ep
	p.history = p.history[:len(p.history)-1]
}

// MakeNull passes the move to the opponent, for null-move pruning. The
// side to move must not be in check.
func (p *Position) MakeNull() {
	p.pushUndo(nullMove)
	p.key = p.KeyAfterNull()
	p.ep = NoSquare
	p.rule50++
	p.nullPly = 0
	p.side = p.side.Other()
	p.checkers = 0
}

// UnmakeNull takes back a null move made with MakeNull.
func (p *Position) UnmakeNull() {
	u := &p.history[len(p.history)-1]
	p.side = p.side.Other()
	p.key, p.pawnKey = u.key, u.pawnKey
	p.checkers = u.checkers
	p.rule50, p.nullPly = int(u.rule50), int(u.nullPly)
	p.castling, p.ep = u.castling, u.ep
	p.history = p.history[:len(p.history)-1]
}
