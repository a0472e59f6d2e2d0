package tune

import (
	"fmt"
	"strings"

	"github.com/luftchess/luft/engine/board"
)

// ParseSAN returns the legal move of p written san in standard algebraic
// notation ("Nbd7", "exd8=Q+", "O-O"), as game scores record moves.
func ParseSAN(p *board.Position, san string) (board.Move, error) {
	s := strings.TrimRight(san, "+#!?")
	var l board.MoveList
	p.GenerateLegal(&l)
	if castle := strings.ReplaceAll(s, "0", "O"); castle == "O-O" || castle == "O-O-O" {
		for _, m := range l.Moves() {
			if m.IsCastling() && (m.To().File() > m.From().File()) == (castle == "O-O") {
				return m, nil
			}
		}
		return board.NoMove, fmt.Errorf("illegal move %q", san)
	}
	pt := board.Pawn
	if len(s) > 0 {
		if i := strings.IndexByte("NBRQK", s[0]); i >= 0 {
			pt, s = board.Knight+board.PieceType(i), s[1:]
		}
	}
	promo := board.NoPieceType
	if pt == board.Pawn && len(s) > 2 { // "e8=Q" or "e8Q"
		if j := strings.IndexByte("NBRQ", s[len(s)-1]); j >= 0 {
			promo = board.Knight + board.PieceType(j)
			s = strings.TrimSuffix(s[:len(s)-1], "=")
		}
	}
	s = strings.ReplaceAll(s, "x", "")
	if len(s) < 2 {
		return board.NoMove, fmt.Errorf("bad move %q", san)
	}
	to, from := s[len(s)-2:], s[:len(s)-2] // from: the disambiguating file and/or rank
	var found board.Move
	n := 0
	for _, m := range l.Moves() {
		if m.IsCastling() || p.PieceAt(m.From()).Type() != pt || m.To().String() != to || m.Promotion() != promo {
			continue
		}
		if !strings.Contains(m.From().String(), from) {
			continue
		}
		found, n = m, n+1
	}
	switch n {
	case 0:
		return board.NoMove, fmt.Errorf("illegal move %q", san)
	case 1:
		return found, nil
	}
	return board.NoMove, fmt.Errorf("ambiguous move %q", san)
}
