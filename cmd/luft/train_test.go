package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/engine/board"
)

// TestTrainFlags checks that bad flags are refused before any training,
// and that a tiny run writes its files and resumes.
func TestTrainFlags(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	f, err := os.Create(data)
	if err != nil {
		t.Fatal(err)
	}
	w := datagen.NewWriter(f)
	fens := []string{
		board.StartFEN,
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
		"4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
		"4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
	}
	for i := range 40 {
		pos, err := board.ParseFEN(fens[i%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(datagen.Record{Pos: pos, Score: int16(10 * i), Result: datagen.Result(i % 3)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "out")
	small := []string{"-hidden", "4", "-batch", "8", "-threads", "2", "-out", out}
	tests := []struct {
		args []string
		want int
	}{
		{[]string{"-out", out}, 2}, // no data
		{[]string{data}, 2},        // no -out
		{append(append([]string{"-epochs", "0"}, small...), data), 2}, // no epochs (data follows)
		{[]string{"-batch", "0", "-out", out, data}, 2},               // empty batch
		{[]string{"-lr", "0", "-out", out, data}, 2},                  // no rate
		{[]string{"-lambda", "1.5", "-out", out, data}, 2},            // bad blend
		{[]string{"-k", "0", "-out", out, data}, 2},                   // no scale
		{[]string{"-hidden", "0", "-out", out, data}, 2},              // no neurons
		{[]string{"-threads", "0", "-out", out, data}, 2},             // no threads
		{[]string{"-val", "1", "-out", out, data}, 2},                 // nothing to train on
		{[]string{"-schedule", "linear", "-out", out, data}, 2},       // unknown schedule
		{[]string{"-nonsense"}, 2},
		{[]string{"-h"}, 2},
		{[]string{"-out", out, filepath.Join(dir, "none.bin")}, 1},                    // no such file
		{[]string{"-out", out, "-resume", filepath.Join(dir, "none.ckpt"), data}, 1},  // no such checkpoint
		{[]string{"-out", out, "-resume", data, data}, 1},                             // not a checkpoint
		{append(append([]string{"-epochs", "2", "-val", "0.25"}, small...), data), 0}, // trains
		{append([]string{"-epochs", "3", "-resume", filepath.Join(out, "epoch-2.ckpt"), "-out", out}, data), 0},
		{append([]string{"-epochs", "3", "-hidden", "8", "-resume", filepath.Join(out, "epoch-2.ckpt"), "-out", out}, data), 2},
		{append([]string{"-epochs", "2", "-resume", filepath.Join(out, "epoch-2.ckpt"), "-out", out}, data), 2},
	}
	for _, tt := range tests {
		if got := runTrain(tt.args); got != tt.want {
			t.Errorf("luft train %q returned %d, want %d", tt.args, got, tt.want)
		}
	}
	for _, name := range []string{"epoch-1.ckpt", "epoch-2.ckpt", "epoch-3.ckpt", "net.nnue"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
	if st, err := os.Stat(filepath.Join(out, "net.nnue")); err == nil && st.Size() != 32+2*(768*4+4+8)+8 {
		t.Errorf("net.nnue has %d bytes", st.Size())
	}
}
