package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"slices"
)

// parseFlags is fs.Parse(args) for a subcommand: help asked for (-h,
// -help) goes to stdout, so that it pages and greps, and a bad flag's
// complaint with the usage to fs's output, standard error unless set.
// After help it returns flag.ErrHelp, which ends the command with status
// 0 (see flagStatus).
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	out := fs.Output()
	var buf bytes.Buffer
	fs.SetOutput(&buf)
	err := fs.Parse(args)
	fs.SetOutput(out)
	if errors.Is(err, flag.ErrHelp) {
		out = stdout
	}
	buf.WriteTo(out)
	return err
}

// newFlagSet returns the flag set of the luft command name ("eval", "tune
// fit"), whose usage is the text usage followed by the flags.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("luft "+name, flag.ContinueOnError)
	fs.Usage = func() {
		io.WriteString(fs.Output(), usage)
		fs.PrintDefaults()
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
