package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/syzygy"
)

// tbPathVariable names the environment variable that gives luft tb its
// tables when -path does not.
const tbPathVariable = "SYZYGY_PATH"

// runTB prints what the Syzygy tables say of a position and of each of
// its legal moves, as fathom does.
func runTB(args []string) int { return tbTo(os.Stdout, os.Stderr, args) }

const tbUsage = `usage: luft tb [-path DIRS] FEN

Prints the position's WDL and DTZ (from the side to move's view, DTZ in plies and
negative for losses) and each legal move's, best first, as the tables give them.
A win whose DTZ and halfmove clock pass 100 is a CursedWin, as fathom says.

`

// tbHowTo says how to give luft tb its tables.
const tbHowTo = "give their directories with -path DIRS or $" + tbPathVariable

// tbTo is runTB writing the verdict to out and errors to errOut.
func tbTo(out, errOut io.Writer, args []string) int {
	fs := newFlagSet("tb", tbUsage)
	fs.SetOutput(errOut)
	path := fs.String("path", os.Getenv(tbPathVariable), "the tables' directories `DIRS`, separated by '"+string(os.PathListSeparator)+"'; $"+tbPathVariable+" gives the default")
	if err := parseFlags(fs, args, out); err != nil {
		return flagStatus(err)
	}
	if *path == "" {
		fmt.Fprintf(errOut, "luft tb: no tables: %s\n", tbHowTo)
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	pos, err := parsePosition(fs.Args())
	if err != nil {
		return tbFailed(errOut, err, 2)
	}
	tb, err := syzygy.Open(*path)
	if err != nil {
		tbFailed(errOut, err, 0) // a warning: the tables found serve all the same
	}
	defer tb.Close()
	if n, _ := tb.Count(); n == 0 {
		fmt.Fprintf(errOut, "luft tb: no tables found in %s%s: %s\n", *path, tbPathSource(fs), tbHowTo)
		return 1
	}
	if err := printTB(out, tb, pos); err != nil {
		return tbFailed(errOut, err, 1)
	}
	return 0
}

// tbPathSource returns " ($SYZYGY_PATH)" when the tables' path came from
// the environment rather than from -path, and "" when it did not.
func tbPathSource(fs *flag.FlagSet) string {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "path" })
	if given {
		return ""
	}
	return " ($" + tbPathVariable + ")"
}

// tbFailed reports err to w, each of its lines (errors.Join puts one
// problem on each) after the command's name, and returns the exit code
// code.
func tbFailed(w io.Writer, err error, code int) int {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(w, "luft tb: %s\n", line)
	}
	return code
}

// printTB writes the tables' verdict on pos and its moves.
func printTB(w io.Writer, tb *syzygy.Tables, pos *board.Position) error {
	wdl, ok := tb.ProbeWDL(pos)
	if !ok {
		return fmt.Errorf("the tables do not hold %s", pos.FEN())
	}
	dtz, hasDTZ := tb.ProbeDTZ(pos)
	ranked, byDTZ, ok := tb.ProbeRoot(pos, nil)
	if !ok {
		return fmt.Errorf("the tables do not hold every move of %s", pos.FEN())
	}
	sans := make([]string, len(ranked))
	for i, rm := range ranked {
		sans[i] = pos.SAN(rm.Move)
	}
	rule50 := pos.Rule50()
	fmt.Fprintf(w, "[FEN %q]\n", pos.FEN())
	dtzText := "?"
	if hasDTZ {
		wdl, dtzText = withCounter(wdl, dtz, rule50), strconv.Itoa(dtz)
	}
	fmt.Fprintf(w, "[WDL %q]\n[DTZ %q]\n", wdl, dtzText)
	var lists [3][]string // winning, drawing, losing
	values := make([]syzygy.WDL, len(ranked))
	for i, rm := range ranked {
		values[i] = rm.WDL
		if byDTZ {
			values[i] = withCounter(rm.WDL, rm.DTZ, rule50)
		}
		switch {
		case values[i] == syzygy.Win:
			lists[0] = append(lists[0], sans[i])
		case values[i] == syzygy.Loss:
			lists[2] = append(lists[2], sans[i])
		default:
			lists[1] = append(lists[1], sans[i])
		}
	}
	for i, tag := range []string{"WinningMoves", "DrawingMoves", "LosingMoves"} {
		fmt.Fprintf(w, "[%s %q]\n", tag, strings.Join(lists[i], ", "))
	}
	fmt.Fprintln(w)
	for i, rm := range ranked {
		d := "?"
		if byDTZ {
			d = strconv.Itoa(rm.DTZ)
		}
		fmt.Fprintf(w, "%-8s %-12s %5s\n", sans[i], values[i], d)
	}
	return nil
}

// withCounter returns the result of a position of WDL value wdl and DTZ
// dtz when its halfmove clock is rule50 rather than 0: a win or loss that
// the fifty-move rule then spoils becomes cursed or blessed.
func withCounter(wdl syzygy.WDL, dtz, rule50 int) syzygy.WDL {
	switch {
	case dtz > 0 && dtz+rule50 <= 100:
		return syzygy.Win
	case dtz > 0:
		return syzygy.CursedWin
	case dtz < 0 && -dtz+rule50 <= 100:
		return syzygy.Loss
	case dtz < 0:
		return syzygy.BlessedLoss
	}
	return wdl
}
