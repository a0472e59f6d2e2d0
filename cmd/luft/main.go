// Command luft is a UCI chess engine. With no arguments it speaks UCI on
// standard input and output; its subcommands serve developers and users.
package main

import (
	"fmt"
	"os"
	"sort"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// command is one subcommand of luft.
type command struct {
	name  string
	usage string // one line: arguments and what it does
	run   func(args []string) int
}

// commands holds the subcommands, registered by the files that define them.
var commands = map[string]command{}

// register adds a subcommand; each subcommand's file calls it from init.
func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("luft: duplicate command " + c.name)
	}
	commands[c.name] = c
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
