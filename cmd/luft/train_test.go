package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// TestTrainFlags checks that bad flags are refused before any training,
// and that a tiny run writes its files and resumes.
func TestTrainFlags(t *testing.T) {
	dir := t.TempDir()
	data := trainingData(t, dir)
	out, wide, grown := filepath.Join(dir, "out"), filepath.Join(dir, "wide"), filepath.Join(dir, "grown")
	scaled := filepath.Join(dir, "scaled")
	small := []string{"-hidden", "4", "-batch", "8", "-threads", "2", "-out", out}
	checkExits(t, "train", runTrain, []exitCase{
		{[]string{"-out", out}, 2}, // no data
		{[]string{data}, 2},        // no -out
		{append(append([]string{"-epochs", "0"}, small...), data), 2}, // no epochs (data follows)
		{[]string{"-batch", "0", "-out", out, data}, 2},               // empty batch
		{[]string{"-lr", "0", "-out", out, data}, 2},                  // no rate
		{[]string{"-lambda", "1.5", "-out", out, data}, 2},            // bad blend
		{[]string{"-k", "0", "-out", out, data}, 2},                   // no scale
		{[]string{"-hidden", "0", "-out", out, data}, 2},              // no neurons
		{[]string{"-hidden", "4097", "-out", out, data}, 2},           // more than a network file holds
		{append([]string{"-init", nets.DefaultName, "-hidden", "4097", "-out", out}, data), 2},
		{[]string{"-threads", "0", "-out", out, data}, 2},       // no threads
		{[]string{"-threads", "100000", "-out", out, data}, 2},  // a gradient each would not fit
		{[]string{"-val", "1", "-out", out, data}, 2},           // nothing to train on
		{[]string{"-positions", "-1", "-out", out, data}, 2},    // fewer than none
		{[]string{"-schedule", "linear", "-out", out, data}, 2}, // unknown schedule
		{[]string{"-nonsense"}, 2},
		{[]string{"-h"}, 0},                                                           // help asked for
		{[]string{"-out", out, filepath.Join(dir, "none.bin")}, 1},                    // no such file
		{[]string{"-out", out, "-resume", filepath.Join(dir, "none.ckpt"), data}, 1},  // no such checkpoint
		{[]string{"-out", out, "-resume", data, data}, 1},                             // not a checkpoint
		{append(append([]string{"-epochs", "2", "-val", "0.25"}, small...), data), 0}, // trains
		{append([]string{"-epochs", "3", "-resume", filepath.Join(out, "epoch-2.ckpt"), "-out", out}, data), 0},
		{append([]string{"-epochs", "3", "-hidden", "8", "-resume", filepath.Join(out, "epoch-2.ckpt"), "-out", out}, data), 2},
		{append([]string{"-epochs", "3", "-buckets", "4", "-resume", filepath.Join(out, "epoch-2.ckpt"), "-out", out}, data), 2},
		{append([]string{"-buckets", "17", "-out", out}, data), 2},
		{append([]string{"-buckets", "0", "-out", out}, data), 2},
		{append([]string{"-epochs", "2", "-resume", filepath.Join(out, "epoch-2.ckpt"), "-out", out}, data), 2},
		{append([]string{"-epochs", "1", "-init", filepath.Join(out, "net.nnue"), "-out", out}, data), 0},
		{append([]string{"-epochs", "1", "-init", nets.DefaultName, "-hidden", "4", "-out", out}, data), 2},     // built-in is larger
		{append([]string{"-epochs", "1", "-init", nets.DefaultName, "-buckets", "8", "-out", wide}, data), 0},   // one bucket widened
		{append([]string{"-epochs", "1", "-init", nets.DefaultName, "-hidden", "272", "-out", grown}, data), 0}, // neurons added
		{append([]string{"-epochs", "1", "-init", data, "-out", out}, data), 1},                                 // not a network
		{append([]string{"-init", "x.nnue", "-resume", "x.ckpt", "-out", out}, data), 2},
		{[]string{"-scale", "0", "-out", out, data}, 2},                                                    // no centipawns
		{[]string{"-scale", "4001", "-out", out, data}, 2},                                                 // more than a network file holds
		{append([]string{"-epochs", "1", "-init", nets.DefaultName, "-scale", "1", "-out", out}, data), 2}, // not the network's
		{append([]string{"-epochs", "1", "-init", nets.DefaultName, "-out", scaled}, data), 0},             // the network's
	})
	if n, err := engine.ReadNetwork(filepath.Join(scaled, "net.nnue")); err != nil {
		t.Error(err)
	} else if n.Scale != builtinScale(t) {
		t.Errorf("trained from the built-in network, net.nnue has scale %d, want %d", n.Scale, builtinScale(t))
	}
	for _, name := range []string{"epoch-1.ckpt", "epoch-2.ckpt", "epoch-3.ckpt", "net.nnue"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
	if st, err := os.Stat(filepath.Join(out, "net.nnue")); err == nil && st.Size() != 36+2*(768*4+4+8*8)+4*8+4 {
		t.Errorf("net.nnue has %d bytes", st.Size())
	}
	if st, err := os.Stat(filepath.Join(wide, "net.nnue")); err != nil {
		t.Error(err)
	} else if want := int64(36 + 2*(768*256+256+8*512) + 4*8 + 4); st.Size() != want {
		t.Errorf("the built-in network widened to 8 buckets: net.nnue has %d bytes, want %d", st.Size(), want)
	}
	if st, err := os.Stat(filepath.Join(grown, "net.nnue")); err != nil {
		t.Error(err)
	} else if want := int64(36 + 2*(768*272+272+8*544) + 4*8 + 4); st.Size() != want {
		t.Errorf("the built-in network grown to 272 neurons: net.nnue has %d bytes, want %d", st.Size(), want)
	}
}

// TestTrainPositions checks that -positions keeps the oldest training
// positions and leaves the validation set as it is.
func TestTrainPositions(t *testing.T) {
	data := trainingData(t, t.TempDir())
	files := []dataFile{{data, givenFiles, 0}}
	all, allVal, err := dataSet{files: files, val: 0.25}.load()
	if err != nil {
		t.Fatal(err)
	}
	for _, limit := range []int{0, 1, 10, len(all), len(all) + 5} {
		got, val, err := dataSet{files: files, val: 0.25, limit: limit}.load()
		if err != nil {
			t.Fatal(err)
		}
		want := all
		if limit > 0 && limit < len(all) {
			want = all[:limit]
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("-positions %d: training set (-want +got):\n%s", limit, diff)
		}
		if diff := cmp.Diff(allVal, val); diff != "" {
			t.Errorf("-positions %d: validation set (-want +got):\n%s", limit, diff)
		}
	}
}

// TestTrainRescale checks that the scores of each file are brought to the
// trained network's scale from the scale they were searched at, and that
// the log says so.
func TestTrainRescale(t *testing.T) {
	data := trainingData(t, t.TempDir())
	var log bytes.Buffer
	d := dataSet{
		files:   []dataFile{{data, "bank", 400}, {data, "store", 300}, {data, "hce", 0}, {data, givenFiles, 0}},
		sources: []string{"store", "bank", "hce", givenFiles},
		scale:   300,
		log:     &log,
	}
	got, _, err := d.load()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4*40 {
		t.Fatalf("%d positions, want %d", len(got), 4*40)
	}
	for i := range 40 { // the records' scores are 10*i
		want := []int16{int16(math.Round(7.5 * float64(i))), int16(10 * i), int16(10 * i), int16(10 * i)}
		for f, w := range want {
			if s := got[40*f+i].Score; s != w {
				t.Errorf("file %d, record %d: score %d, want %d", f, i, s, w)
			}
		}
	}
	if want := "rescaling the scores of 40 positions from scale 400 to 300\n"; !strings.Contains(log.String(), want) {
		t.Errorf("the log does not say %q:\n%s", want, log.String())
	}
}

// trainingData writes a small data file, d.bin in dir, as luft datagen
// would: 40 records of five positions, with made-up scores and results.
// It returns the file's path.
func trainingData(t *testing.T, dir string) string {
	t.Helper()
	fens := []string{
		board.StartFEN,
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
		"4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
		"4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
	}
	var recs []trainingdata.Record
	for i := range 40 {
		pos := boardtest.Position(t, fens[i%len(fens)])
		recs = append(recs, trainingdata.Record{Pos: pos, Score: int16(10 * i), Result: outcome.Result(1 + i%3)})
	}
	var buf bytes.Buffer
	if err := trainingdata.WriteAll(&buf, recs); err != nil {
		t.Fatal(err)
	}
	return writeFile(t, dir, "d.bin", buf.String())
}

// TestTrainReport checks the log's count of the positions of each source:
// read, trained on and held out, when the held-out positions span two
// sources and when -positions leaves some out.
func TestTrainReport(t *testing.T) {
	d := dataSet{
		files:   []dataFile{{"c1", "bank", 0}, {"l1", "store", 0}, {"c2", "bank", 0}, {"l2", "store", 0}},
		sources: []string{"store", "bank", "empty"},
	}
	counts := []int{100, 50, 30, 20} // 200 positions, oldest first
	tests := []struct {
		name             string
		trained, heldOut int
		want             string
	}{
		{"held out from two sources", 170, 170, "read 200 positions: 70 from store (2 files), 130 from bank (2 files), 0 from empty (0 files)\n" +
			"training on 170: 50 from store, 120 from bank\n" +
			"holding out the newest 30: 20 from store, 10 from bank\n"},
		{"the oldest 120 of them", 120, 170, "read 200 positions: 70 from store (2 files), 130 from bank (2 files), 0 from empty (0 files)\n" +
			"training on 120: 20 from store, 100 from bank\n" +
			"holding out the newest 30: 20 from store, 10 from bank\n"},
		{"none held out", 200, 200, "read 200 positions: 70 from store (2 files), 130 from bank (2 files), 0 from empty (0 files)\n" +
			"training on 200: 70 from store, 130 from bank\n"},
	}
	for _, tt := range tests {
		var log bytes.Buffer
		d.log = &log
		d.report(counts, tt.trained, tt.heldOut)
		if diff := cmp.Diff(tt.want, log.String()); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
