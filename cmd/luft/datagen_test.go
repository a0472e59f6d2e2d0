package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/openings"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// TestDatagenFlags checks that bad flags are refused before any game, and
// that a tiny run writes a readable file.
func TestDatagenFlags(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.epd", "not a fen at all\n")
	empty := writeFile(t, dir, "empty.epd", "# nothing\n")
	out := filepath.Join(dir, "dg.bin")
	t.Setenv(datagen.StoreEnv, filepath.Join(dir, "store"))
	checkExits(t, "datagen", runDatagen, []exitCase{
		{[]string{"-out", out}, 2},                                       // no target
		{[]string{"-games", "-1", "-out", out}, 2},                       // negative
		{[]string{"-positions", "-5", "-out", out}, 2},                   // negative
		{[]string{"-games", "1", "-nodes", "0", "-out", out}, 2},         // no nodes
		{[]string{"-games", "1", "-threads", "0", "-out", out}, 2},       // no threads
		{[]string{"-games", "1", "-hash", "0", "-out", out}, 2},          // no hash
		{[]string{"-games", "1", "-keep", "0", "-out", out}, 2},          // keep nothing
		{[]string{"-games", "1", "-keep", "1.5", "-out", out}, 2},        // keep more than all
		{[]string{"-games", "1", "-chess960", "-0.1", "-out", out}, 2},   // negative
		{[]string{"-games", "1", "-chess960", "1.1", "-out", out}, 2},    // more than all
		{[]string{"-games", "1", "-random-plies", "-1", "-out", out}, 2}, // negative
		{[]string{"-games", "1", "-max-plies", "0", "-out", out}, 2},     // no plies
		{[]string{"-games", "1", "-out", out, "extra"}, 2},               // stray argument
		{[]string{"-nonsense"}, 2},
		{[]string{"-h"}, 0}, // help asked for
		{[]string{"-games", "1", "-openings", filepath.Join(dir, "none.epd"), "-out", out}, 1},
		{[]string{"-games", "1", "-openings", bad, "-out", out}, 1},
		{[]string{"-games", "1", "-openings", empty, "-out", out}, 1},
		{[]string{"-games", "1", "-out", filepath.Join(dir, "no/such/dir/dg.bin")}, 1},
		{[]string{"-games", "1", "-evalfile", bad, "-out", out}, 2}, // not a network
		{[]string{"-games", "1", "-nnue", "-nodes", "100", "-threads", "1", "-max-plies", "40", "-out", out}, 0},
		{[]string{"-games", "1", "-nodes", "100", "-threads", "1", "-max-plies", "40", "-out", out}, 0},
		{[]string{"-list", "-store", filepath.Join(dir, "dg.bin")}, 1}, // a file, not a directory
	})
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := trainingdata.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Read(); err != nil {
		t.Errorf("first record of the tiny run: %v", err)
	}
}

// builtinScale returns the scale of the built-in network.
func builtinScale(t *testing.T) int {
	t.Helper()
	n, err := engine.ReadNetwork(nets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	return n.Scale
}

// TestDatagenStore checks that runs without -out add files to the data
// store named by $LUFT_DATA, and that -list and -verify read it.
func TestDatagenStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "store")
	t.Setenv(datagen.StoreEnv, dir)
	t.Setenv(datagen.BankEnv, "") // the store alone
	run := []string{"-games", "2", "-nodes", "100", "-threads", "1", "-max-plies", "40", "-chess960", "0.5"}
	checkExits(t, "datagen", runDatagen, []exitCase{
		{run, 0},
		{append(run, "-seed", "2"), 0},
		{[]string{"-list"}, 0},
		{[]string{"-list", "-verify"}, 0},
	})
	store, err := datagen.OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	es, err := store.Entries()
	if err != nil || len(es) != 2 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	for i, e := range es {
		if e.Status != datagen.Complete || e.Games != 2 || e.Positions == 0 || e.Seed != uint64(i+1) ||
			e.Net != nets.DefaultName || e.Scale != builtinScale(t) || e.Nodes != 100 || e.Chess960 != 0.5 || e.Luft != version {
			t.Errorf("entry %d: %+v", i, e)
		}
	}
	files, _ := store.Files()
	if len(files) != 2 {
		t.Errorf("files to train on: %v", files)
	}
	out := filepath.Join(t.TempDir(), "net")
	checkExits(t, "train", runTrain, []exitCase{
		{[]string{"-store", "-epochs", "1", "-hidden", "4", "-batch", "8", "-out", out}, 0},
	})
	if _, err := os.Stat(filepath.Join(out, "net.nnue")); err != nil {
		t.Errorf("train -store: %v", err)
	}
	t.Setenv(datagen.StoreEnv, t.TempDir())
	checkExits(t, "train", runTrain, []exitCase{
		{[]string{"-store", "-epochs", "1", "-out", out}, 2}, // an empty store
	})
}

