package referee

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"
)

// DecodeSAN returns the legal move of pos written san in standard
// algebraic notation ("Nbd7", "exd8=Q+", "O-O"): the one SAN reader of
// Luft's tools for standard chess (PGN games, the tuner's training games,
// moves typed in luft play; Chess960's is board.Position.ParseSAN). It
// also reads castling written with zeros or in lower case, a promotion
// without "=" ("e8Q"), check, mate and annotation marks whether they are
// right or not, and long algebraic notation ("Qb2c3", "Ng1f3").
func DecodeSAN(pos *chess.Position, san string) (*chess.Move, error) {
	s := strings.NewReplacer("0-0-0", "O-O-O", "0-0", "O-O", "o-o-o", "O-O-O", "o-o", "O-O").Replace(san)
	s = strings.TrimRight(s, "+#!?") // notnil tries with and without + and #
	if n := len(s); n >= 3 && strings.ContainsRune("QRBN", rune(s[n-1])) && s[n-2] >= '1' && s[n-2] <= '8' {
		s = s[:n-1] + "=" + s[n-1:] // e8Q for e8=Q
	}
	if m, err := (chess.AlgebraicNotation{}).Decode(pos, s); err == nil {
		return m, nil
	}
	if m, err := (chess.LongAlgebraicNotation{}).Decode(pos, s); err == nil {
		return m, nil
	}
	return nil, fmt.Errorf("illegal move %q", san)
}
