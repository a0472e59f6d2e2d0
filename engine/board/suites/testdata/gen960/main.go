// Command gen960 writes the Chess960 perft suites of ../ with the counts of
// Stockfish's "go perft" in Chess960 mode. It was run once; the counts are
// facts, and the files are not expected to change. From the repository:
//
//	go run ./engine/board/suites/testdata/gen960 -stockfish /usr/games/stockfish -out engine/board/suites/testdata
//
// chess960.epd holds the 960 starting positions in Shredder-FEN with the
// counts to depth 5. chess960_middlegames.epd holds positions reached by
// random games from random starting positions in which both sides keep a
// castling right and the side to move can castle, written in X-FEN, with
// the counts to depth 6 (5 where depth 6 would cost too much).
//
// It speaks to Stockfish through Luft's UCI client, uci/client: a tool
// under testdata is no package of the module, so it stands outside the
// layering that keeps the board below uci.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/uci/client"
)

var (
	stockfish = flag.String("stockfish", "/usr/games/stockfish", "path of Stockfish")
	out       = flag.String("out", "engine/board/suites/testdata", "directory to write the suites to")
	startDep  = flag.Int("start-depth", 5, "depth of the starting positions' counts")
	middle    = flag.Int("middlegames", 24, "number of middlegame positions")
	maxD6     = flag.Uint64("max-d6", 1_500_000_000, "largest estimated depth-6 count kept at depth 6")
	skipStart = flag.Bool("skip-start", false, "do not write chess960.epd")
)

// engine is a Stockfish process in Chess960 mode.
type engine struct{ *client.Engine }

// start starts Stockfish and switches it to Chess960.
func start(path string) (engine, error) {
	sf, err := client.Start(client.Config{Cmd: path})
	if err != nil {
		return engine{}, err
	}
	opts := []client.Option{{Name: "UCI_Chess960", Value: "true"}}
	return engine{sf}, sf.Handshake(context.Background(), opts, time.Minute)
}

// perft returns Stockfish's perft count of fen at depth.
func (e engine) perft(fen string, depth int) uint64 {
	if err := e.Send(fmt.Sprintf("position fen %s\ngo perft %d", fen, depth)); err != nil {
		log.Fatal(err)
	}
	line, err := e.Await(context.Background(), "Nodes", time.Hour)
	if err != nil {
		log.Fatalf("stockfish: no node count: %v", err)
	}
	var n uint64
	if _, err := fmt.Sscanf(line, "Nodes searched: %d", &n); err != nil {
		log.Fatal(err)
	}
	return n
}

// record returns the EPD line of fen with the counts to depth.
func (e engine) record(fen string, depth int) (string, []uint64) {
	f := strings.Fields(fen)
	line := strings.Join(f[:4], " ")
	var counts []uint64
	for d := 1; d <= depth; d++ {
		n := e.perft(fen, d)
		counts = append(counts, n)
		line += fmt.Sprintf(" ;D%d %d", d, n)
	}
	return line, counts
}

// shredder rewrites the KQkq of a starting position's FEN as the files of
// its rooks.
func shredder(fen string) string {
	back := fen[:8]
	outer := string([]byte{'a' + byte(strings.LastIndexByte(back, 'r')), 'a' + byte(strings.IndexByte(back, 'r'))})
	return strings.Replace(fen, "KQkq", strings.ToUpper(outer)+outer, 1)
}

func writeFile(name string, lines []string) {
	path := filepath.Join(*out, name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %d positions to %s", len(lines), path)
}

func main() {
	flag.Parse()
	sf, err := start(*stockfish)
	if err != nil {
		log.Fatal(err)
	}
	if !*skipStart {
		var lines []string
		for n := range board.Chess960Positions {
			line, _ := sf.record(shredder(board.Chess960StartFEN(n)), *startDep)
			lines = append(lines, line)
		}
		writeFile("chess960.epd", lines)
	}
	var lines []string
	rng := rand.New(rand.NewPCG(960, 2026))
	seen := map[string]bool{}
	kinds := map[string]int{}
	for len(lines) < *middle {
		p := randomMiddlegame(rng)
		if p == nil || seen[p.FEN()] {
			continue
		}
		kind := castlingKind(p)
		if kinds[kind] >= (*middle+3)/4 { // spread over the kinds of castling
			continue
		}
		fen := p.FEN()
		d4, d5 := sf.perft(fen, 4), sf.perft(fen, 5)
		depth := 6
		if est := d5 * d5 / max(d4, 1); est > *maxD6 {
			if est > 4**maxD6 {
				continue // too big even at depth 5 to be cheap in the tests
			}
			depth = 5
		}
		seen[fen] = true
		kinds[kind]++
		line, counts := sf.record(fen, depth)
		log.Printf("%s (%s): %v", fen, kind, counts)
		lines = append(lines, line)
	}
	writeFile("chess960_middlegames.epd", lines)
}

// randomMiddlegame plays a random game of 12 to 40 plies from a random
// starting position, mostly with other pieces than kings and rooks, and
// returns its last position if both sides keep a castling right and the
// side to move can castle; else nil.
func randomMiddlegame(rng *rand.Rand) *board.Position {
	p, err := board.ParseFEN960(board.Chess960StartFEN(rng.IntN(board.Chess960Positions)))
	if err != nil {
		log.Fatal(err)
	}
	plies := 12 + rng.IntN(29)
	var l board.MoveList
	for range plies {
		p.GenerateLegal(&l)
		if l.Len() == 0 {
			return nil
		}
		m := l.Moves()[rng.IntN(l.Len())]
		for try := 0; try < 4; try++ { // spare the kings and rooks, favour captures
			t := p.PieceAt(m.From()).Type()
			if t != board.King && t != board.Rook && (p.IsCapture(m) || try > 1) {
				break
			}
			m = l.Moves()[rng.IntN(l.Len())]
		}
		p.Make(m)
	}
	for _, c := range []board.Color{board.White, board.Black} {
		if !p.CanCastle(c, true) && !p.CanCastle(c, false) {
			return nil
		}
	}
	if castlingKind(p) == "" {
		return nil
	}
	return p
}

// castlingKind names the first legal castling move of the side to move by
// what moves: "king" when only the king moves, "rook" when only the rook
// does, "swap" when the king lands on the rook's square, "both" otherwise;
// "" when it cannot castle.
func castlingKind(p *board.Position) string {
	var l board.MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Moves() {
		if !m.IsCastling() {
			continue
		}
		p.Make(m)
		king := p.PieceAt(m.From()) == board.MakePiece(p.SideToMove().Other(), board.King)
		rook := p.PieceAt(m.To()) == board.MakePiece(p.SideToMove().Other(), board.Rook)
		kingTo := p.PieceAt(m.To()) == board.MakePiece(p.SideToMove().Other(), board.King)
		p.Unmake()
		switch {
		case king:
			return "rook"
		case rook && !kingTo:
			return "king"
		case kingTo:
			return "swap"
		}
		return "both"
	}
	return ""
}
