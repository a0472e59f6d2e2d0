package eval

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteTo writes w as text, one weight a line: its name (see WeightName),
// middlegame and endgame value.
func (w *Weights) WriteTo(out io.Writer) (int64, error) {
	bw := bufio.NewWriter(out)
	var n int64
	for i, x := range w {
		k, _ := fmt.Fprintf(bw, "%s %d %d\n", WeightName(i), x.MG, x.EG)
		n += int64(k)
	}
	return n, bw.Flush()
}

// ReadWeights reads weights in the format WriteTo writes. Every weight
// must be present exactly once; blank lines and lines starting with #
// are ignored.
func ReadWeights(r io.Reader) (*Weights, error) {
	index := make(map[string]int, NumWeights)
	for i := range NumWeights {
		index[WeightName(i)] = i
	}
	var w Weights
	seen := make([]bool, NumWeights)
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want name, middlegame and endgame value, got %q", line, sc.Text())
		}
		i, ok := index[f[0]]
		if !ok {
			return nil, fmt.Errorf("line %d: unknown weight %q", line, f[0])
		}
		if seen[i] {
			return nil, fmt.Errorf("line %d: weight %s given twice", line, f[0])
		}
		mg, err1 := strconv.Atoi(f[1])
		eg, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || abs(mg) > 10000 || abs(eg) > 10000 {
			return nil, fmt.Errorf("line %d: bad values %q %q (integers within ±10000)", line, f[1], f[2])
		}
		w[i], seen[i] = Weight{mg, eg}, true
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("weight %s missing", WeightName(i))
		}
	}
	return &w, nil
}
