// Package nets holds the network Luft evaluates with by default, built
// into the binary so that it runs from any directory with no files beside
// it. ROUNDS.md, beside it, records how each network was trained and what
// it measured against the one before.
package nets

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	"github.com/luftchess/luft/eval/nnue"
)

// DefaultName is the file name of the built-in network in this directory,
// which the EvalFile option declares as its default.
const DefaultName = "luft-r8s.nnue"

//go:embed luft-r8s.nnue
var defaultFile []byte

var defaultNet = sync.OnceValue(func() *nnue.Network {
	n, err := nnue.Read(bytes.NewReader(defaultFile))
	if err != nil {
		// The package's tests read the same bytes: a build that gets
		// here has a corrupt file and failed them.
		panic(fmt.Sprintf("nets: built-in network %s: %v", DefaultName, err))
	}
	return n
})

// Default returns the built-in network, decoded on first use; every call
// returns the same read-only Network.
func Default() *nnue.Network { return defaultNet() }
