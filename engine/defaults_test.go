package engine

import (
	"testing"

	"github.com/luftchess/luft/eval/nnue/nets"
)

// TestDefaultOptions checks that Luft plays with its built-in network by
// default, and that an engine made with the defaults keeps them as they
// are: no field is left for SetOptions to fill in.
func TestDefaultOptions(t *testing.T) {
	o := DefaultOptions()
	if got := Network(o, Limits{}); got != nets.Default() {
		t.Errorf("Network(DefaultOptions()) = %p, want the built-in network %p", got, nets.Default())
	}
	if got := New(o).Options(); got != o {
		t.Errorf("New(DefaultOptions()).Options() = %+v, want %+v", got, o)
	}
}
