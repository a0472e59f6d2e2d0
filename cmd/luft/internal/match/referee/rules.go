package referee

import (
	"fmt"
	"slices"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board"
)

// rules is the position of a game under the rules it is played by, as
// the referee asks about it. Standard chess is refereed by notnil/chess,
// a move generator independent of the engines'; Chess960, which
// notnil/chess cannot represent, by Luft's board, whose Chess960 castling
// Stockfish's perft confirms (perft/testdata).
type rules interface {
	fen() string
	turn() Color
	// play plays the legal move uci names and returns it in the rules'
	// UCI notation and in SAN; ok is false, and nothing changes, when uci
	// names no legal move.
	play(uci string) (canon, san string, ok bool)
	legal(uci string) bool
	legalMoves() []LegalMove
	// decodeSAN returns the legal move written san in the rules' UCI
	// notation, or an error wrapping ErrIllegal.
	decodeSAN(san string) (string, error)
	// key identifies the position for the repetition rule: placement,
	// side to move, castling rights, and the en-passant square only when
	// an en-passant capture is legal (FIDE 9.2.3).
	key() string
	status() (checkmate, stalemate bool)
	halfMoves() int // since the last capture or pawn move
	insufficient() bool
}

// standard is standard chess in notnil/chess.
type standard struct{ pos *chess.Position }

func (s *standard) fen() string { return s.pos.String() }

func (s *standard) turn() Color {
	if s.pos.Turn() == chess.White {
		return White
	}
	return Black
}

// find returns the legal move that uci names, or nil. In standard chess
// castling is the king's two-square step (e1g1).
func (s *standard) find(uci string) *chess.Move {
	m, err := chess.UCINotation{}.Decode(s.pos, strings.ToLower(uci))
	if err != nil {
		return nil
	}
	for _, v := range s.pos.ValidMoves() {
		if v.S1() == m.S1() && v.S2() == m.S2() && v.Promo() == m.Promo() {
			return v
		}
	}
	return nil
}

func (s *standard) play(uci string) (canon, san string, ok bool) {
	m := s.find(uci)
	if m == nil {
		return "", "", false
	}
	canon, san = chess.UCINotation{}.Encode(s.pos, m), chess.AlgebraicNotation{}.Encode(s.pos, m)
	s.pos = s.pos.Update(m)
	return canon, san, true
}

func (s *standard) legal(uci string) bool { return s.find(uci) != nil }

func (s *standard) legalMoves() []LegalMove {
	var out []LegalMove
	for _, m := range s.pos.ValidMoves() {
		lm := LegalMove{UCI: chess.UCINotation{}.Encode(s.pos, m)}
		if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) {
			lm.KingTo = m.S2().String()
		}
		out = append(out, lm)
	}
	return out
}

func (s *standard) decodeSAN(san string) (string, error) {
	m, err := DecodeSAN(s.pos, san)
	if err != nil {
		return "", fmt.Errorf("%w %q", ErrIllegal, san)
	}
	return chess.UCINotation{}.Encode(s.pos, m), nil
}

func (s *standard) key() string {
	ep := slices.ContainsFunc(s.pos.ValidMoves(), func(m *chess.Move) bool { return m.HasTag(chess.EnPassant) })
	return repetitionKey(s.pos.String(), ep)
}

// repetitionKey returns the key of the repetition rule of the position
// fen: its en-passant square counts only when enPassant, an en-passant
// capture being legal.
func repetitionKey(fen string, enPassant bool) string {
	f := strings.Fields(fen)
	ep := "-"
	if enPassant {
		ep = f[3]
	}
	return strings.Join(f[:3], " ") + " " + ep
}

func (s *standard) status() (checkmate, stalemate bool) {
	st := s.pos.Status()
	return st == chess.Checkmate, st == chess.Stalemate
}

func (s *standard) halfMoves() int { return s.pos.HalfMoveClock() }

func (s *standard) insufficient() bool { return insufficientMaterial(s.pos.Board()) }

// chess960 is Chess960 on Luft's board: castling is written king takes
// rook in UCI notation, O-O and O-O-O in SAN.
type chess960 struct{ pos *board.Position }

func (c *chess960) fen() string { return c.pos.FEN() }

func (c *chess960) turn() Color { return Color(c.pos.SideToMove()) }

func (c *chess960) play(uci string) (canon, san string, ok bool) {
	m, err := c.pos.ParseMove(strings.ToLower(uci))
	if err != nil {
		return "", "", false
	}
	san = c.pos.SAN(m)
	c.pos.Make(m)
	return m.UCI(true), san, true
}

func (c *chess960) legal(uci string) bool {
	_, err := c.pos.ParseMove(strings.ToLower(uci))
	return err == nil
}

// legalMoves writes castling as the king taking its rook; the notation of
// standard chess writes it as the king's move, to its target square.
func (c *chess960) legalMoves() []LegalMove {
	var l board.MoveList
	c.pos.GenerateLegal(&l)
	out := make([]LegalMove, 0, l.Len())
	for _, m := range l.Moves() {
		lm := LegalMove{UCI: m.UCI(true)}
		if m.IsCastling() {
			lm.KingTo = m.UCI(false)[2:4]
		}
		out = append(out, lm)
	}
	return out
}

func (c *chess960) decodeSAN(san string) (string, error) {
	m, err := c.pos.ParseSAN(san)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrIllegal, err)
	}
	return m.UCI(true), nil
}

func (c *chess960) key() string {
	var l board.MoveList
	c.pos.GenerateLegal(&l)
	return repetitionKey(c.pos.FEN(), slices.ContainsFunc(l.Moves(), board.Move.IsEnPassant))
}

func (c *chess960) status() (checkmate, stalemate bool) {
	return c.pos.IsCheckmate(), c.pos.IsStalemate()
}

func (c *chess960) halfMoves() int { return c.pos.Rule50() }

func (c *chess960) insufficient() bool { return c.pos.InsufficientMaterial() }
