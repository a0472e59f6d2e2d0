package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/luftchess/luft/engine"
)

// parseFlags is fs.Parse(args) for a subcommand, with its flags allowed
// anywhere among its arguments (luft bench 5 -nnue=false is luft bench
// -nnue=false 5), and "--" ending the flags, so that what follows it is
// taken as arguments even when it starts with '-'. fs.Args() returns the
// arguments in their order. Help asked for (-h, -help, --help) goes to
// stdout, so that it pages and greps, and a bad flag's complaint with the
// usage to fs's output, standard error unless set. After help it returns
// flag.ErrHelp, which ends the command with status 0 (see flagStatus).
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	flags, rest := splitFlags(fs, args)
	out := fs.Output()
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	err := fs.Parse(flags)
	if err == nil {
		err = fs.Parse(append([]string{"--"}, rest...)) // sets fs.Args()
	}
	fs.SetOutput(out)
	if errors.Is(err, flag.ErrHelp) {
		out = stdout
	}
	buf.WriteTo(out)
	return err
}

// splitFlags separates args into the flags of fs, each with the next
// argument when that is its value, and the other arguments, each in
// order. As for package flag, "-" alone is an argument, and "--" ends the
// flags: what follows it are arguments.
func splitFlags(fs *flag.FlagSet, args []string) (flags, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(rest, args[i+1:]...)
		case len(a) < 2 || a[0] != '-':
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(a[1:], "-")
		if !strings.Contains(name, "=") && takesValue(fs.Lookup(name)) && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, rest
}

// takesValue reports whether the flag f, if defined, takes its value from
// the next argument: any flag but a boolean one.
func takesValue(f *flag.Flag) bool {
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// checkArgs refuses the arguments of fs beyond the first max, which the
// command does not take.
func checkArgs(fs *flag.FlagSet, max int) error {
	if fs.NArg() > max {
		return fmt.Errorf("unexpected argument %q", fs.Arg(max))
	}
	return nil
}

// checkEngines refuses n engines, each with a table of hashMB MiB (at
// least 1) and threads search threads, that would not fit in the memory
// available now: the rule of engine.CheckMemory, which the UCI options
// Hash and Threads obey too.
func checkEngines(n, hashMB, threads int) error {
	if hashMB < 1 {
		return errors.New("-hash must be at least 1")
	}
	err := engine.CheckMemory(engine.Options{HashMB: hashMB, Threads: threads}, engine.Options{})
	if err == nil && n > 1 {
		err = engine.CheckMemory(engine.Options{HashMB: n * hashMB, Threads: n * threads}, engine.Options{})
	}
	switch {
	case err != nil && n > 1:
		return fmt.Errorf("-hash %d for each of %d engines: %w", hashMB, n, err)
	case err != nil:
		return fmt.Errorf("-hash %d: %w", hashMB, err)
	}
	return nil
}

// flagsAnywhere says how parseFlags reads a command line, at the end of
// the usage of every subcommand that has flags.
const flagsAnywhere = "\nFlags may come before, between or after the arguments; -- ends the flags.\n"

// newFlagSet returns the flag set of the luft command name ("eval", "tune
// fit"), whose usage is the text usage followed by the flags, if it has
// any, and how parseFlags reads them.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("luft "+name, flag.ContinueOnError)
	fs.Usage = func() {
		io.WriteString(fs.Output(), usage)
		fs.PrintDefaults()
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			io.WriteString(fs.Output(), flagsAnywhere)
		}
	}
	return fs
}

// flagError is an error of parseFlags, which has written it.
type flagError struct{ err error }

func (e flagError) Error() string { return e.err.Error() }

// flagStatus returns the exit status of a command that ends on err from
// parseFlags: 0 after help, 2 after a bad flag.
func flagStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// asksHelp reports whether args, a command's arguments, ask for its help
// as luft's own help words do: for the commands that read their
// arguments without a flag set.
func asksHelp(args []string) bool {
	return len(args) > 0 && slices.Contains(helpWords, args[0])
}

// checkThreads refuses a -threads count below 1 or above engine.MaxThreads,
// the most Luft runs at once for any job: each of them (a search thread of
// review, a game of datagen with its hash table, an engine process of tune
// label, a gradient of train as large as the network) holds memory, so a
// mistyped count would exhaust the machine rather than run faster.
func checkThreads(n int) error {
	if n < 1 || n > engine.MaxThreads {
		return fmt.Errorf("-threads must be 1 to %d", engine.MaxThreads)
	}
	return nil
}
