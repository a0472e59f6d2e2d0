package datagen

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/eval/nnue"
)

// StoreEnv names the environment variable that says where the data store
// is; DefaultStoreDir describes the default.
const StoreEnv = "LUFT_DATA"

// ManifestName is the name of the store's manifest, in its directory.
const ManifestName = "manifest.jsonl"

// The states of a store's file.
const (
	Running     = "running"     // a run is writing it, or was killed (see Store.Settle)
	Complete    = "complete"    // its run reached its target
	Interrupted = "interrupted" // its run was stopped by a signal, keeping every complete game
	Killed      = "killed"      // its run died; the complete records were kept, their games not counted
)

// Entry describes one file of the store: how it was made and what it
// holds. Its JSON form is one line of the manifest.
type Entry struct {
	File        string    `json:"file"` // name in the store's directory
	Status      string    `json:"status"`
	Started     time.Time `json:"started"`
	Finished    time.Time `json:"finished,omitzero"`
	Luft        string    `json:"luft"`            // the version of Luft that made it
	Command     string    `json:"command"`         // the command line, to make it again
	PID         int       `json:"pid"`             // the process writing it, while Running
	Net         string    `json:"net"`             // the evaluation its games played and scored with
	Scale       int       `json:"scale,omitempty"` // Net's scale (nnue.Network.Scale), for a network
	Nodes       uint64    `json:"nodes"`           // node budget per move
	Seed        uint64    `json:"seed"`            //
	Openings    string    `json:"openings"`        // opening file; empty for the start position
	RandomPlies int       `json:"randomPlies"`
	Chess960    float64   `json:"chess960"`          // fraction of games from Chess960 start positions
	Games       int       `json:"games"`             // complete games; 0, not counted, unless GamesKnown
	Positions   int       `json:"positions"`         // complete records; 0, not counted, while Running
	SHA256      string    `json:"sha256,omitempty"`  // of the whole file, once it is finished
	Problem     string    `json:"problem,omitempty"` // why a killed run's file holds nothing to train on
}

// The evaluations an entry's Net names that are not networks: the
// hand-crafted evaluation, and games converted from PGN.
const (
	HandCrafted = "hce"
	FromPGN     = "pgn"
)

// legacyScales are the scales of the networks that stated one other than
// nnue.DefaultScale before manifests recorded it.
var legacyScales = map[string]int{"luft-r8s.nnue": 300}

// LabelScale returns the scale of the network that scored e's positions,
// the centipawns of one unit of its output, or 0 when no network did.
// Entries made before the manifest recorded it have no Scale; their
// networks stated nnue.DefaultScale, as every file had to until
// luft-r8s.nnue.
func (e *Entry) LabelScale() int {
	switch {
	case e.Scale > 0:
		return e.Scale
	case e.Net == HandCrafted || e.Net == FromPGN || e.Net == "":
		return 0
	case legacyScales[e.Net] > 0:
		return legacyScales[e.Net]
	}
	return nnue.DefaultScale
}

// GamesKnown reports whether e.Games counts the games in e's file, as it
// does once the run has finished. A run still going has not said, and a
// killed one never did; their files' records cannot tell, as they do not
// mark where one game ends and the next begins.
func (e *Entry) GamesKnown() bool {
	return e.Status == Complete || e.Status == Interrupted
}

// Store is a directory of data files that grows with every run of luft
// datagen, and a manifest (ManifestName, one JSON Entry a line) that says
// how each file was made, so that any of them can be made again and a
// trainer can take them all. A file whose name ends in
// trainingdata.CompressedExt is compressed; its entry's positions and
// checksum are those of its data uncompressed.
type Store struct {
	Dir string
	// ReadOnly marks a bank (OpenBank): a store kept elsewhere, made on
	// other machines, that is read and never written. No run adds to it,
	// and Settle leaves its entries as they are, as their PIDs are not
	// this machine's.
	ReadOnly bool
}

// DefaultStoreDir returns the store's directory: $LUFT_DATA when set,
// else $XDG_DATA_HOME/luft/data, else ~/.local/share/luft/data.
func DefaultStoreDir() (string, error) {
	if d := os.Getenv(StoreEnv); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "luft", "data"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data store: set %s (%v)", StoreEnv, err)
	}
	return filepath.Join(home, ".local", "share", "luft", "data"), nil
}

