// Package openings draws random openings: a start (the standard start
// position, one of Chess960's, or a position of a book) followed by a few
// random legal plies, redrawn while the plies end the game. It is the one
// draw behind genfens' positions and datagen's games, and ReadBook the
// one reader of their books' EPD files; the same random source draws the
// same opening on every run and machine.
package openings

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/epd"
	"github.com/luftchess/luft/engine/game/outcome"
)

// Start is a position an opening may begin from: a FEN and the rules it
// is read by.
type Start struct {
	FEN      string
	Chess960 bool
}

// Position returns a fresh position of s.
func (s Start) Position() (*board.Position, error) {
	return board.ParseFENVariant(s.FEN, s.Chess960)
}

// ParseBook returns the starts of the FENs, each read as parseStart says.
// The error names the first FEN that does not read, by its 1-based index.
func ParseBook(fens []string, chess960 bool) ([]Start, error) {
	book := make([]Start, 0, len(fens))
	for i, fen := range fens {
		s, err := parseStart(fen, chess960)
		if err != nil {
			return nil, fmt.Errorf("book position %d: %w", i+1, err)
		}
		book = append(book, s)
	}
	return book, nil
}

// ReadBook returns the starts of the positions of the EPD file at path,
// each read as parseStart says, none for a file without positions. The
// error names the first position that does not read by its line.
func ReadBook(path string, chess960 bool) ([]Start, error) {
	recs, err := epd.ReadFile(path)
	if err != nil {
		return nil, err
	}
	book := make([]Start, 0, len(recs))
	for _, r := range recs {
		s, err := parseStart(r.FEN, chess960)
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", path, r.Line, err)
		}
		book = append(book, s)
	}
	return book, nil
}

// parseStart returns the start of fen, read by Chess960's rules when
// chess960 is set and otherwise by standard chess's, or Chess960's for a
// FEN whose castling rights only Chess960 allows; the error is that of
// the rules asked for.
func parseStart(fen string, chess960 bool) (Start, error) {
	if chess960 {
		_, err := board.ParseFEN960(fen)
		return Start{fen, true}, err
	}
	_, err := board.ParseFEN(fen)
	if err == nil {
		return Start{fen, false}, nil
	}
	if _, e := board.ParseFEN960(fen); e == nil {
		return Start{fen, true}, nil
	}
	return Start{}, err
}

// ErrFinished is the error of Draw when every opening it drew ended the
// game.
var ErrFinished = errors.New("every opening drawn ended the game")

// Drawer says how Draw draws an opening.
type Drawer struct {
	Book      []Start // positions to start from; none: the standard start position
	Chess960  float64 // fraction of openings begun from a random Chess960 start position instead, book or not
	Plies     int     // random plies played from the standard or a Chess960 start position
	BookPlies int     // random plies played from a position of Book
	MorePlies int     // up to this many plies more, as many as drawn (uniformly)
	Tries     int     // openings drawn before Draw gives up; 0 for one
}

// Draw returns an opening drawn with rng: its start, then its random
// plies. It draws again while the game is over at the start or after one
// of the plies, and returns an error wrapping ErrFinished after d.Tries
// such draws, or the error of a start that does not read.
//
// The start is drawn first: a Chess960 start position with probability
// d.Chess960 (at 1 without a draw of rng), or else a position of d.Book,
// or else the standard start position.
func (d Drawer) Draw(rng *rand.Rand) (*board.Position, error) {
	tries := max(d.Tries, 1)
	for range tries {
		s, plies := Start{FEN: board.StartFEN}, d.Plies
		switch {
		case d.Chess960 >= 1 || d.Chess960 > 0 && rng.Float64() < d.Chess960:
			s = Start{board.Chess960StartFEN(rng.IntN(board.Chess960Positions)), true}
		case len(d.Book) > 0:
			s, plies = d.Book[rng.IntN(len(d.Book))], d.BookPlies
		}
		if d.MorePlies > 0 {
			plies += rng.IntN(d.MorePlies + 1)
		}
		pos, err := s.Position()
		if err != nil {
			return nil, err
		}
		if playRandom(rng, pos, plies) {
			return pos, nil
		}
	}
	return nil, fmt.Errorf("openings: %w (%d tries)", ErrFinished, tries)
}

// playRandom plays plies random legal moves on pos, and reports whether
// the game goes on before and after each of them.
func playRandom(rng *rand.Rand, pos *board.Position, plies int) bool {
	var l board.MoveList
	for i := 0; ; i++ {
		if r, _ := outcome.Judge(pos); r != outcome.Unfinished {
			return false
		}
		if i == plies {
			return true
		}
		pos.GenerateLegal(&l)
		pos.Make(l.Moves()[rng.IntN(l.Len())])
	}
}
