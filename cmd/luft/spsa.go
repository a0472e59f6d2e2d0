package main

import (
	"fmt"
	"os"

	"github.com/luftchess/luft/engine"
)

// spsaRate is the r_end of OpenBench's SPSA input lines: its default.
const spsaRate = 0.002

const spsaUsage = `usage: luft spsa

Prints the search parameters that a build with the spsa tag (make
TAGS=spsa) declares as UCI options, one line each as OpenBench's SPSA
form takes them: NAME, int, default, min, max, c_end, r_end.
`

// runSPSA prints the search parameters that a build with the spsa tag
// declares as UCI options, as OpenBench's SPSA form takes them: one line
// "NAME, int, default, min, max, c_end, r_end" each.
func runSPSA(args []string) int {
	fs := newFlagSet("spsa", spsaUsage)
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return flagStatus(err)
	}
	if err := checkArgs(fs, 0); err != nil {
		fmt.Fprintf(os.Stderr, "luft spsa: %v (see luft spsa -h)\n", err)
		return 2
	}
	ts := engine.Tunables()
	if len(ts) == 0 {
		fmt.Fprintln(os.Stderr, "luft spsa: this build has no tunable parameters; build it with make TAGS=spsa")
		return 1
	}
	for _, t := range ts {
		fmt.Printf("%s, int, %d, %d, %d, %g, %g\n", t.Name, t.Default, t.Min, t.Max, t.Step, spsaRate)
	}
	return 0
}
