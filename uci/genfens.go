package uci

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/luftchess/luft/engine/game/openings"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/genfens"
)

// genfensRequest is a parsed genfens command:
//
//	genfens N seed S book <None|PATH> [fischerandom|chess960|frc]
//
// as OpenBench's worker sends it, with the extra words its workload adds.
type genfensRequest struct {
	n        int
	seed     uint64
	book     string // "" for none
	chess960 bool
}

// maxGenfens bounds the positions one genfens command asks for: many
// more than a DATAGEN workload's games, which each take one.
const maxGenfens = 1 << 20

// parseGenfens reads the arguments of a genfens command. Words after
// the count other than seed, book and the Chess960 words are an error.
func parseGenfens(args []string) (genfensRequest, error) {
	var r genfensRequest
	if len(args) == 0 {
		return r, fmt.Errorf("want genfens N seed S book <None|PATH>")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > maxGenfens {
		return r, fmt.Errorf("count %q: want a number from 1 to %d", args[0], maxGenfens)
	}
	r.n = n
	for i := 1; i < len(args); i++ {
		switch w := args[i]; {
		case w == "seed" || w == "book":
			if i+1 == len(args) {
				return r, fmt.Errorf("%s: value missing", w)
			}
			i++
			if w == "book" {
				r.book = args[i]
				if strings.EqualFold(r.book, "none") {
					r.book = ""
				}
				break
			}
			if r.seed, err = strconv.ParseUint(args[i], 10, 64); err != nil {
				return r, fmt.Errorf("seed %q: want a number from 0 to 2^64-1", args[i])
			}
		case pgn.IsChess960(w):
			r.chess960 = true
		default:
			return r, fmt.Errorf("unknown word %q", w)
		}
	}
	return r, nil
}

// genfens answers a genfens command with one info string line
// "genfens FEN" for each position asked for, or with one info string
// that says why it cannot. Chess960 positions are drawn when the command
// asks for them or UCI_Chess960 is set.
func (s *session) genfens(c command) {
	r, err := parseGenfens(words(c.args))
	if err != nil {
		s.infof("genfens ignored: %v", err)
		return
	}
	cfg := genfens.Config{Seed: r.seed, Chess960: r.chess960 || s.chess960, Engine: s.options()}
	if r.book != "" {
		if cfg.Book, err = openings.ReadBook(r.book, cfg.Chess960); err != nil {
			s.infof("genfens ignored: %v", err)
			return
		}
	}
	fens, err := genfens.Generate(context.Background(), r.n, cfg)
	for _, fen := range fens {
		s.println("info string genfens " + fen)
	}
	if err != nil {
		s.infof("genfens: %v", err)
	}
}
