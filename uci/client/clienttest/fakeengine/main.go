// Command fakeengine is a UCI engine for tests that plays the first legal
// move, or misbehaves as its first argument says:
//
//	good     plays the first legal move at once
//	crash    exits when asked for its first move
//	hang     never answers go
//	illegal  answers every go with e2e5 (or a1a1)
//	garbage  answers go with lines of garbage and "bestmove xyzzy"
//	slow     sleeps 300 ms per move
//	nouci    never answers uci
//	mute     answers uci but never readyok
//	ponder   plays the first legal move and suggests pondering on the
//	         first legal reply; after ponderhit it reports depth 2
//	miss     as ponder, but suggests the last legal reply
//	tired    plays the first legal move twice, then exits when asked
//	         for its third move
//	up       plays the first legal move, scoring it 400 centipawns up
//	         for the side to move
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/notnil/chess"
)

func main() {
	mode := "good"
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	var pos *chess.Position
	pondering := false
	searches := 0 // go commands, ponder searches aside
	cp := 0       // the score of every search
	if mode == "up" {
		cp = 400
	}
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			if mode == "nouci" {
				continue
			}
			fmt.Println("id name fake-" + mode)
			fmt.Println("uciok")
		case "isready":
			if mode != "mute" {
				fmt.Println("readyok")
			}
		case "position":
			pos = position(f[1:])
		case "ponderhit", "stop":
			if pondering {
				pondering = false
				fmt.Println("info depth 2 score cp 0 nodes 2")
				answer(pos, mode)
			}
		case "go":
			if len(f) > 1 && f[1] == "ponder" {
				pondering = true
				continue
			}
			searches++
			switch {
			case mode == "crash", mode == "tired" && searches > 2:
				os.Exit(3)
			case mode == "hang":
				continue
			case mode == "illegal":
				fmt.Println("bestmove e2e5")
				continue
			case mode == "garbage":
				fmt.Println("\x00\xff{}{{ bestmove")
				fmt.Println("info score banana")
				fmt.Println("bestmove xyzzy")
				continue
			case mode == "slow":
				time.Sleep(300 * time.Millisecond)
			}
			fmt.Printf("info depth 1 score cp %d nodes 1\n", cp)
			answer(pos, mode)
		case "quit":
			return
		}
	}
}

// answer prints the bestmove, the first legal move of pos, with a ponder
// move in the ponder modes.
func answer(pos *chess.Position, mode string) {
	m := pos.ValidMoves()[0]
	line := "bestmove " + chess.UCINotation{}.Encode(pos, m)
	if replies := pos.Update(m).ValidMoves(); len(replies) > 0 && (mode == "ponder" || mode == "miss") {
		r := replies[0]
		if mode == "miss" {
			r = replies[len(replies)-1]
		}
		line += " ponder " + chess.UCINotation{}.Encode(pos.Update(m), r)
	}
	fmt.Println(line)
}

func position(f []string) *chess.Position {
	g := chess.NewGame(chess.UseNotation(chess.UCINotation{}))
	i := 1
	if f[0] == "fen" {
		for i < len(f) && f[i] != "moves" {
			i++
		}
		opt, err := chess.FEN(strings.Join(f[1:i], " "))
		if err != nil {
			panic(err)
		}
		g = chess.NewGame(opt, chess.UseNotation(chess.UCINotation{}))
	}
	if i < len(f) && f[i] == "moves" {
		for _, m := range f[i+1:] {
			if err := g.MoveStr(m); err != nil {
				panic(err)
			}
		}
	}
	return g.Position()
}
