package datagen

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
)

// writeRecords writes a header and n records of the start position to f.
func writeRecords(t *testing.T, f *os.File, n int) {
	t.Helper()
	recs := slices.Repeat([]trainingdata.Record{{Pos: board.NewPosition(), Score: 20, Result: outcome.Draw}}, n)
	if err := trainingdata.WriteAll(f, recs); err != nil {
		t.Fatal(err)
	}
}

func TestStoreRun(t *testing.T) {
	s, err := OpenStore(filepath.Join(t.TempDir(), "store"))
	if err != nil {
		t.Fatal(err)
	}
	e := Entry{Luft: "test", Command: "luft datagen -seed 9", Net: "luft-r3.nnue", Nodes: 5000, Seed: 9, Chess960: 0.1}
	f, err := s.Create(&e)
	if err != nil {
		t.Fatal(err)
	}
	if es, _ := s.Entries(); len(es) != 1 || es[0].Status != Running || es[0].PID != os.Getpid() {
		t.Fatalf("while running: %+v", es)
	}
	if files, _ := s.Files(); len(files) != 0 {
		t.Errorf("a running file is offered for training: %v", files)
	}
	writeRecords(t, f, 7)
	f.Close()
	sum, _ := s.Summary()
	if want := "1 files, 0 positions; 7+ more written so far by a run still going"; !strings.HasSuffix(sum, want) {
		t.Errorf("summary while running %q, want it to end %q", sum, want)
	}
	if err := s.Finish(&e, Complete, 3); err != nil {
		t.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	want := e
	want.Status, want.PID, want.Games, want.Positions = Complete, 0, 3, 7
	if diff := cmp.Diff([]Entry{want}, es); diff != "" {
		t.Errorf("manifest (-want +got):\n%s", diff)
	}
	if len(es[0].SHA256) != 64 || !strings.HasPrefix(es[0].File, "data-") {
		t.Errorf("entry %+v", es[0])
	}
	files, _ := s.Files()
	if diff := cmp.Diff([]string{filepath.Join(s.Dir, e.File)}, files); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	sum, _ = s.Summary()
	if want := "1 files, 7 positions (7 by luft-r3.nnue)"; !strings.Contains(sum, want) {
		t.Errorf("summary %q, want it to say %q", sum, want)
	}
	if bad, err := s.Verify(); err != nil || len(bad) != 0 {
		t.Errorf("verify a sound store: %v, %v", bad, err)
	}
	// A file changed behind the manifest's back is reported.
	if err := os.WriteFile(filepath.Join(s.Dir, e.File), []byte("LUFTDATA"), 0o644); err != nil {
		t.Fatal(err)
	}
	if bad, err := s.Verify(); err != nil || len(bad) != 1 {
		t.Errorf("verify a changed file: %v, %v", bad, err)
	}
}

// deadPID returns the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatalf("cannot start a process: %v", err)
	}
	return cmd.Process.Pid
}

