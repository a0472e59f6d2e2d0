package uci

import (
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
)

// writer serializes output lines: each line is written whole, in a single
// Write call, under a mutex, so lines from the search goroutine and the
// input loop never interleave. It remembers the first write error.
type writer struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
	err error
}

// line writes s and a newline.
func (w *writer) line(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return
	}
	w.buf = append(append(w.buf[:0], s...), '\n')
	_, w.err = w.w.Write(w.buf)
}

// failed returns the first write error, if any.
func (w *writer) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// sanitize makes s safe to embed in one output line: no line breaks, no
// control characters, valid UTF-8.
func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == '\uFFFD' {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
}

// formatScore appends a UCI score ("score cp 20 lowerbound").
func formatScore(b []byte, s engine.Score, bound engine.Bound) []byte {
	b = s.Reported().AppendUCI(append(b, "score "...))
	switch bound {
	case engine.Lower:
		b = append(b, " lowerbound"...)
	case engine.Upper:
		b = append(b, " upperbound"...)
	}
	return b
}

// formatInfo returns the info line of a principal variation, with the
// fields in Stockfish's order and pv last, its moves in the notation of
// Chess960 when chess960 is set.
func formatInfo(in engine.Info, showWDL, chess960 bool) string {
	b := make([]byte, 0, 128+6*len(in.PV))
	b = append(b, "info depth "...)
	b = strconv.AppendInt(b, int64(in.Depth), 10)
	if in.SelDepth > 0 {
		b = append(b, " seldepth "...)
		b = strconv.AppendInt(b, int64(in.SelDepth), 10)
	}
	b = append(b, " multipv "...)
	b = strconv.AppendInt(b, int64(max(in.MultiPV, 1)), 10)
	b = append(b, ' ')
	b = formatScore(b, in.Score, in.Bound)
	if showWDL {
		w, d, l := wdl(in.Score)
		b = append(b, " wdl "...)
		b = strconv.AppendInt(b, int64(w), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(d), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(l), 10)
	}
	ms := max(in.Time.Milliseconds(), 0)
	b = append(b, " nodes "...)
	b = strconv.AppendUint(b, in.Nodes, 10)
	b = append(b, " nps "...)
	b = strconv.AppendUint(b, nps(in.Nodes, in.Time), 10)
	b = append(b, " hashfull "...)
	b = strconv.AppendInt(b, int64(min(max(in.HashFull, 0), 1000)), 10)
	b = append(b, " tbhits "...)
	b = strconv.AppendUint(b, in.TBHits, 10)
	b = append(b, " time "...)
	b = strconv.AppendInt(b, ms, 10)
	if len(in.PV) > 0 {
		b = append(b, " pv"...)
		for _, m := range in.PV {
			b = append(b, ' ')
			b = append(b, m.UCI(chess960)...)
		}
	}
	return string(b)
}

// formatCurrMove returns the info line announcing a root move.
func formatCurrMove(depth int, m board.Move, number int, chess960 bool) string {
	return "info depth " + strconv.Itoa(depth) + " currmove " + m.UCI(chess960) +
		" currmovenumber " + strconv.Itoa(number)
}

// nps returns nodes per second, counting a time under 1 ms as 1 ms.
func nps(nodes uint64, t time.Duration) uint64 {
	ms := uint64(max(t.Milliseconds(), 1))
	if nodes > math.MaxUint64/1000 {
		return nodes / ms * 1000
	}
	return nodes * 1000 / ms
}

// The WDL model is logistic in the centipawn score s:
//
//	win  = 1 / (1 + exp((wdlMid - s) / wdlScale))
//	loss = 1 / (1 + exp((wdlMid + s) / wdlScale))
//	draw = 1 - win - loss
//
// so that +1 pawn (s = 100) is a 50% win chance, as in Stockfish's
// normalized scores, and an equal position is about an 85% draw.
const (
	wdlMid   = 100.0
	wdlScale = 40.0
)

// wdl returns the win, draw and loss expectation in permille for a score
// from the side to move's point of view; the three sum to 1000.
func wdl(s engine.Score) (win, draw, loss int) {
	if s.IsMate() {
		if s > 0 {
			return 1000, 0, 0
		}
		return 0, 0, 1000
	}
	cp := float64(s)
	win = int(math.Round(1000 / (1 + math.Exp((wdlMid-cp)/wdlScale))))
	loss = int(math.Round(1000 / (1 + math.Exp((wdlMid+cp)/wdlScale))))
	return win, 1000 - win - loss, loss
}
