// Command luft is a UCI chess engine. With no arguments it speaks UCI on
// standard input and output; its subcommands serve developers and users.
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/luftchess/luft/engine/board"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// command is one subcommand of luft.
type command struct {
	usage string // one line: arguments and what it does
	run   func(args []string) int
}

// commands are the subcommands by name; each one's run function stands in
// the file of the same name.
var commands = map[string]command{
	"bench":   {"[-nnue=false] [-evalfile FILE] [depth]  search the bench positions; prints the node signature and speed", runBench},
	"datagen": {"(-games N | -positions N) -out FILE [-nodes N] [-nnue=false] [-evalfile FILE] ...  self-play training data for NNUE (-h for options)", runDatagen},
	"eval":    {"[-weights FILE] [-evalfile FILE] [FEN]  print a position's evaluations: hand-crafted by term, and the network's (default: start position)", runEval},
	"match":   {"-engine cmd=A -engine cmd=B -each tc=10+0.1 ...  play an engine match (-h for options)", runMatch},
	"perft":   {"[-960] DEPTH [FEN]  count the legal move tree: divide, total, time, nodes per second (-960: a Chess960 FEN, X-FEN or Shredder-FEN)", runPerft},
	"play":    {"[-color white|black] [-elo N | -level N] [-time S] [-book FILE] [-960] [-fen FEN]  play a game in the terminal (-960: Chess960)", runPlay},
	"tb":      {"[-path DIRS] FEN  what the Syzygy tables say of a position and of each legal move (WDL, DTZ)", runTB},
	"serve":   {"[-addr 127.0.0.1:8080] [-open] [-max-games N] [-move-time D]  play Luft in the browser (-h for options)", runServe},
	"train":   {"-out DIR [-epochs N] [-hidden H] [-resume FILE] ... FILE...  train the NNUE on datagen files (-h for options)", runTrain},
	"tune":    {"extract|label|fit ...   make training data from PGN games, label it with an engine's scores, fit the evaluation weights (-h for options)", runTune},
}

func main() {
	args := os.Args[1:]
	if len(args) == 0 || commands[args[0]].run == nil {
		if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
			usage()
			return
		}
		// No subcommand: speak UCI. Unknown arguments are ignored, as
		// lichess-bot passes engine options as --key=value arguments.
		os.Exit(runUCI())
	}
	os.Exit(commands[args[0]].run(args[1:]))
}

func usage() {
	fmt.Fprintf(os.Stderr, "luft %s, a UCI chess engine\n\nusage:\n  luft                 speak UCI on stdin/stdout\n", version)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  luft %-15s %s\n", n, commands[n].usage)
	}
}

// parsePosition returns the position of the FEN that args give, in one
// argument or with its fields as separate ones, or the start position
// when there are none.
func parsePosition(args []string) (*board.Position, error) {
	fen := strings.Join(args, " ")
	if fen == "" {
		fen = board.StartFEN
	}
	return board.ParseFEN(fen)
}
