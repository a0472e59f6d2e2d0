package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/notnil/chess"

	"github.com/luftchess/luft/cmd/luft/internal/match/pgn"
	"github.com/luftchess/luft/engine/board"
)

// game is the record of one game: Luft's position for the engine and
// rules, and notnil/chess's positions for notation, kept move for move.
type game struct {
	startFEN string
	pos      *board.Position
	notes    []*chess.Position // notes[i] is the position before move i; one more than moves
	moves    []board.Move
	sans     []string
}

// newGame returns a game starting from fen.
func newGame(fen string) (*game, error) {
	pos, err := board.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	var note chess.Position
	if err := note.UnmarshalText([]byte(pos.FEN())); err != nil {
		return nil, fmt.Errorf("notation: %v", err)
	}
	return &game{startFEN: pos.FEN(), pos: pos, notes: []*chess.Position{&note}}, nil
}

// note returns the notation position of the current position.
func (g *game) note() *chess.Position { return g.notes[len(g.notes)-1] }

// play makes the legal move m and returns its SAN.
func (g *game) play(m board.Move) string {
	cm := noteMove(g.note(), m)
	if cm == nil {
		panic(fmt.Sprintf("play: notation rejects legal move %v in %s", m, g.pos.FEN()))
	}
	san := chess.AlgebraicNotation{}.Encode(g.note(), cm)
	g.notes = append(g.notes, g.note().Update(cm))
	g.pos.Make(m)
	g.moves = append(g.moves, m)
	g.sans = append(g.sans, san)
	return san
}

// noteMove returns m as a move of the notation position note, or nil if
// it is not legal there. It comes from note's legal moves, which carry
// the check and capture tags that SAN needs.
func noteMove(note *chess.Position, m board.Move) *chess.Move {
	uci := m.String()
	for _, cm := range note.ValidMoves() {
		if cm.S1().String()+cm.S2().String()+cm.Promo().String() == uci {
			return cm
		}
	}
	return nil
}

// undo takes back the last move.
func (g *game) undo() {
	g.pos.Unmake()
	g.notes = g.notes[:len(g.notes)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.sans = g.sans[:len(g.sans)-1]
}

// parseMove returns the legal move written s, in SAN ("Nf3", "O-O",
// "exd5", "e8=Q") or UCI notation ("g1f3", "e1g1", "e7e8q").
func (g *game) parseMove(in string) (board.Move, error) {
	if m, err := g.pos.ParseMove(strings.ToLower(in)); err == nil {
		return m, nil
	}
	cm, err := pgn.DecodeSAN(g.note(), in)
	if err != nil {
		return board.NoMove, fmt.Errorf("%s is not a legal move here", in)
	}
	return g.pos.ParseMove(chess.UCINotation{}.Encode(g.note(), cm))
}

// san returns the SAN of the legal moves pv from the current position,
// as far as they are legal.
func (g *game) san(pv []board.Move) []string {
	var out []string
	note := g.note()
	for _, m := range pv {
		cm := noteMove(note, m)
		if cm == nil {
			break
		}
		out = append(out, chess.AlgebraicNotation{}.Encode(note, cm))
		note = note.Update(cm)
	}
	return out
}

// SAN returns each of the legal moves of pos in standard algebraic
// notation ("Rc5", "exd6", "e8=Q+").
func SAN(pos *board.Position, moves []board.Move) ([]string, error) {
	g, err := newGame(pos.FEN())
	if err != nil {
		return nil, err
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		if san := g.san([]board.Move{m}); len(san) == 1 {
			out[i] = san[0]
		} else {
			return nil, fmt.Errorf("%v is not a legal move in %s", m, pos.FEN())
		}
	}
	return out, nil
}

// mover returns the side that played move i.
func (g *game) mover(i int) board.Color {
	if strings.Fields(g.startFEN)[1] == "b" {
		i++
	}
	return board.Color(i % 2)
}

// moveNumber returns the number of move i of the game ("12." or "12...").
func (g *game) moveNumber(i int) string {
	f := strings.Fields(g.startFEN)
	n, _ := strconv.Atoi(f[5])
	black := f[1] == "b"
	if black {
		i++
	}
	n += i / 2
	if i%2 == 1 {
		return strconv.Itoa(n) + "..."
	}
	return strconv.Itoa(n) + "."
}

// history returns the moves in SAN, numbered: "1. e4 e5 2. Nf3".
func (g *game) history() string {
	var b strings.Builder
	for i, san := range g.sans {
		num := g.moveNumber(i)
		if i > 0 {
			b.WriteByte(' ')
		}
		if !strings.HasSuffix(num, "...") || i == 0 {
			b.WriteString(num + " ")
		}
		b.WriteString(san)
	}
	return b.String()
}

// outcome tells whether the game has ended and how.
type outcome struct {
	result string // "1-0", "0-1", "1/2-1/2"; "" while the game goes on
	reason string
}

// outcome returns how the game stands by the rules.
func (g *game) outcome() outcome {
	p := g.pos
	switch {
	case p.IsCheckmate():
		if p.SideToMove() == board.White {
			return outcome{"0-1", "checkmate: Black wins"}
		}
		return outcome{"1-0", "checkmate: White wins"}
	case p.IsStalemate():
		return outcome{"1/2-1/2", "stalemate: draw"}
	case p.InsufficientMaterial():
		return outcome{"1/2-1/2", "draw by insufficient material"}
	case p.RepetitionCount() >= 2:
		return outcome{"1/2-1/2", "draw by threefold repetition"}
	case p.Rule50() >= 100:
		return outcome{"1/2-1/2", "draw by the fifty-move rule"}
	}
	return outcome{}
}