// TestDatagenListCounts checks the positions and games columns of luft
// datagen -list: a finished run's counts, none included; for a run still
// going, whose counts come when it finishes, the complete records its
// file holds so far, marked as growing; and ? for the games of a run
// killed or still going, which were not counted and whose records do not
// say where each game ends.
func TestDatagenListCounts(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(datagen.StoreEnv, dir)
	t.Setenv(datagen.BankEnv, "") // the store alone
	tests := []struct {
		e    datagen.Entry
		size int    // of its file; none if 0
		want string // the positions and games columns
	}{
		{datagen.Entry{File: "complete.bin", Status: datagen.Complete, Games: 12, Positions: 840}, 0, "840 positions 12 games"},
		{datagen.Entry{File: "interrupted.bin", Status: datagen.Interrupted}, 0, "0 positions 0 games"},
		{datagen.Entry{File: "killed.bin", Status: datagen.Killed, Positions: 41395}, 0, "41395 positions ? games"},
		{datagen.Entry{File: "running.bin", Status: datagen.Running, PID: os.Getpid()},
			trainingdata.HeaderSize + 5*trainingdata.RecordSize + 7, "5+ positions ? games"},
		{datagen.Entry{File: "running-unwritten.bin", Status: datagen.Running, PID: os.Getpid()},
			trainingdata.HeaderSize / 2, "0+ positions ? games"},
		{datagen.Entry{File: "running-gone.bin", Status: datagen.Running, PID: os.Getpid()}, 0, "? positions ? games"},
	}
	var manifest bytes.Buffer
	var want []string
	for _, tt := range tests {
		line, err := json.Marshal(tt.e)
		if err != nil {
			t.Fatal(err)
		}
		manifest.Write(append(line, '\n'))
		if tt.size > 0 {
			writeFile(t, dir, tt.e.File, string(make([]byte, tt.size)))
		}
		want = append(want, tt.e.File+": "+tt.want)
	}
	writeFile(t, dir, datagen.ManifestName, manifest.String())
	stdout, stderr, code := captureOutput(t, func() int { return runDatagen([]string{"-list"}) })
	if code != 0 {
		t.Fatalf("luft datagen -list: exit %d: %s", code, stderr)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		fields := strings.Fields(line)
		p, g := slices.Index(fields, "positions"), slices.Index(fields, "games")
		if p > 0 && g > p {
			got = append(got, fields[0]+": "+fields[p-1]+" positions "+fields[g-1]+" games")
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("counts listed (-want +got):\n%s\nin\n%s", diff, stdout)
	}
}

// TestDatagenFromPGN checks luft datagen -from-pgn: the games of a luft
// match, plain and bzip2, convert to the same file, also into the store;
// a small network trained on them loads through EvalFile and plays legal
// moves.
func TestDatagenFromPGN(t *testing.T) {
	const games = "internal/datagen/testdata/match.pgn"
	dir := t.TempDir()
	plain, bz := filepath.Join(dir, "plain.bin"), filepath.Join(dir, "bz.bin")
	t.Setenv(datagen.StoreEnv, filepath.Join(dir, "store"))
	checkExits(t, "datagen", runDatagen, []exitCase{
		{[]string{"-from-pgn", "-out", plain}, 2}, // no files
		{[]string{"-from-pgn", "-out", plain, filepath.Join(dir, "none.pgn")}, 1},
		{[]string{"-from-pgn", "-out", plain, games}, 0},
		{[]string{"-from-pgn", "-out", bz, games + ".bz2"}, 0},
		{[]string{"-from-pgn", games, games + ".bz2"}, 0}, // into the store
	})
	a, errA := os.ReadFile(plain)
	b, errB := os.ReadFile(bz)
	if errA != nil || errB != nil || !bytes.Equal(a, b) || len(a) <= trainingdata.HeaderSize {
		t.Fatalf("plain and bzip2 conversions differ or are empty: %d and %d bytes, %v, %v", len(a), len(b), errA, errB)
	}
	store, err := datagen.OpenStore(filepath.Join(dir, "store"))
	if err != nil {
		t.Fatal(err)
	}
	if es, err := store.Entries(); err != nil || len(es) != 1 || es[0].Games != 12 || es[0].Status != datagen.Complete {
		t.Errorf("store entries %+v, %v; want one complete of 12 games", es, err)
	}
	out := filepath.Join(dir, "net")
	checkExits(t, "train", runTrain, []exitCase{
		{[]string{"-epochs", "1", "-hidden", "8", "-batch", "16", "-out", out, plain}, 0},
	})
	net := filepath.Join(out, "net.nnue")
	var stdout, stderr bytes.Buffer
	lines := []string{"setoption name EvalFile value " + net, "position startpos", "go depth 4", "isready"}
	if code := runUCI(lines, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("runUCI: %d %s", code, stderr.String())
	}
	if got := stdout.String(); !strings.Contains(got, "network of 8 neurons") || !strings.Contains(got, "bestmove") {
		t.Errorf("EvalFile %s: the network was not loaded, or no move played:\n%s", net, got)
	}
	playLegal(t, net)
}

// playLegal plays 40 plies of a game from the start position with the
// network in the file net, checking that each move is legal.
func playLegal(t *testing.T, net string) {
	t.Helper()
	n, err := engine.ReadNetwork(net)
	if err != nil {
		t.Fatal(err)
	}
	e := engine.New(engine.Options{HashMB: 1, Threads: 1, Net: n})
	pos, _ := board.ParseFEN(board.StartFEN)
	for ply := 0; ply < 40 && pos.HasLegalMove(); ply++ {
		res := e.Search(context.Background(), pos, engine.Limits{Nodes: 500}, func(engine.Info) {})
		var l board.MoveList
		pos.GenerateLegal(&l)
		if !slices.Contains(l.Moves(), res.Best) {
			t.Fatalf("ply %d: %v is not legal in %s", ply+1, res.Best, pos.FEN())
		}
		pos.Make(res.Best)
	}
}

// TestReadOpenings checks the -openings file: read by openings.ReadBook,
// a Chess960 position by Chess960's rules, and refused with its line when
// a position does not read, or when the file holds none.
func TestReadOpenings(t *testing.T) {
	dir := t.TempDir()
	const shredder = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -"
	tests := []struct {
		name, data string
		want       []openings.Start
		err        string
	}{
		{"good.epd", "# book\n" + board.StartFEN + "\n" + shredder + " id \"0\";\n", []openings.Start{{FEN: board.StartFEN}, {FEN: shredder, Chess960: true}}, "<nil>"},
		{"bad.epd", board.StartFEN + "\nnot a fen at all\n", nil, `bad.epd: line 2: fen "not a fen at": piece placement has 1 ranks, want 8`},
		{"empty.epd", "# nothing\n", nil, "empty.epd: no openings"},
	}
	for _, tt := range tests {
		got, err := readOpenings(writeFile(t, dir, tt.name, tt.data))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(tt.err, strings.TrimPrefix(fmt.Sprint(err), dir+string(filepath.Separator))); diff != "" {
			t.Errorf("%s: error (-want +got):\n%s", tt.name, diff)
		}
	}
	if book, err := readOpenings(""); book != nil || err != nil {
		t.Errorf(`readOpenings(""): %v, %v; want none`, book, err)
	}
}
