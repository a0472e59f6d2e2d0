package board

import (
	"fmt"
	"strings"
)

// SAN returns the legal move m in Standard Algebraic Notation: "Nf3",
// "exd5", "e8=Q", "Rad1" (naming the file, else the rank, else both of
// the moving piece's square when another piece of its kind can reach the
// target too), castling as "O-O" or "O-O-O" (in Chess960 as well), and
// "+" or "#" after a check or mate. Notation for games, not for the
// search: it generates and plays moves.
func (p *Position) SAN(m Move) string {
	var b strings.Builder
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	switch {
	case m.IsCastling() && to > from:
		b.WriteString("O-O")
	case m.IsCastling():
		b.WriteString("O-O-O")
	case pt == Pawn:
		if p.IsCapture(m) {
			b.WriteByte('a' + byte(from.File()))
			b.WriteByte('x')
		}
		b.WriteString(to.String())
		if m.IsPromotion() {
			b.WriteString("=" + strings.ToUpper(m.Promotion().String()))
		}
	default:
		b.WriteString(strings.ToUpper(pt.String()))
		b.WriteString(p.disambiguation(m))
		if p.IsCapture(m) {
			b.WriteByte('x')
		}
		b.WriteString(to.String())
	}
	p.Make(m)
	switch {
	case p.IsCheckmate():
		b.WriteByte('#')
	case p.InCheck():
		b.WriteByte('+')
	}
	p.Unmake()
	return b.String()
}

// disambiguation returns what SAN writes of the origin of the piece move
// m: nothing when no other piece of its kind can go to its target, else
// the file if that tells them apart, else the rank, else both.
func (p *Position) disambiguation(m Move) string {
	from, to := m.From(), m.To()
	pc := p.board[from]
	var l MoveList
	p.GenerateLegal(&l)
	var others Bitboard
	for _, o := range l.Moves() {
		if o.To() == to && o.From() != from && !o.IsCastling() && p.board[o.From()] == pc {
			others |= o.From().Bitboard()
		}
	}
	switch {
	case others == 0:
		return ""
	case others&FileMask(from.File()) == 0:
		return from.String()[:1]
	case others&RankMask(from.Rank()) == 0:
		return from.String()[1:]
	}
	return from.String()
}

// ParseSAN returns the legal move written s in algebraic notation. Beside
// strict SAN it reads what people and other programs write: castling with
// zeros or in lower case, a missing or superfluous capture sign, more of
// the origin square than needed (long algebraic "Ng1f3", "e2-e4"), a
// promotion without "=" ("e8Q"), and check, mate and annotation marks
// whether right or not. The error says why s names no legal move, or
// names several.
func (p *Position) ParseSAN(s string) (Move, error) {
	ms, err := p.MatchSAN(s)
	switch {
	case err != nil:
		return NoMove, err
	case len(ms) > 1:
		return NoMove, fmt.Errorf("move %q is ambiguous in %s", s, p.FEN())
	case len(ms) == 0 && isCastlingSAN(s):
		return NoMove, fmt.Errorf("move %q: castling is not legal in %s", s, p.FEN())
	case len(ms) == 0:
		return NoMove, p.notLegal(s)
	}
	return ms[0], nil
}

// MatchSAN returns the legal moves that s names in algebraic notation,
// read as ParseSAN reads it: one, or none, or several when s leaves out
// what tells them apart ("Nd2" with knights on b3 and f1). The error is
// for s that is not algebraic notation.
func (p *Position) MatchSAN(s string) ([]Move, error) {
	var l MoveList
	p.GenerateLegal(&l)
	var found []Move
	if isCastlingSAN(s) {
		kingside := len(strings.TrimRight(s, "+#!?")) == 3
		for _, m := range l.Moves() {
			if m.IsCastling() && (m.To() > m.From()) == kingside {
				found = append(found, m)
			}
		}
		return found, nil
	}
	want, err := parseSANFields(strings.TrimRight(s, "+#!?"))
	if err != nil {
		return nil, fmt.Errorf("move %q: %v", s, err)
	}
	for _, m := range l.Moves() {
		if !m.IsCastling() && want.matches(p, m) {
			found = append(found, m)
		}
	}
	return found, nil
}

// isCastlingSAN reports whether s is castling in algebraic notation:
// "O-O" or "O-O-O", also with zeros or in lower case.
func isCastlingSAN(s string) bool {
	switch strings.ToUpper(strings.ReplaceAll(strings.TrimRight(s, "+#!?"), "0", "O")) {
	case "O-O", "O-O-O":
		return true
	}
	return false
}

// sanFields are the parts of a move in algebraic notation.
type sanFields struct {
	piece      PieceType
	file, rank int // of the origin, -1 when not given
	to         Square
	promotion  PieceType // NoPieceType for none
}

// parseSANFields splits a move in algebraic notation, without castling
// and without check marks, into its parts.
func parseSANFields(s string) (sanFields, error) {
	f := sanFields{piece: Pawn, file: -1, rank: -1, promotion: NoPieceType}
	if s != "" && strings.IndexByte("NBRQK", s[0]) >= 0 {
		f.piece = Knight + PieceType(strings.IndexByte("NBRQK", s[0]))
		s = s[1:]
	}
	if n := len(s); n >= 3 && strings.IndexByte("NBRQ", s[n-1]) >= 0 {
		f.promotion = Knight + PieceType(strings.IndexByte("NBRQ", s[n-1]))
		s = strings.TrimSuffix(s[:n-1], "=")
	}
	if len(s) < 2 {
		return f, fmt.Errorf("not in algebraic notation")
	}
	to, ok := parseSquare(s[len(s)-2:])
	if !ok {
		return f, fmt.Errorf("not in algebraic notation")
	}
	f.to = to
	for _, c := range []byte(s[:len(s)-2]) {
		switch {
		case c >= 'a' && c <= 'h' && f.file < 0:
			f.file = int(c - 'a')
		case c >= '1' && c <= '8' && f.rank < 0:
			f.rank = int(c - '1')
		case c == 'x' || c == '-' || c == ':':
		default:
			return f, fmt.Errorf("not in algebraic notation")
		}
	}
	return f, nil
}

// matches reports whether the legal move m of p, not castling, fits f.
func (f sanFields) matches(p *Position, m Move) bool {
	from := m.From()
	return m.To() == f.to && p.board[from].Type() == f.piece && m.Promotion() == f.promotion &&
		(f.file < 0 || from.File() == f.file) && (f.rank < 0 || from.Rank() == f.rank)
}
