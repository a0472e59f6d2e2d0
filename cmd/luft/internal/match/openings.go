package match

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/epd"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/game/referee"
)

// Opening is a starting position: a FEN (empty for the standard start)
// and moves played from it before the engines take over.
type Opening struct {
	FEN   string
	Moves []string // UCI notation
}

// Book says where openings come from and in which order they are used.
type Book struct {
	File   string
	Format string // "epd" or "pgn"; guessed from the file name when empty
	Random bool   // shuffle with the match seed instead of file order
	Plies  int    // use at most this many plies of PGN openings; 0 means all
	Start  int    // 1-based index of the first opening used
}

// LoadOpenings reads and checks every opening of the book, truncated to
// Plies, in file order; by the rules of Chess960 when chess960 is set,
// where the FENs' castling rights may be given in X-FEN or Shredder-FEN.
func LoadOpenings(b Book, chess960 bool) ([]Opening, error) {
	f, err := os.Open(b.File)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	format := b.Format
	if format == "" {
		format = "epd"
		if strings.HasSuffix(strings.ToLower(b.File), ".pgn") {
			format = "pgn"
		}
	}
	var ops []Opening
	switch format {
	case "epd":
		ops, err = readEPD(f, chess960)
	case "pgn":
		ops, err = readPGN(f, b.Plies, chess960)
	default:
		return nil, fmt.Errorf("openings: unknown format %q", format)
	}
	if err != nil {
		return nil, fmt.Errorf("openings %s: %v", b.File, err)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("openings %s: no openings", b.File)
	}
	return ops, nil
}

// readEPD reads one position a line, by epd's rules; operations after the
// position are ignored.
func readEPD(r io.Reader, chess960 bool) ([]Opening, error) {
	recs, err := epd.Read(r)
	if err != nil {
		return nil, err
	}
	ops := make([]Opening, 0, len(recs))
	for _, rec := range recs {
		g, err := referee.NewGameVariant(rec.FEN, chess960)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", rec.Line, err)
		}
		if res, _, _ := g.Result(); res != outcome.Unfinished {
			return nil, fmt.Errorf("line %d: the game is already over", rec.Line)
		}
		ops = append(ops, Opening{FEN: g.StartFEN()})
	}
	return ops, nil
}

// readPGN reads each game's start position and its first plies moves; in
// Chess960 when chess960 is set, whatever the games' Variant tags say.
func readPGN(r io.Reader, plies int, chess960 bool) ([]Opening, error) {
	var ops []Opening
	n := 0
	pr := pgn.NewReader(r)
	for g, err := range pr.Games() {
		n++
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", n, err)
		}
		if plies > 0 && len(g.Moves) > plies {
			g.Moves = g.Moves[:plies]
		}
		if v, _ := g.Tag("Variant"); chess960 && !pgn.IsChess960(v) {
			g.Tags = append(slices.DeleteFunc(g.Tags, func(t pgn.Tag) bool { return t.Name == "Variant" }), pgn.Tag{Name: "Variant", Value: pgn.Variant960})
		}
		rg, err := g.Replay()
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", n, err)
		}
		if res, _, _ := rg.Result(); res != outcome.Unfinished {
			return nil, fmt.Errorf("game %d: the game is already over", n)
		}
		ops = append(ops, Opening{FEN: rg.StartFEN(), Moves: rg.Moves()})
	}
	return ops, pr.Err()
}

// chess960Openings returns the 960 start positions of Chess960, in X-FEN.
func chess960Openings() []Opening {
	ops := make([]Opening, board.Chess960Positions)
	for n := range ops {
		ops[n] = Opening{FEN: board.Chess960StartFEN(n)}
	}
	return ops
}

// shuffle returns the openings in a random order fixed by seed.
func shuffle(ops []Opening, seed uint64) []Opening {
	out := append([]Opening(nil), ops...)
	rng := rand.New(rand.NewPCG(seed, 0x6c756674))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// isStart reports whether fen is the standard starting position.
func isStart(fen string) bool {
	if fen == "" {
		return true
	}
	f := strings.Fields(fen)
	s := strings.Fields(board.StartFEN)
	return len(f) >= 4 && strings.Join(f[:4], " ") == strings.Join(s[:4], " ")
}
