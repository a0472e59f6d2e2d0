// Package tune fits the evaluation weights to game results by Texel's
// method: it minimizes the mean squared error between the game result and
// a sigmoid of the evaluation, by gradient descent over a linear trace of
// each position's terms.
package tune

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
)

// A Sample is a position and the result of the game it occurred in,
// from White's point of view: 1 for a win, 0.5 for a draw, 0 for a loss.
type Sample struct {
	FEN    string
	Result float64
}

// ParseResult returns the value for White of a game result written as a
// PGN result token, 1-0, 0-1 or 1/2-1/2 (outcome.ParseResult), or as a
// number (1, 0, 0.5), and whether s is one of those.
//
// A number between 0 and 1 is also read as an expected score, the label
// luft tune label writes when it blends results with an engine's scores.
func ParseResult(s string) (float64, bool) {
	if r, ok := outcome.ParseResult(s); ok && r != outcome.Unfinished {
		return r.Points(board.White), true
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && v >= 0 && v <= 1
}

// ReadSamples reads samples, one a line as "FEN;result" with the result
// written 1-0, 0-1 or 1/2-1/2 (or 1, 0, 0.5). Blank lines and lines
// starting with # are ignored.
func ReadSamples(r io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fen, res, ok := strings.Cut(text, ";")
		v, known := ParseResult(strings.TrimSpace(res))
		if !ok || !known {
			return nil, fmt.Errorf("line %d: want FEN;result with result 1-0, 0-1, 1/2-1/2 or a number from 0 to 1, got %q", line, text)
		}
		out = append(out, Sample{strings.TrimSpace(fen), v})
	}
	return out, sc.Err()
}

// ReadFiles reads the samples of the named files, as ReadSamples does,
// one file after another; an error names its file.
func ReadFiles(names ...string) ([]Sample, error) {
	var samples []Sample
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		ss, err := ReadSamples(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		samples = append(samples, ss...)
	}
	return samples, nil
}

// String formats s as a line of the format ReadSamples reads: a result
// of 1, 0 or 0.5 as its PGN result token.
func (s Sample) String() string {
	for _, r := range []outcome.Result{outcome.WhiteWins, outcome.BlackWins, outcome.Draw} {
		if s.Result == r.Points(board.White) {
			return s.FEN + ";" + r.String()
		}
	}
	return s.FEN + ";" + strconv.FormatFloat(s.Result, 'f', 4, 64)
}

// Quiet reports whether p is quiet enough for its static evaluation to
// stand for its value: the side to move is not in check and has no
// capture or promotion that wins material by static exchange.
func Quiet(p *board.Position) bool {
	if p.InCheck() {
		return false
	}
	var l board.MoveList
	p.GenerateCaptures(&l)
	for _, m := range l.Moves() {
		if m.IsPromotion() || p.SEEGE(m, 1) {
			return false
		}
	}
	return true
}
