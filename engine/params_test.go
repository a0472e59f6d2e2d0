package engine

import "testing"

// TestTunableSpecs checks that tunableSpecs lists every param once, in the
// order of their list, so that a param's index is its row, and that each
// default lies in its option's range.
func TestTunableSpecs(t *testing.T) {
	if len(tunableSpecs) != paramCount {
		t.Errorf("%d tunable specs for %d params", len(tunableSpecs), paramCount)
	}
	for i, ts := range tunableSpecs {
		if got := ts.p.index(); got != i {
			t.Errorf("%s: param %d in row %d", ts.Name, got, i)
		}
		if ts.Default < ts.Min || ts.Default > ts.Max {
			t.Errorf("%s: default %d not in [%d, %d]", ts.Name, ts.Default, ts.Min, ts.Max)
		}
	}
}