// TestStoreSettle checks that the entry of a killed run is finished with
// its complete records, and that of a live one left alone.
func TestStoreSettle(t *testing.T) {
	s, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var killed, live Entry
	for _, e := range []*Entry{&killed, &live} {
		f, err := s.Create(e)
		if err != nil {
			t.Fatal(err)
		}
		writeRecords(t, f, 5)
		f.Write(make([]byte, trainingdata.RecordSize/2)) // a record cut in half
		f.Close()
	}
	// The two entries name different files, though of one seed and made
	// in one second.
	if killed.File == live.File {
		t.Fatalf("two runs share %s", killed.File)
	}
	pid := deadPID(t)
	err = s.update(func(es []Entry) ([]Entry, error) {
		es[0].PID = pid
		return es, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	settled, err := s.Settle()
	if err != nil {
		t.Fatal(err)
	}
	if len(settled) != 1 || settled[0].File != killed.File || settled[0].Status != Killed || settled[0].Positions != 5 {
		t.Errorf("settled %+v", settled)
	}
	if st, err := os.Stat(filepath.Join(s.Dir, killed.File)); err != nil || st.Size() != trainingdata.HeaderSize+5*trainingdata.RecordSize {
		t.Errorf("the killed run's file was not cut to its records: %v, %v", st.Size(), err)
	}
	es, _ := s.Entries()
	if es[1].Status != Running {
		t.Errorf("a live run's entry was settled: %+v", es[1])
	}
}

// TestStoreSettleLost checks that a killed run whose file is gone, or
// holds no data, is settled with nothing to train on and a problem that
// says why, and that the store goes on working.
func TestStoreSettleLost(t *testing.T) {
	tests := []struct {
		name     string
		content  []byte // nil: the file is gone
		wantSize int64  // of the file afterwards; -1: still gone
		problem  string // in Entry.Problem
	}{
		{"file gone", nil, -1, "the file is gone"},
		{"killed before its first write", []byte{}, 0, ""},
		{"half a header", []byte(trainingdata.Magic[:5]), 0, ""},
		{"not a data file", []byte(strings.Repeat("not a Luft data file\n", 10)), 210, "not a Luft data file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := OpenStore(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			var e Entry
			f, err := s.Create(&e)
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
			name := filepath.Join(s.Dir, e.File)
			if tt.content == nil {
				err = os.Remove(name)
			} else {
				err = os.WriteFile(name, tt.content, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			pid := deadPID(t)
			if err := s.update(func(es []Entry) ([]Entry, error) { es[0].PID = pid; return es, nil }); err != nil {
				t.Fatal(err)
			}
			settled, err := s.Settle()
			if err != nil {
				t.Fatalf("Settle: %v", err)
			}
			if len(settled) != 1 || settled[0].Status != Killed || settled[0].Positions != 0 ||
				!strings.Contains(settled[0].Problem, tt.problem) || (tt.problem == "") != (settled[0].Problem == "") {
				t.Errorf("settled %+v, want one killed entry, no positions, a problem saying %q", settled, tt.problem)
			}
			size := int64(-1)
			if st, err := os.Stat(name); err == nil {
				size = st.Size()
			}
			if size != tt.wantSize {
				t.Errorf("the file's size is %d after Settle, want %d", size, tt.wantSize)
			}
			if files, err := s.Files(); err != nil || len(files) != 0 {
				t.Errorf("Files() = %q, %v; want nothing to train on", files, err)
			}
			if _, err := s.Summary(); err != nil {
				t.Errorf("Summary: %v", err)
			}
		})
	}
}

// TestStoreSettleWrites checks that Settle rewrites the manifest only when
// it settles an entry, and otherwise neither replaces it nor takes its
// lock, so that listing a store, while a run holds the lock or not,
// leaves it as it was.
func TestStoreSettleWrites(t *testing.T) {
	dead := deadPID(t)
	tests := []struct {
		name    string
		entries []Entry
		settled int // and so whether the manifest is rewritten
	}{
		{"finished runs", []Entry{{File: "a.bin", Status: Complete}, {File: "b.bin", Status: Killed}}, 0},
		{"a live run", []Entry{{File: "a.bin", Status: Complete}, {File: "b.bin", Status: Running, PID: os.Getpid()}}, 0},
		{"a killed run", []Entry{{File: "a.bin", Status: Complete}, {File: "b.bin", Status: Running, PID: dead}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Store{Dir: t.TempDir()}
			var manifest []byte
			for _, e := range tt.entries {
				f, err := os.Create(filepath.Join(s.Dir, e.File))
				if err != nil {
					t.Fatal(err)
				}
				writeRecords(t, f, 3)
				f.Close()
				line, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				manifest = append(append(manifest, line...), '\n')
			}
			if err := os.WriteFile(s.manifest(), manifest, 0o644); err != nil {
				t.Fatal(err)
			}
			before, err := os.Stat(s.manifest())
			if err != nil {
				t.Fatal(err)
			}
			if tt.settled == 0 { // a run holds the lock: Settle must not wait for it
				if err := os.WriteFile(s.manifest()+".lock", nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			settled, err := s.Settle()
			if err != nil {
				t.Fatal(err)
			}
			after, err := os.Stat(s.manifest())
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%d settled, rewritten %v", len(settled), !os.SameFile(before, after))
			want := fmt.Sprintf("%d settled, rewritten %v", tt.settled, tt.settled > 0)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Settle (-want +got):\n%s", diff)
			}
		})
	}
	// A store without a manifest stays without one.
	s := &Store{Dir: t.TempDir()}
	if _, err := s.Settle(); err != nil {
		t.Fatal(err)
	}
	if names, _ := os.ReadDir(s.Dir); len(names) != 0 {
		t.Errorf("Settle of an empty store left %v", names)
	}
}

// TestStoreConcurrentRuns checks that runs starting together each get
// their file and their line.
func TestStoreConcurrentRuns(t *testing.T) {
	s, err := OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			e := Entry{Seed: uint64(i)}
			f, err := s.Create(&e)
			if err != nil {
				t.Error(err)
				return
			}
			writeRecords(t, f, i)
			f.Close()
			if err := s.Finish(&e, Complete, i); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	es, err := s.Entries()
	if err != nil || len(es) != 8 {
		t.Fatalf("%d entries, %v", len(es), err)
	}
	total := 0
	for _, e := range es {
		total += e.Positions
	}
	if total != 28 {
		t.Errorf("%d positions in all, want 28", total)
	}
}

func TestDefaultStoreDir(t *testing.T) {
	t.Setenv("HOME", "/home/x")
	tests := []struct{ luftData, xdg, want string }{
		{"/data/luft", "/xdg", "/data/luft"},
		{"", "/xdg", "/xdg/luft/data"},
		{"", "", "/home/x/.local/share/luft/data"},
	}
	for _, tt := range tests {
		t.Setenv(StoreEnv, tt.luftData)
		t.Setenv("XDG_DATA_HOME", tt.xdg)
		if got, err := DefaultStoreDir(); err != nil || got != tt.want {
			t.Errorf("LUFT_DATA %q, XDG_DATA_HOME %q: %q, %v; want %q", tt.luftData, tt.xdg, got, err, tt.want)
		}
	}
}

// TestLabelScale checks the scale an entry's positions were searched at:
// the one it records, else that of its network's name (400 but for
// luft-r8s.nnue, before manifests recorded it), and none without a network.
func TestLabelScale(t *testing.T) {
	tests := []struct {
		e    Entry
		want int
	}{
		{Entry{Net: "luft-r9.nnue", Scale: 250}, 250},
		{Entry{Net: "luft-r8s.nnue", Scale: 280}, 280},
		{Entry{Net: "luft-r7.nnue"}, 400},
		{Entry{Net: "/work/nnue/r8e/net.nnue"}, 400},
		{Entry{Net: "luft-r8s.nnue"}, 300},
		{Entry{Net: HandCrafted}, 0},
		{Entry{Net: FromPGN}, 0},
		{Entry{}, 0},
	}
	for _, tt := range tests {
		if got := tt.e.LabelScale(); got != tt.want {
			t.Errorf("%+v: scale %d, want %d", tt.e, got, tt.want)
		}
	}
}
