package datagen

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
)

// BankEnv names the environment variable that lists the banks' directories,
// comma-separated; DefaultBanks describes the default.
const BankEnv = "LUFT_BANK"

// DefaultBank is the directory of the self-play bank, the data kept off
// the machine, as seen from the repository's root, where the make targets
// run.
const DefaultBank = "../shared/data/selfplay"

// DefaultBanks returns the directories of the banks to read beside the
// local store: those $LUFT_BANK lists (none when it is set but empty),
// else DefaultBank when that directory exists, else none.
func DefaultBanks() []string {
	if list, ok := os.LookupEnv(BankEnv); ok {
		return SplitDirs(list)
	}
	if st, err := os.Stat(DefaultBank); err == nil && st.IsDir() {
		return []string{DefaultBank}
	}
	return nil
}

// SplitDirs returns the directories of a comma-separated list, without
// empty ones.
func SplitDirs(list string) []string {
	var dirs []string
	for d := range strings.SplitSeq(list, ",") {
		if d = strings.TrimSpace(d); d != "" {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// File is a finished data file of a store: data to train on.
type File struct {
	Path  string
	Store *Store
	Entry Entry
}

// TrainingFiles returns the finished files of the stores, those with
// positions, oldest first by the time their runs started, ties in the
// order of the stores and of their manifests: the newest games come last,
// whichever store holds them. A file whose data (its checksum) an earlier
// store holds too, as when a local file has been put in the bank, is a
// copy and left out.
func TrainingFiles(stores []*Store) ([]File, error) {
	var files []File
	seen := map[string]bool{}
	for _, s := range stores {
		es, err := s.Entries()
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			if e.Status == Running || e.Positions == 0 || seen[e.SHA256] {
				continue
			}
			seen[e.SHA256] = e.SHA256 != ""
			files = append(files, File{Path: filepath.Join(s.Dir, e.File), Store: s, Entry: e})
		}
	}
	slices.SortStableFunc(files, func(a, b File) int { return a.Entry.Started.Compare(b.Entry.Started) })
	return files, nil
}

// Tally counts what one or more stores hold: their files, the positions
// of the finished ones, in all and by the evaluation that scored them,
// and what runs still going have written so far. A finished file that is
// a copy of one counted before (the same checksum) counts as a file but
// not again for its positions.
type Tally struct {
	Files, Positions int
	Running, Written int // runs still going, and the complete records they hold so far
	Copies           int // finished files counted once already
	byNet            map[string]int
	nets             []string // in the order first counted
	seen             map[string]bool
}

// Add counts es, the entries of s.
func (t *Tally) Add(s *Store, es []Entry) {
	if t.byNet == nil {
		t.byNet, t.seen = map[string]int{}, map[string]bool{}
	}
	t.Files += len(es)
	for _, e := range es {
		if e.Status == Running {
			n, _ := s.Written(&e) // a file not there yet holds nothing
			t.Running, t.Written = t.Running+1, t.Written+n
			continue
		}
		if t.seen[e.SHA256] {
			t.Copies++
			continue
		}
		t.seen[e.SHA256] = e.SHA256 != "" && e.Positions > 0
		t.Positions += e.Positions
		if _, ok := t.byNet[e.Net]; !ok {
			t.nets = append(t.nets, e.Net)
		}
		t.byNet[e.Net] += e.Positions
	}
}

// String says what t counted: "3 files, 900 positions (600 by luft-r7.nnue,
// 300 by luft-r6.nnue); 40+ more written so far by a run still going".
func (t *Tally) String() string {
	var parts []string
	for _, n := range t.nets {
		parts = append(parts, fmt.Sprintf("%d by %s", t.byNet[n], n))
	}
	sum := fmt.Sprintf("%d files, %d positions", t.Files, t.Positions)
	if len(parts) > 0 {
		sum += " (" + strings.Join(parts, ", ") + ")"
	}
	if t.Copies > 0 {
		sum += fmt.Sprintf("; %d files are copies, counted once", t.Copies)
	}
	if t.Running > 0 {
		by := "a run still going"
		if t.Running > 1 {
			by = fmt.Sprintf("%d runs still going", t.Running)
		}
		sum += fmt.Sprintf("; %d+ more written so far by %s", t.Written, by)
	}
	return sum
}

// Export puts the finished files of s that the store in dir lacks (by
// checksum) there, compressed (their names followed by
// trainingdata.CompressedExt), and lists them in its manifest with their
// entries unchanged but for the name: how a local store's files go to a
// bank. Each file is read back and checked before it is listed. It
// returns the entries it added.
func (s *Store) Export(dir string) ([]Entry, error) {
	bank, err := OpenStore(dir)
	if err != nil {
		return nil, err
	}
	have, err := bank.Entries()
	if err != nil {
		return nil, err
	}
	files, err := TrainingFiles([]*Store{s})
	if err != nil {
		return nil, err
	}
	var added []Entry
	for _, f := range files {
		if slices.ContainsFunc(have, func(e Entry) bool { return e.SHA256 == f.Entry.SHA256 }) {
			continue
		}
		e := f.Entry
		if !strings.HasSuffix(e.File, trainingdata.CompressedExt) {
			e.File += trainingdata.CompressedExt
		}
		if err := bank.compress(f.Path, e); err != nil {
			return added, err
		}
		if err := bank.update(func(es []Entry) ([]Entry, error) { return append(es, e), nil }); err != nil {
			return added, err
		}
		added = append(added, e)
	}
	return added, nil
}

// compress writes the data file src into s as e's file, compressed, and
// checks it against e's positions and checksum; a file that fails is
// removed.
func (s *Store) compress(src string, e Entry) error {
	in, err := trainingdata.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	name := filepath.Join(s.Dir, e.File)
	out, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err // never over a file of the store
	}
	err = trainingdata.Compress(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = s.check(e)
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}
