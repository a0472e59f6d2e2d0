package board

import (
	"fmt"
	"strings"
)

// A MoveError says why the text Move names no legal move of a position:
// the error of ParseMove and ParseMoveStrict, and of ParseSAN for a move
// that is not legal.
type MoveError struct {
	Move   string // the text given
	Reason string // what it is: "not in UCI notation", "a null move", "not legal in <FEN>"
}

// Error returns the move and the reason: `move "e1e3" is not legal in <FEN>`.
func (e *MoveError) Error() string { return fmt.Sprintf("move %q is %s", e.Move, e.Reason) }

// notLegal returns the error for the move s, which is not legal in p.
func (p *Position) notLegal(s string) error { return &MoveError{s, "not legal in " + p.FEN()} }

// ParseMove returns the legal move written in UCI notation s ("e2e4",
// "e7e8q"). Castling is written as in UCI for the position's rules: in
// standard chess "e1g1", and the king-takes-rook form "e1h1" is also
// accepted; in Chess960 (see Chess960) only the king-takes-rook form,
// since the other can be a king's step or the other castling. The error,
// a *MoveError, says why s is not a legal move here.
func (p *Position) ParseMove(s string) (Move, error) { return p.parseMove(s, true) }

// ParseMoveStrict is ParseMove as the UCI protocol reads moves, with one
// notation for castling in each rule set: in standard chess it refuses
// the king-takes-rook form.
func (p *Position) ParseMoveStrict(s string) (Move, error) { return p.parseMove(s, false) }

// parseMove is ParseMove, which takes king takes rook for castling in
// standard chess too when lenient is set.
func (p *Position) parseMove(s string, lenient bool) (Move, error) {
	if s == "0000" {
		return NoMove, &MoveError{s, "a null move"}
	}
	if len(s) < 4 || len(s) > 5 {
		return NoMove, &MoveError{s, "not in UCI notation"}
	}
	from, ok1 := parseSquare(s[:2])
	to, ok2 := parseSquare(s[2:4])
	if !ok1 || !ok2 || len(s) == 5 && !strings.ContainsRune("qrbn", rune(s[4])) {
		return NoMove, &MoveError{s, "not in UCI notation"}
	}
	var l MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Moves() {
		// In Chess960 a castling move's UCI is king takes rook already.
		if m.UCI(p.chess960) == s || lenient && m.IsCastling() && m.From() == from && m.To() == to && len(s) == 4 {
			return m, nil
		}
	}
	return NoMove, p.notLegal(s)
}

// IsLegal reports whether m is a legal move in this position. It serves to
// check moves from other positions, such as a hash or killer move, and
// costs far less than generating the moves.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove || m == nullMove {
		return false
	}
	us, them := p.side, p.side.Other()
	from, to := m.From(), m.To()
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us {
		return false
	}
	if m.IsCastling() || m.IsEnPassant() {
		return p.isGenerated(m) // rare: let the generator decide
	}
	pt := pc.Type()
	lastRank := relativeRank(us, to) == 7
	if m.IsPromotion() != (pt == Pawn && lastRank) {
		return false
	}
	target := p.board[to]
	if target != NoPiece && target.Color() == us {
		return false
	}
	occ := p.Occupied()
	if pt == Pawn {
		up := Square(8)
		if us == Black {
			up = -8 & 63 // wraps like the index arithmetic below
		}
		switch {
		case target != NoPiece:
			if !PawnAttacks(us, from).Has(to) {
				return false
			}
		case to == (from+up)&63 && to.File() == from.File():
		case relativeRank(us, from) == 1 && to == (from+2*up)&63 && !occ.Has((from+up)&63):
		default:
			return false
		}
	} else if !attacks(pt, from, occ).Has(to) {
		return false
	}
	ksq := p.KingSquare(us)
	if pt == King {
		return !p.attacked(to, them, occ^from.Bitboard())
	}
	if p.checkers.more() {
		return false
	}
	if p.checkers != 0 {
		c := p.checkers.LSB()
		if !(Between(ksq, c) | c.Bitboard()).Has(to) {
			return false
		}
	}
	return !p.pinned(us, ksq, occ).Has(from) || Line(ksq, from).Has(to)
}

// isGenerated reports whether the generator produces m here.
func (p *Position) isGenerated(m Move) bool {
	var l MoveList
	p.GenerateLegal(&l)
	for _, x := range l.Moves() {
		if x == m {
			return true
		}
	}
	return false
}

// IsCheckmate reports whether the side to move is checkmated.
func (p *Position) IsCheckmate() bool { return p.checkers != 0 && !p.HasLegalMove() }

// IsStalemate reports whether the side to move has no legal move but is not
// in check.
func (p *Position) IsStalemate() bool { return p.checkers == 0 && !p.HasLegalMove() }

// InsufficientMaterial reports whether neither side can ever mate: only
// kings, a king with one minor piece against a bare king, or kings and
// bishops all on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.more() {
		return true
	}
	const light Bitboard = 0x55AA55AA55AA55AA
	bishops := p.byType[Bishop]
	return p.byType[Knight] == 0 && (bishops&light == 0 || bishops&^light == 0)
}

// IsDraw reports whether the position is drawn by the fifty-move rule,
// insufficient material or repetition. For repetition, a position counts
// as drawn when it repeats one within the last ply plies (the search tree
// below the root) or one that occurred twice before (threefold).
func (p *Position) IsDraw(ply int) bool {
	if p.rule50 >= 100 && (p.checkers == 0 || p.HasLegalMove()) {
		return true
	}
	if p.InsufficientMaterial() {
		return true
	}
	return p.repeated(ply)
}

// repeated reports the repetition part of IsDraw.
func (p *Position) repeated(ply int) bool {
	n := len(p.history)
	end := min(p.rule50, p.nullPly, n)
	count := 0
	for i := 4; i <= end; i += 2 {
		if p.history[n-i].key == p.key {
			if i <= ply {
				return true
			}
			count++
			if count == 2 {
				return true
			}
		}
	}
	return false
}

// RepetitionCount returns how many times the current position occurred
// before in the history (0 when it is new), by the rule of the game
// (FIDE 9.2.3): positions are the same when the same side is to move,
// the same pieces stand on the same squares and the same moves are
// possible. So castling rights count, and an en-passant square only when
// a pawn can take there legally, where the position's key has it when a
// pawn attacks it: after d7d5 against a pawn on e5 pinned to its king,
// the position is the one that stood before.
func (p *Position) RepetitionCount() int {
	key := p.repetitionKey(p.key, p.ep)
	n := len(p.history)
	end := min(p.rule50, p.nullPly, n)
	count := 0
	for i := 4; i <= end; i += 2 {
		h := &p.history[n-i]
		if p.repetitionKey(h.key, h.ep) == key {
			count++
		}
	}
	return count
}

// repetitionKey returns key, the key of a position with p's pieces and
// side to move and the en-passant square ep, without the en-passant
// square when no pawn can take there legally. For a position whose
// pieces differ from p's the keys differ anyway.
func (p *Position) repetitionKey(key uint64, ep Square) uint64 {
	if ep == NoSquare {
		return key
	}
	ksq, occ := p.KingSquare(p.side), p.Occupied()
	for b := PawnAttacks(p.side.Other(), ep) & p.Pieces(p.side, Pawn); b != 0; {
		if p.enPassantLegal(b.PopLSB(), ep, ksq, occ) {
			return key
		}
	}
	return key ^ zobristEP[ep.File()]
}
