//go:build tactics

package engine

import (
	"bufio"
	"context"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/notnil/chess"
)

// The tactics suite runs only with the tactics build tag, as it takes
// minutes:
//
//	go test -tags tactics -run Tactics -timeout 1h ./engine \
//	    -epd ../../shared/data/tactics/wacnew.epd -movetime 1s
var (
	epdFile    = flag.String("epd", "../../shared/data/tactics/wacnew.epd", "EPD file with bm operations in SAN")
	moveTime   = flag.Duration("movetime", time.Second, "search time per position")
	tacThreads = flag.Int("threads", 1, "search threads")
)

// TestTactics searches each position of an EPD suite for a fixed time and
// counts how often the best move is one of the bm moves.
func TestTactics(t *testing.T) {
	f, err := os.Open(*epdFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e := New(Options{HashMB: 64, Threads: *tacThreads})
	solved, total := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		fen, id, best := parseEPD(t, line)
		pos := mustFEN(t, fen)
		e.NewGame()
		ctx, cancel := context.WithTimeout(context.Background(), *moveTime)
		res := e.Search(ctx, pos, Limits{Infinite: true}, nil)
		cancel()
		total++
		if slices.Contains(best, res.Best) {
			solved++
		} else {
			t.Logf("%s: played %v, want %v", id, res.Best, best)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("solved %d of %d at %v per position", solved, total, *moveTime)
}

// parseEPD returns the FEN, id and best moves of an EPD line whose bm
// operation is in SAN.
func parseEPD(t *testing.T, line string) (fen, id string, best []board.Move) {
	fields := strings.Fields(line)
	fen = strings.Join(fields[:4], " ")
	ref, err := chess.FEN(fen + " 0 1")
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	cpos := chess.NewGame(ref).Position()
	pos := mustFEN(t, fen)
	for op := range strings.SplitSeq(strings.Join(fields[4:], " "), ";") {
		op = strings.TrimSpace(op)
		switch {
		case strings.HasPrefix(op, "id "):
			id = strings.Trim(strings.TrimPrefix(op, "id "), `"`)
		case strings.HasPrefix(op, "bm "):
			for _, san := range strings.Fields(strings.TrimPrefix(op, "bm ")) {
				m, err := chess.AlgebraicNotation{}.Decode(cpos, san)
				if err != nil {
					t.Fatalf("%s: bm %s: %v", line, san, err)
				}
				best = append(best, mustMove(t, pos, chess.UCINotation{}.Encode(cpos, m)))
			}
		}
	}
	return fen, id, best
}
