package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/muesli/termenv"

	"github.com/luftchess/luft/cmd/luft/internal/play"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/book"
	"github.com/luftchess/luft/engine/player"
)

const playUsage = `usage: luft play [-color black] [-elo N | -level N] [-time SECONDS] [flags]

Plays chess against Luft in the terminal. Type moves in SAN (e4, Nf3,
O-O, e8=Q; piece letters also in lower case) or UCI notation (e2e4), and
help for the commands: suggest, legal, undo, history, fen, board, flip,
new, level, elo, save. On a terminal with colours the board has light
and dark squares, the last move marked and a king in check on red; with
NO_COLOR set, TERM=dumb or through a pipe it is plain text. Input from a
pipe is echoed, so that a scripted game reads like one at the keyboard.

flags:
`

// runPlay plays games against a person on standard input and output.
func runPlay(args []string) int {
	cfg, code := playConfig(args, os.Stdout, os.Stderr)
	if cfg == nil {
		return code // help asked for, or bad usage
	}
	// Input from a file or pipe is echoed so that the transcript reads
	// like a session at the keyboard.
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice == 0 {
		cfg.Echo = true
	}
	if o := boardColors(os.Stdout); o != nil {
		if restore, err := termenv.EnableVirtualTerminalProcessing(o); err == nil { // Windows consoles
			defer restore()
			cfg.Colors = o
		}
	}
	if err := play.Run(os.Stdin, os.Stdout, *cfg); err != nil {
		fmt.Fprintf(os.Stderr, "luft play: %v\n", err)
		return 1
	}
	return 0
}

// playConfig parses the flags of luft play, and reads the opening book
// and the network they name, into the configuration of the games. It
// writes -h's usage to stdout and what is wrong to stderr; then it returns
// no configuration, for no game, and the exit code: 0 after -h, 2 for
// bad usage, 1 for a file that cannot be read.
func playConfig(args []string, stdout, stderr io.Writer) (*play.Config, int) {
	fs := newFlagSet("play", playUsage)
	fs.SetOutput(stderr)
	color := fs.String("color", "white", "the `side` you play: white or black")
	elo := fs.Int("elo", 0, fmt.Sprintf("Luft's strength as a rating `N`, %d-%d, calibrated %d-%d (default: full strength)",
		player.MinElo, player.MaxElo, player.MinCalibratedElo, player.MaxCalibratedElo))
	level := fs.Int("level", player.MaxSkill, fmt.Sprintf("Luft's skill level `N`, 0 (weakest) to %d (full strength)", player.MaxSkill))
	seconds := fs.Float64("time", 1, "Luft's thinking time per move, in `seconds`")
	bookFile := fs.String("book", "", "a Polyglot opening book `file` for Luft")
	fen := fs.String("fen", "", "the starting position in `FEN` (default: the standard one, or with -960 a random Chess960 one)")
	c960 := fs.Bool("960", false, "play Chess960: -fen is read as X-FEN or Shredder-FEN; castle with O-O or the king taking its rook")
	hash := fs.Int("hash", 64, "transposition table size in `MiB`")
	evalf := addEvalFlags(fs)
	if err := parseFlags(fs, args, stdout); err != nil {
		return nil, flagStatus(err)
	}
	fail := func(code int, format string, args ...any) (*play.Config, int) {
		fmt.Fprintf(stderr, "luft play: "+format+"\n", args...)
		return nil, code
	}
	if err := checkArgs(fs, 0); err != nil {
		return fail(2, "%v", err)
	}
	if err := checkEngines(1, *hash, 1); err != nil {
		return fail(2, "%v", err)
	}
	cfg := &play.Config{FEN: *fen, Chess960: *c960, MoveTime: time.Duration(*seconds * float64(time.Second)), HashMB: *hash}
	switch *color {
	case "white", "w":
		cfg.Human = board.White
	case "black", "b":
		cfg.Human = board.Black
	default:
		return fail(2, "-color is white or black, not %q", *color)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case set["elo"] && set["level"]:
		return fail(2, "give -elo or -level, not both")
	case set["elo"]:
		if *elo < player.MinElo || *elo > player.MaxElo {
			return fail(2, "-elo %d is outside %d-%d", *elo, player.MinElo, player.MaxElo)
		}
		cfg.Level = player.ForElo(*elo)
	default:
		if *level < 0 || *level > player.MaxSkill {
			return fail(2, "-level %d is outside 0-%d", *level, player.MaxSkill)
		}
		cfg.Level = player.ForSkill(*level)
	}
	if *seconds <= 0 {
		return fail(2, "-time must be positive")
	}
	var err error
	if cfg.Net, err = evalf.network(); err != nil {
		return fail(1, "%v", err)
	}
	if *bookFile != "" {
		b, err := book.Open(*bookFile)
		if err != nil {
			return fail(1, "%v", err)
		}
		cfg.Book = b
	}
	return cfg, 0
}

// boardColors returns w as a terminal with colours, for a board in
// colour, or nil for a plain board: termenv reads whether w is a
// terminal, TERM (dumb: none), COLORTERM, NO_COLOR and CLICOLOR, from the
// environment unless opts say otherwise.
func boardColors(w io.Writer, opts ...termenv.OutputOption) *termenv.Output {
	o := termenv.NewOutput(w, opts...)
	if o.Profile == termenv.Ascii {
		return nil
	}
	return o
}