// OpenStore returns the store in dir, creating the directory if need be.
func OpenStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Store{Dir: dir}, nil
}

// OpenBank returns the read-only store in dir, which must hold a
// manifest.
func OpenBank(dir string) (*Store, error) {
	s := &Store{Dir: dir, ReadOnly: true}
	_, err := os.Stat(s.manifest())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no %s there", s.Name(), ManifestName)
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Name says which store s is, in messages: its kind and directory.
func (s *Store) Name() string {
	if s.ReadOnly {
		return "bank " + s.Dir
	}
	return "data store " + s.Dir
}

// Entries returns the manifest's entries, oldest first.
func (s *Store) Entries() ([]Entry, error) {
	data, err := os.ReadFile(s.manifest())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var es []Entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", s.manifest(), line, err)
		}
		es = append(es, e)
	}
	return es, sc.Err()
}

// Create adds a file for e's run to the store, named after its start time
// and seed, and lists it as Running. The caller writes the file and
// then calls Finish.
func (s *Store) Create(e *Entry) (*os.File, error) {
	e.Status, e.PID = Running, os.Getpid()
	if e.Started.IsZero() {
		e.Started = time.Now().UTC()
	}
	var f *os.File
	err := s.update(func(es []Entry) ([]Entry, error) {
		base := fmt.Sprintf("data-%s-s%d", e.Started.Format("20060102-150405"), e.Seed)
		for i := 1; ; i++ {
			e.File = base + ".bin"
			if i > 1 { // another run of the same seed in the same second
				e.File = fmt.Sprintf("%s-%d.bin", base, i)
			}
			var err error
			f, err = os.OpenFile(filepath.Join(s.Dir, e.File), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if err == nil {
				return append(es, *e), nil
			}
			if !errors.Is(err, fs.ErrExist) {
				return nil, err
			}
		}
	})
	return f, err
}

// Finish records the end of e's run, with status (Complete or
// Interrupted), the games played, and the positions and checksum of its
// file, which must be closed.
func (s *Store) Finish(e *Entry, status string, games int) error {
	e.Status, e.PID, e.Games, e.Finished = status, 0, games, time.Now().UTC()
	if err := s.measure(e); err != nil {
		return err
	}
	return s.update(func(es []Entry) ([]Entry, error) {
		for i := range es {
			if es[i].File == e.File {
				es[i] = *e
				return es, nil
			}
		}
		return append(es, *e), nil
	})
}

// Settle finishes the entries that are Running although no process with
// their PID is alive: their runs were killed. Each file is cut to its
// last complete record and listed as Killed. It returns the entries it
// settled. With none to settle it writes nothing, the manifest's lock
// included, so that reading a store does not change it. A ReadOnly store
// has none to settle.
func (s *Store) Settle() ([]Entry, error) {
	if s.ReadOnly {
		return nil, nil
	}
	es, err := s.Entries()
	if err != nil || !slices.ContainsFunc(es, killed) {
		return nil, err
	}
	var settled []Entry
	err = s.update(func(es []Entry) ([]Entry, error) {
		for i := range es {
			e := &es[i]
			if !killed(*e) {
				continue
			}
			e.Status, e.PID, e.Finished = Killed, 0, time.Now().UTC()
			if err := s.measure(e); err != nil {
				return nil, err
			}
			settled = append(settled, *e)
		}
		if settled == nil { // another process settled them since
			return nil, errUnchanged
		}
		return es, nil
	})
	return settled, err
}

// killed reports whether e is Running although no process with its PID
// is alive.
func killed(e Entry) bool {
	return e.Status == Running && !processAlive(e.PID)
}

// Files returns the paths of the store's finished files, oldest first:
// the data to train on (see TrainingFiles).
func (s *Store) Files() ([]string, error) {
	files, err := TrainingFiles([]*Store{s})
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	return paths, err
}

// Summary describes what the store holds (see Tally), named.
func (s *Store) Summary() (string, error) {
	es, err := s.Entries()
	if err != nil {
		return "", err
	}
	var t Tally
	t.Add(s, es)
	return s.Name() + ": " + t.String(), nil
}

// measure cuts e's file to its last complete record and sets e's
// positions and checksum from it. A run killed before its first write
// leaves less than a header, which is cut to nothing. A file that is gone
// or is no data file is left as it is: e gets no positions, so nothing
// trains on it, and its Problem says why, so that one lost file does not
// stop every later run.
func (s *Store) measure(e *Entry) error {
	if err := s.writable(); err != nil {
		return err
	}
	name := filepath.Join(s.Dir, e.File)
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		e.Positions, e.SHA256, e.Problem = 0, "", "the file is gone"
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	whole := trainingdata.HeaderSize + int64(trainingdata.Records(st.Size()))*trainingdata.RecordSize
	if st.Size() < trainingdata.HeaderSize {
		whole = 0
	} else if _, err := trainingdata.NewReader(f); err != nil {
		e.Positions, e.SHA256, e.Problem = 0, "", err.Error()
		return nil
	}
	if whole != st.Size() {
		if err := f.Truncate(whole); err != nil {
			return err
		}
	}
	return s.checksum(e)
}

// Written returns the complete records that e's file holds now, from its
// size alone: the positions so far of a Running entry, whose Positions
// are counted when its run finishes. It reads nothing of the file.
func (s *Store) Written(e *Entry) (int, error) {
	st, err := os.Stat(filepath.Join(s.Dir, e.File))
	if err != nil {
		return 0, err
	}
	return trainingdata.Records(st.Size()), nil
}

// Verify checks every finished file against the manifest: its size and
// checksum. It returns the problems found, one a file.
func (s *Store) Verify() ([]string, error) {
	es, err := s.Entries()
	if err != nil {
		return nil, err
	}
	var bad []string
	for _, e := range es {
		if e.Status == Running {
			continue
		}
		if err := s.check(e); err != nil {
			bad = append(bad, err.Error())
		}
	}
	return bad, nil
}

// check reads e's file and returns an error unless it holds e's
// positions and checksum.
func (s *Store) check(e Entry) error {
	got := e
	if err := s.checksum(&got); err != nil {
		return fmt.Errorf("%s: %v", e.File, err)
	}
	if got.SHA256 != e.SHA256 || got.Positions != e.Positions {
		return fmt.Errorf("%s: %d positions, sha256 %s; the manifest says %d, %s",
			e.File, got.Positions, got.SHA256, e.Positions, e.SHA256)
	}
	return nil
}

// checksum sets e's positions and checksum from its file's data,
// decompressed if need be, and leaves the file unchanged.
func (s *Store) checksum(e *Entry) error {
	f, err := trainingdata.Open(filepath.Join(s.Dir, e.File))
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return err
	}
	e.Positions, e.SHA256 = trainingdata.Records(n), hex.EncodeToString(h.Sum(nil))
	return nil
}

