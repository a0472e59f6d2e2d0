package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/play"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/book"
	"github.com/luftchess/luft/engine/skill"
)

// runPlay plays games against a person on standard input and output.
func runPlay(args []string) int {
	fs := flag.NewFlagSet("luft play", flag.ContinueOnError)
	color := fs.String("color", "white", "the side you play: white or black")
	elo := fs.Int("elo", 0, fmt.Sprintf("Luft's strength as a rating, %d-%d (default: full strength)", skill.MinElo, skill.MaxElo))
	level := fs.Int("level", skill.MaxSkill, fmt.Sprintf("Luft's skill level, 0-%d (%d: full strength)", skill.MaxSkill, skill.MaxSkill))
	seconds := fs.Float64("time", 1, "Luft's thinking time per move, in seconds")
	bookFile := fs.String("book", "", "a Polyglot opening book for Luft")
	fen := fs.String("fen", "", "the starting position (default: the standard one, or with -960 a random Chess960 one)")
	c960 := fs.Bool("960", false, "play Chess960: -fen is read as X-FEN or Shredder-FEN; castle with O-O or the king taking its rook")
	hash := fs.Int("hash", 64, "transposition table size in MiB")
	evalf := addEvalFlags(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	net, err := evalf.network()
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft play: %v\n", err)
		return 1
	}
	cfg := play.Config{FEN: *fen, Chess960: *c960, MoveTime: time.Duration(*seconds * float64(time.Second)), HashMB: *hash, Net: net}
	switch *color {
	case "white", "w":
		cfg.Human = board.White
	case "black", "b":
		cfg.Human = board.Black
	default:
		fmt.Fprintf(os.Stderr, "luft play: -color is white or black, not %q\n", *color)
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case set["elo"] && set["level"]:
		fmt.Fprintln(os.Stderr, "luft play: give -elo or -level, not both")
		return 2
	case set["elo"]:
		if *elo < skill.MinElo || *elo > skill.MaxElo {
			fmt.Fprintf(os.Stderr, "luft play: -elo %d is outside %d-%d\n", *elo, skill.MinElo, skill.MaxElo)
			return 2
		}
		cfg.Level = skill.ForElo(*elo)
	default:
		if *level < 0 || *level > skill.MaxSkill {
			fmt.Fprintf(os.Stderr, "luft play: -level %d is outside 0-%d\n", *level, skill.MaxSkill)
			return 2
		}
		cfg.Level = skill.ForSkill(*level)
	}
	if *seconds <= 0 {
		fmt.Fprintln(os.Stderr, "luft play: -time must be positive")
		return 2
	}
	if *bookFile != "" {
		b, err := book.Open(*bookFile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "luft play: %v\n", err)
			return 1
		}
		cfg.Book = b
	}
	// Input from a file or pipe is echoed so that the transcript reads
	// like a session at the keyboard.
	if fi, err := os.Stdin.Stat(); err == nil && fi.Mode()&os.ModeCharDevice == 0 {
		cfg.Echo = true
	}
	if err := play.Run(os.Stdin, os.Stdout, cfg); err != nil {
		fmt.Fprintf(os.Stderr, "luft play: %v\n", err)
		return 1
	}
	return 0
}
