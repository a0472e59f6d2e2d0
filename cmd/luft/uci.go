package main

import (
	"fmt"
	"os"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/uci"
)

// runUCI speaks UCI on standard input and output until quit or end of input.
func runUCI() int {
	// One line before anything else, like Stockfish's banner; GUIs and
	// python-chess ignore it.
	fmt.Fprintln(os.Stdout, banner())
	id := uci.ID{Name: "Luft " + version, Author: "the Luft developers"}
	if err := uci.Run(os.Stdin, os.Stdout, engine.New(uci.DefaultOptions()), id); err != nil {
		fmt.Fprintln(os.Stderr, "luft:", err)
		return 1
	}
	return 0
}

// banner returns the line that names Luft and its version: the first of
// UCI mode, and what luft version prints.
func banner() string { return fmt.Sprintf("Luft %s by the Luft developers", version) }
