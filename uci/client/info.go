package client

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/game/score"
)

// Info is an info line that reports a principal variation. Fields the
// line does not give are zero.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int         // 1 for the best line, or when the line gives none
	Score    score.Score // from the side to move's point of view
	Bound    string      // "lowerbound", "upperbound" or "" for an exact score
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	PV       []string // moves in UCI notation
}

// ParseInfo parses an info line that carries a score, as engines send
// while they search. It reports false for other lines, among them info
// string and currmove lines.
func ParseInfo(line string) (Info, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return Info{}, false
	}
	in, scored := Info{MultiPV: 1}, false
	for i := 1; i < len(f); i++ {
		if f[i] == "string" {
			return Info{}, false
		}
		if f[i] == "pv" {
			in.PV = append([]string(nil), f[i+1:]...)
			break
		}
		if f[i] == "score" {
			scored = in.score(f[i+1:]) || scored
		} else if i+1 < len(f) && in.field(f[i], f[i+1:]) {
			i++
		}
	}
	return in, scored
}

// field reads the value of the info field name from the tokens after it,
// and reports whether it consumed the first of them.
func (in *Info) field(name string, rest []string) bool {
	n, err := strconv.ParseInt(rest[0], 10, 64)
	switch name {
	case "depth":
		in.Depth = int(n)
	case "seldepth":
		in.SelDepth = int(n)
	case "multipv":
		in.MultiPV = max(int(n), 1)
	case "nodes":
		in.Nodes = uint64(max(n, 0))
	case "nps":
		in.NPS = uint64(max(n, 0))
	case "time":
		in.Time = time.Duration(max(n, 0)) * time.Millisecond
	default:
		return false
	}
	return err == nil
}

// score reads "cp N" or "mate N", and a bound after them; it reports
// whether it read a score.
func (in *Info) score(rest []string) bool {
	if len(rest) < 2 {
		return false
	}
	s, err := score.ParseUCI(rest[0], rest[1])
	if err != nil {
		return false
	}
	in.Score = s
	if len(rest) > 2 && (rest[2] == "lowerbound" || rest[2] == "upperbound") {
		in.Bound = rest[2]
	}
	return true
}

// AwaitBestMove waits at most timeout for the bestmove of a search
// started with Send, passing each info line with a score to report (which
// may be nil) as it arrives. Elapsed is measured from the call. On
// ErrTimeout or a cancelled ctx the engine may still be searching: send
// stop and call it again, or close the engine.
func (e *Engine) AwaitBestMove(ctx context.Context, timeout time.Duration, report func(Info)) (Search, error) {
	var s Search
	start := time.Now()
	line, err := e.await(ctx, "bestmove", timeout, func(line string) {
		in, ok := ParseInfo(line)
		if !ok {
			return
		}
		if in.MultiPV == 1 {
			s.Depth, s.Score, s.Scored = in.Depth, in.Score, true
		}
		if report != nil {
			report(in)
		}
	})
	s.Elapsed = time.Since(start)
	if err != nil {
		return s, err
	}
	f := strings.Fields(line)
	if len(f) > 1 {
		s.Move = f[1]
	}
	if len(f) > 3 && f[2] == "ponder" {
		s.Ponder = f[3]
	}
	return s, nil
}
