package trainingdata

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/game/outcome"
)

// TestOpen checks that Open reads a data file plain or compressed by its
// name, record for record, and that a compressed file cut short or not
// compressed fails with an error that says so.
func TestOpen(t *testing.T) {
	var want []summary
	var recs []Record
	for i, p := range testPositions(t)[:500] {
		r := Record{Pos: p, Score: int16(i), Result: outcome.Draw}
		recs, want = append(recs, r), append(want, summarize(r))
	}
	var plain, packed bytes.Buffer
	if err := WriteAll(&plain, recs); err != nil {
		t.Fatal(err)
	}
	if err := Compress(&packed, bytes.NewReader(plain.Bytes())); err != nil {
		t.Fatal(err)
	}
	if packed.Len() >= plain.Len() {
		t.Errorf("compressed to %d bytes of %d", packed.Len(), plain.Len())
	}
	tests := []struct {
		name string
		data []byte
		err  string // "": reads want
	}{
		{"d.bin", plain.Bytes(), ""},
		{"d.bin.zst", packed.Bytes(), ""},
		{"cut.bin.zst", packed.Bytes()[:packed.Len()/2], "compressed data cut short"},
		{"plain.bin.zst", plain.Bytes(), "magic number mismatch"},
		{"cut.bin", plain.Bytes()[:plain.Len()-5], "truncated file"},
		{"missing.bin.zst", nil, "no such file"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(dir, tt.name)
			if tt.data != nil {
				if err := os.WriteFile(name, tt.data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f, err := Open(name)
			var got []Record
			if err == nil {
				got, err = ReadAll(f)
				f.Close()
			}
			switch {
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("error %v, want one saying %q", err, tt.err)
			case tt.err != "":
				return
			}
			var sums []summary
			for _, r := range got {
				sums = append(sums, summarize(r))
			}
			if diff := cmp.Diff(want, sums); diff != "" {
				t.Errorf("records (-want +got):\n%s", diff)
			}
		})
	}
}
