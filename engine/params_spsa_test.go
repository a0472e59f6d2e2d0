//go:build spsa

package engine

import "testing"

// TestSetTunable checks that SetTunable sets the value the search reads
// of that param alone, by its name in any case, and refuses a value out of
// range.
func TestSetTunable(t *testing.T) {
	t.Cleanup(func() {
		for _, ts := range tunableSpecs {
			if err := SetTunable(ts.Name, ts.Default); err != nil {
				t.Error(err)
			}
		}
	})
	if err := SetTunable("rfpmargin", 40); err != nil {
		t.Fatal(err)
	}
	for _, ts := range tunableSpecs {
		want := ts.Default
		if ts.p == rfpMargin {
			want = 40
		}
		if got := ts.p.value(); got != want {
			t.Errorf("%s = %d, want %d", ts.Name, got, want)
		}
	}
	if err := SetTunable("RFPMargin", 1000); err == nil {
		t.Error("RFPMargin 1000 set, want an error: out of range")
	}
}