// writable returns an error for a ReadOnly store, which nothing may
// change.
func (s *Store) writable() error {
	if s.ReadOnly {
		return fmt.Errorf("%s is read-only", s.Name())
	}
	return nil
}

func (s *Store) manifest() string { return filepath.Join(s.Dir, ManifestName) }

// lockWait bounds the wait for another process's hold on the manifest; a
// lock older than staleLock is taken to be left by a dead process.
const (
	lockWait  = 10 * time.Second
	staleLock = time.Minute
)

// errUnchanged is returned by an update's change to leave the manifest
// as it is.
var errUnchanged = errors.New("unchanged")

// update rewrites the manifest with change applied to its entries, under
// a lock file, so that runs sharing the store do not lose each other's
// entries; the new manifest replaces the old one whole. A change that
// returns errUnchanged leaves the manifest as it is, and update returns
// nil.
func (s *Store) update(change func([]Entry) ([]Entry, error)) error {
	if err := s.writable(); err != nil {
		return err
	}
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	es, err := s.Entries()
	if err != nil {
		return err
	}
	if es, err = change(slices.Clone(es)); err == errUnchanged {
		return nil
	} else if err != nil {
		return err
	}
	var buf bytes.Buffer
	for _, e := range es {
		line, err := json.Marshal(e)
		if err != nil {
			return err
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	tmp := s.manifest() + ".new"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, s.manifest())
}

// lock takes the manifest's lock file and returns its release.
func (s *Store) lock() (unlock func(), err error) {
	name := s.manifest() + ".lock"
	deadline := time.Now().Add(lockWait)
	for {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(name) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, err := os.Stat(name); err == nil && time.Since(st.ModTime()) > staleLock {
			os.Remove(name)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("the manifest is locked (%s); remove the file if no luft datagen runs", name)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
