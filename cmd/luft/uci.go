package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/uci"
)

// runUCI speaks UCI on stdin and stdout until quit or end of input, after
// running lines, the UCI lines of the command line, in order.
func runUCI(lines []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// One line before anything else, like Stockfish's banner; GUIs and
	// python-chess ignore it.
	fmt.Fprintln(stdout, banner())
	if len(lines) > 0 {
		stdin = io.MultiReader(strings.NewReader(strings.Join(lines, "\n")+"\n"), stdin)
	}
	id := uci.ID{Name: "Luft " + version, Author: "the Luft developers"}
	if err := uci.Run(stdin, stdout, engine.New(uci.DefaultOptions()), id); err != nil {
		fmt.Fprintln(stderr, "luft:", err)
		return 1
	}
	return 0
}

// banner returns the line that names Luft and its version: the first of
// UCI mode, and what luft version prints.
func banner() string { return fmt.Sprintf("Luft %s by the Luft developers", version) }
