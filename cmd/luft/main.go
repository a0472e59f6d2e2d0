// Command luft is a UCI chess engine. With no arguments it speaks UCI on
// standard input and output; its subcommands serve developers and users.
package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/uci"
)

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
	"spsa":    {"  print the search parameters that UCI options tune, as OpenBench's SPSA takes them (make TAGS=spsa builds)", runSPSA},
	"tb":      {"[-path DIRS] FEN  what the Syzygy tables say of a position and of each legal move (WDL, DTZ)", runTB},
	"review":  {"[-nodes N | -movetime D] [-threads N] [-hash MB] [FILE]  annotate PGN games with evaluations, mistakes, better moves and accuracy (-h for details)", runReview},
	"serve":   {"[-addr 127.0.0.1:8080] [-open] [-max-games N] [-move-time D]  play Luft in the browser (-h for options)", runServe},
	"train":   {"-out DIR [-epochs N] [-hidden H] [-resume FILE] ... FILE...  train the NNUE on datagen files (-h for options)", runTrain},
	"tune":    {"extract|label|fit ...   make training data from PGN games, label it with an engine's scores, fit the evaluation weights (-h for options)", runTune},
}

// The words that ask for the list of commands and for the version, first
// the one usage shows; the others are the spellings people try.
var (
	helpWords    = []string{"help", "-h", "-help", "--help"}
	versionWords = []string{"version", "-version", "--version", "-v"}
)

func main() {
	args := os.Args[1:]
	if lines, ok := uciLines(args); ok {
		os.Exit(runUCI(lines, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(run(args, os.Stdout, os.Stderr))
}

// uciLines reports whether the command line args start UCI mode, and
// returns the UCI lines it gives, which run before standard input is
// read. UCI mode starts with no arguments, as GUIs start an engine; with
// flags luft does not know (a first argument starting with '-'), as
// lichess-bot passes engine options (--key=value), which are ignored; and
// with arguments that are UCI lines, the first starting with a UCI
// command, as OpenBench runs luft "genfens 10 seed 3 book None" quit. A
// word that is neither a command of luft nor of UCI is a person's typing
// error, which run reports.
func uciLines(args []string) (lines []string, ok bool) {
	if len(args) == 0 {
		return nil, true
	}
	first := args[0]
	if strings.HasPrefix(first, "-") {
		return nil, !slices.Contains(helpWords, first) && !slices.Contains(versionWords, first)
	}
	if word, _, _ := strings.Cut(strings.TrimSpace(first), " "); uci.IsCommand(word) && commands[word].run == nil {
		return args, true
	}
	return nil, false
}

// run runs the command line args that do not start UCI mode, writing help
// and the version to stdout and complaints to stderr, and returns the
// exit code.
func run(args []string, stdout, stderr io.Writer) int {
	name := args[0]
	switch {
	case slices.Contains(helpWords, name):
		usage(stdout)
		return 0
	case slices.Contains(versionWords, name):
		fmt.Fprintln(stdout, banner())
		return 0
	case commands[name].run != nil:
		return commands[name].run(args[1:])
	}
	fmt.Fprintf(stderr, "luft: unknown command %q%s\n", name, suggestion(name))
	fmt.Fprintf(stderr, "Run 'luft %s' for the commands; with no arguments luft speaks UCI.\n", helpWords[0])
	return 2
}

// usage writes the list of commands to w.
func usage(w io.Writer) {
	fmt.Fprintf(w, "luft %s, a UCI chess engine\n\nusage:\n  luft                 speak UCI on stdin/stdout\n", version)
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  luft %-15s %s\n", n, commands[n].usage)
	}
	fmt.Fprintf(w, "  luft %-15s %s\n", helpWords[0], "list the commands")
	fmt.Fprintf(w, "  luft %-15s %s\n", versionWords[0], "print the version")
}

// commandNames returns the names of the subcommands in order.
func commandNames() []string { return slices.Sorted(maps.Keys(commands)) }

// suggestion returns ` (did you mean "perft"?)` for a word within two
// edits of the names of one or more commands, or "" when none is.
func suggestion(word string) string {
	names := append(commandNames(), helpWords[0], versionWords[0])
	slices.Sort(names)
	var near []string
	best := 2 // more edits than this make another word
	for _, name := range names {
		d := editDistance(strings.ToLower(word), name)
		if d >= len(word) || d > best {
			continue // every letter changed, or farther than the closest
		}
		if d < best {
			best, near = d, near[:0]
		}
		near = append(near, fmt.Sprintf("%q", name))
	}
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near, " or ") + "?)"
}

// editDistance returns the number of letters to insert, delete or change,
// or of neighbours to swap, that turn a into b (the optimal string
// alignment distance): "pref" is 2 from "perft", "serv" 1 from "serve".
func editDistance(a, b string) int {
	// d[i][j] is the distance between a[:i] and b[:j].
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
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
