package tune

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/pgn"
)

// An Extractor writes the quiet positions of PGN games as samples, each
// labelled with its game's result, as luft tune extract does.
type Extractor struct {
	Skip    int        // plies left out at the start of a game, besides book moves
	PerGame int        // positions at most a game, picked with Rand; 0: all
	Rand    *rand.Rand // for PerGame
	// Skipped, when not nil, is told of each game that cannot be read or
	// replayed, by its number in its file; the game is left out.
	Skipped func(game int, err error)

	Games     int // games whose positions it wrote
	Positions int // positions written
}

// Extract writes to out the samples of the games read from in, a
// FEN;result line each. It fails only when in cannot be read.
func (x *Extractor) Extract(out io.Writer, in io.Reader) error {
	n := 0
	pr := pgn.NewReader(in)
	for g, err := range pr.Games() {
		n++
		var ss []Sample
		if err == nil {
			ss, err = QuietPositions(g, x.Skip)
		}
		if err != nil {
			if x.Skipped != nil {
				x.Skipped(n, err)
			}
			continue
		}
		if x.PerGame > 0 && len(ss) > x.PerGame {
			x.Rand.Shuffle(len(ss), func(i, j int) { ss[i], ss[j] = ss[j], ss[i] })
			ss = ss[:x.PerGame]
		}
		for _, s := range ss {
			if _, err := fmt.Fprintln(out, s); err != nil {
				return err
			}
		}
		x.Games++
		x.Positions += len(ss)
	}
	return pr.Err()
}

// ExtractFile is Extract from the named PGN file; an error names the
// file.
func (x *Extractor) ExtractFile(out io.Writer, name string) error {
	in, err := os.Open(name)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := x.Extract(out, in); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

// QuietPositions returns the quiet positions of a finished game, labelled
// with its result, leaving out the first skip plies, book moves and
// positions where the mover saw a forced mate. The game is replayed by
// the rules its Variant tag names (pgn.Game.Play): a variant other than
// standard chess and Chess960 is an error.
func QuietPositions(g *pgn.Game, skip int) ([]Sample, error) {
	res, err := g.Outcome()
	if err != nil {
		return nil, err
	}
	p, moves, err := g.Play()
	if err != nil {
		return nil, err
	}
	r := res.Points(board.White)
	var out []Sample
	for i, m := range moves {
		c := g.Moves[i].Comment
		mate := strings.HasPrefix(c, "+M") || strings.HasPrefix(c, "-M")
		if i >= skip && c != "book" && !mate && Quiet(p) {
			out = append(out, Sample{FEN: p.FEN(), Result: r})
		}
		p.Make(m)
	}
	return out, nil
}
