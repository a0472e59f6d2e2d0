package datagen

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
)

// testFile is a data file of a test's store: n records whose scores start
// at score, so that files differ, compressed when its name ends in
// trainingdata.CompressedExt.
type testFile struct {
	name    string
	n       int
	score   int16
	started int // minutes after a fixed time
}

// dataOf returns the uncompressed data of f.
func dataOf(t *testing.T, f testFile) []byte {
	t.Helper()
	var recs []trainingdata.Record
	for i := range f.n {
		recs = append(recs, trainingdata.Record{Pos: board.NewPosition(), Score: f.score + int16(i), Result: outcome.Draw})
	}
	var buf bytes.Buffer
	if err := trainingdata.WriteAll(&buf, recs); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// makeStore writes files into dir, compressing those named so, and a
// manifest that lists them as interrupted runs, and returns the entries.
func makeStore(t *testing.T, dir string, files ...testFile) []Entry {
	t.Helper()
	var es []Entry
	for _, f := range files {
		data := dataOf(t, f)
		sum := sha256.Sum256(data)
		e := Entry{File: f.name, Status: Interrupted, Net: "luft-r7.nnue", Seed: uint64(f.score), Positions: f.n,
			Started: time.Date(2026, 11, 27, 12, f.started, 0, 0, time.UTC), SHA256: hex.EncodeToString(sum[:])}
		out, err := os.Create(filepath.Join(dir, f.name))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f.name, trainingdata.CompressedExt) {
			err = trainingdata.Compress(out, bytes.NewReader(data))
		} else {
			_, err = out.Write(data)
		}
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	rewriteManifest(t, dir, es)
	return es
}

// TestBankVerify checks Verify on a bank of compressed files: a sound
// one, and one whose file does not match its manifest line.
func TestBankVerify(t *testing.T) {
	tests := []struct {
		name    string
		spoil   func(t *testing.T, path string, e *Entry) // nil: a sound bank
		problem string                                    // what Verify says of the spoilt file
	}{
		{name: "sound"},
		{"checksum mismatch", func(t *testing.T, _ string, e *Entry) { e.SHA256 = strings.Repeat("0", 64) }, "the manifest says 30, 0000"},
		{"positions mismatch", func(t *testing.T, _ string, e *Entry) { e.Positions++ }, "30 positions, sha256"},
		{"truncated", func(t *testing.T, path string, _ *Entry) {
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(path, st.Size()/2); err != nil {
				t.Fatal(err)
			}
		}, "compressed data cut short"},
		{"not zstd", func(t *testing.T, path string, _ *Entry) {
			if err := os.WriteFile(path, dataOf(t, testFile{n: 30}), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "magic number mismatch"},
		{"missing file", func(t *testing.T, path string, _ *Entry) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			es := makeStore(t, dir, testFile{"a.bin.zst", 20, 0, 0}, testFile{"b.bin.zst", 30, 100, 1})
			want := []string{}
			if tt.spoil != nil {
				tt.spoil(t, filepath.Join(dir, es[1].File), &es[1])
				rewriteManifest(t, dir, es)
				want = []string{es[1].File}
			}
			bank, err := OpenBank(dir)
			if err != nil {
				t.Fatal(err)
			}
			bad, err := bank.Verify()
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			for _, b := range bad {
				file, problem, _ := strings.Cut(b, ": ")
				got = append(got, file)
				if !strings.Contains(problem, tt.problem) {
					t.Errorf("Verify says %q, want it to say %q", b, tt.problem)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("files found wrong (-want +got):\n%s", diff)
			}
		})
	}
}

// rewriteManifest writes es as dir's manifest.
func rewriteManifest(t *testing.T, dir string, es []Entry) {
	t.Helper()
	var buf bytes.Buffer
	for _, e := range es {
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(append(line, '\n'))
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestName), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTrainingFiles checks the files of several stores: oldest first
// across them, ties in the stores' order, a copy of another store's file
// left out, and the tally of each store and of all.
func TestTrainingFiles(t *testing.T) {
	local, bank1, bank2 := t.TempDir(), t.TempDir(), t.TempDir()
	makeStore(t, local, testFile{"l1.bin", 5, 0, 30}, testFile{"l2.bin", 6, 10, 50})
	makeStore(t, bank1, testFile{"b1.bin.zst", 7, 20, 10}, testFile{"b2.bin.zst", 8, 30, 40},
		testFile{"l1.bin.zst", 5, 0, 30}) // l1.bin, put in the bank
	makeStore(t, bank2, testFile{"c1.bin.zst", 9, 40, 0}, testFile{"c2.bin.zst", 4, 50, 30})
	stores := []*Store{{Dir: local}}
	for _, dir := range []string{bank1, bank2} {
		b, err := OpenBank(dir)
		if err != nil {
			t.Fatal(err)
		}
		stores = append(stores, b)
	}
	files, err := TrainingFiles(stores)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	want := []string{
		filepath.Join(bank2, "c1.bin.zst"), // 12:00
		filepath.Join(bank1, "b1.bin.zst"), // 12:10
		filepath.Join(local, "l1.bin"),     // 12:30, local first; its copy in bank1 left out
		filepath.Join(bank2, "c2.bin.zst"), // 12:30
		filepath.Join(bank1, "b2.bin.zst"), // 12:40
		filepath.Join(local, "l2.bin"),     // 12:50
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	var total Tally
	var sums []string
	for _, s := range stores {
		es, err := s.Entries()
		if err != nil {
			t.Fatal(err)
		}
		var one Tally
		one.Add(s, es)
		total.Add(s, es)
		sums = append(sums, one.String())
	}
	sums = append(sums, total.String())
	wantSums := []string{
		"2 files, 11 positions (11 by luft-r7.nnue)",
		"3 files, 20 positions (20 by luft-r7.nnue)",
		"2 files, 13 positions (13 by luft-r7.nnue)",
		"7 files, 39 positions (39 by luft-r7.nnue); 1 files are copies, counted once",
	}
	if diff := cmp.Diff(wantSums, sums); diff != "" {
		t.Errorf("tallies (-want +got):\n%s", diff)
	}
}

// TestBankReadOnly checks that nothing writes a bank: Settle leaves a
// run that looks killed as it is, and Create and Finish refuse.
func TestBankReadOnly(t *testing.T) {
	dir := t.TempDir()
	es := makeStore(t, dir, testFile{"a.bin", 5, 0, 0})
	es[0].Status, es[0].PID = Running, deadPID(t)
	rewriteManifest(t, dir, es)
	before, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	bank, err := OpenBank(dir)
	if err != nil {
		t.Fatal(err)
	}
	if settled, err := bank.Settle(); err != nil || len(settled) != 0 {
		t.Errorf("Settle of a bank: %+v, %v; want nothing settled", settled, err)
	}
	if _, err := bank.Create(&Entry{}); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("Create in a bank: %v, want a read-only error", err)
	}
	if err := bank.Finish(&es[0], Complete, 1); err == nil {
		t.Error("Finish in a bank succeeded")
	}
	after, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(before), string(after)); diff != "" {
		t.Errorf("the bank's manifest changed (-before +after):\n%s", diff)
	}
	if names, _ := os.ReadDir(dir); len(names) != 2 {
		t.Errorf("the bank holds %d files, want its 2", len(names))
	}
	if _, err := OpenBank(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no manifest.jsonl") {
		t.Errorf("OpenBank of a directory without a manifest: %v", err)
	}
}

// TestExport checks that a local store's finished files go to a bank
// compressed, listed with the same checksums, and only once.
func TestExport(t *testing.T) {
	local, bank := t.TempDir(), filepath.Join(t.TempDir(), "bank")
	es := makeStore(t, local, testFile{"a.bin", 5, 0, 0}, testFile{"b.bin", 7, 10, 1})
	s := &Store{Dir: local}
	for i, want := range []int{2, 0} { // the second time the bank has them all
		added, err := s.Export(bank)
		if err != nil {
			t.Fatal(err)
		}
		if len(added) != want {
			t.Errorf("export %d added %d files, want %d", i+1, len(added), want)
		}
	}
	b, err := OpenBank(bank)
	if err != nil {
		t.Fatal(err)
	}
	got, err := b.Entries()
	if err != nil {
		t.Fatal(err)
	}
	for i := range es {
		es[i].File += trainingdata.CompressedExt
	}
	if diff := cmp.Diff(es, got); diff != "" {
		t.Errorf("the bank's manifest (-want +got):\n%s", diff)
	}
	if bad, err := b.Verify(); err != nil || len(bad) != 0 {
		t.Errorf("Verify of the exported bank: %v, %v", bad, err)
	}
}

// TestDefaultBanks checks where the banks are looked for.
func TestDefaultBanks(t *testing.T) {
	// A working directory where DefaultBank, ../shared/data/selfplay,
	// is within the test's directory and not there.
	root := t.TempDir()
	t.Chdir(root)
	if err := os.Mkdir("work", 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir("work")
	t.Setenv(BankEnv, "") // restored at the end
	tests := []struct {
		env  *string // nil: unset
		want []string
	}{
		{nil, nil},
		{new(""), nil},
		{new("/a"), []string{"/a"}},
		{new("/a, /b,,"), []string{"/a", "/b"}},
	}
	for _, tt := range tests {
		if tt.env == nil {
			os.Unsetenv(BankEnv)
		} else {
			t.Setenv(BankEnv, *tt.env)
		}
		if diff := cmp.Diff(tt.want, DefaultBanks()); diff != "" {
			t.Errorf("LUFT_BANK %v (-want +got):\n%s", tt.env, diff)
		}
	}
	os.Unsetenv(BankEnv)
	if err := os.MkdirAll(DefaultBank, 0o755); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{DefaultBank}, DefaultBanks()); diff != "" {
		t.Errorf("LUFT_BANK unset, %s there (-want +got):\n%s", DefaultBank, diff)
	}
}
