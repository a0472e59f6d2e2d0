package tune

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/eval"
)

// handmade is a small labelled data set: won positions for the side with
// more material or a far-advanced passed pawn, draws when balanced.
const handmade = `
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;1/2-1/2
rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;1-0
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1;0-1
r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;1-0
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1;0-1
6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1;1/2-1/2
6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1;1-0
3r2k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1;0-1
6k1/P4ppp/8/8/8/8/5PPP/6K1 b - - 0 1;1-0
6k1/5ppp/8/8/8/8/p4PPP/6K1 w - - 0 1;0-1
4k3/8/8/8/8/8/8/4KB2 w - - 0 1;1/2-1/2
r3k3/8/8/8/8/8/8/4K2R w - - 0 1;1/2-1/2
`

func samples(t *testing.T) []Sample {
	t.Helper()
	s, err := ReadSamples(strings.NewReader(handmade))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestReadFiles reads samples from two files, and names the file that
// holds a bad line.
func TestReadFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"a": "8/8/8/8/8/8/8/K6k w - - 0 1;1-0\n", "b": "8/8/8/8/8/8/8/K6k b - - 0 1;0.25\n", "bad": "8/8/8/8/8/8/8/K6k b - - 0 1\n"}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := ReadFiles(filepath.Join(dir, "a"), filepath.Join(dir, "b"))
	want := []Sample{{"8/8/8/8/8/8/8/K6k w - - 0 1", 1}, {"8/8/8/8/8/8/8/K6k b - - 0 1", 0.25}}
	if diff := cmp.Diff(want, got); diff != "" || err != nil {
		t.Errorf("ReadFiles: %v (-want +got):\n%s", err, diff)
	}
	bad := filepath.Join(dir, "bad")
	if _, err := ReadFiles(filepath.Join(dir, "a"), bad); err == nil || !strings.HasPrefix(err.Error(), bad+": line 1:") {
		t.Errorf("ReadFiles with a bad line: %v, want an error naming %s", err, bad)
	}
	if _, err := ReadFiles(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFiles of a missing file: %v", err)
	}
}

// TestSplit checks the sizes of the training and held-out sets, and that
// Split refuses to leave nothing to train on.
func TestSplit(t *testing.T) {
	for _, tt := range []struct {
		holdout     float64
		train, test int // sizes; 0, 0 for an error
	}{
		{0, 12, 0},
		{0.1, 11, 1},
		{0.25, 9, 3},
		{0.99, 1, 11},
		{1, 0, 0},
		{-1, 0, 0},
	} {
		train, test, err := Split(samples(t), tt.holdout, eval.New())
		if tt.train == 0 {
			if err == nil {
				t.Errorf("holdout %g: no error", tt.holdout)
			}
			continue
		}
		if err != nil || train.Len() != tt.train || test.Len() != tt.test {
			t.Errorf("holdout %g: %v, %d training and %d held-out positions, want %d and %d", tt.holdout, err, train.Len(), test.Len(), tt.train, tt.test)
		}
	}
}

func TestReadSamples(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    []Sample
		wantErr bool
	}{
		{"8/8/8/8/8/8/8/K6k w - - 0 1;1-0\n\n# comment\n8/8/8/8/8/8/8/K6k b - -; 0.5\n",
			[]Sample{{"8/8/8/8/8/8/8/K6k w - - 0 1", 1}, {"8/8/8/8/8/8/8/K6k b - -", 0.5}}, false},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;0-1", []Sample{{"8/8/8/8/8/8/8/K6k w - - 0 1", 0}}, false},
		{"8/8/8/8/8/8/8/K6k w - - 0 1", nil, true},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;2-0", nil, true},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;*", nil, true},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;1/2", nil, true},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;1/2-1/2", []Sample{{"8/8/8/8/8/8/8/K6k w - - 0 1", 0.5}}, false},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;1", []Sample{{"8/8/8/8/8/8/8/K6k w - - 0 1", 1}}, false},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;0.0", []Sample{{"8/8/8/8/8/8/8/K6k w - - 0 1", 0}}, false},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;0.6250", []Sample{{"8/8/8/8/8/8/8/K6k w - - 0 1", 0.625}}, false},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;1.5", nil, true},
		{"8/8/8/8/8/8/8/K6k w - - 0 1;-0.1", nil, true},
	} {
		got, err := ReadSamples(strings.NewReader(tc.in))
		if (err != nil) != tc.wantErr {
			t.Errorf("ReadSamples(%q) error = %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ReadSamples(%q) (-want +got):\n%s", tc.in, diff)
		}
		for _, s := range got {
			if back, _ := ReadSamples(strings.NewReader(s.String())); !cmp.Equal(back, []Sample{s}) {
				t.Errorf("%v does not read back: %v", s, back)
			}
		}
	}
}

func TestQuiet(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{board.StartFEN, true},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", true},   // exd5 trades evenly
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 2", true}, // dxe4 Nxe4
		{"rnbqkb1r/pppppppp/8/4n3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", false},  // dxe5 wins a knight
		{"4k3/8/8/8/8/8/8/4K2r w - - 0 1", false},                                // in check
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", false},                                // promotion
	} {
		p := boardtest.Position(t, tc.fen)
		if got := Quiet(p); got != tc.want {
			t.Errorf("Quiet(%s) = %v, want %v", tc.fen, got, tc.want)
		}
	}
}

// TestLinearModel checks that the dataset's linear model reproduces the
// evaluator (from White's side, up to rounding).
func TestLinearModel(t *testing.T) {
	e := eval.New()
	ss := samples(t)
	d, err := NewDataset(ss, e)
	if err != nil {
		t.Fatal(err)
	}
	v := toVector(eval.Default())
	for i, s := range ss {
		p, _ := board.ParseFEN(s.FEN)
		want := e.Evaluate(p)
		if p.SideToMove() == board.Black {
			want = -want
		}
		if got := d.eval(&d.pos[i], v); math.Abs(got-float64(want)) > 1.5 {
			t.Errorf("%s: linear model %.1f, evaluator %d", s.FEN, got, want)
		}
	}
}

// TestGradient compares the analytic gradient with finite differences.
func TestGradient(t *testing.T) {
	d, err := NewDataset(samples(t), eval.New())
	if err != nil {
		t.Fatal(err)
	}
	const k = 0.01
	v := toVector(eval.Default())
	grad := make(vector, len(v))
	d.gradient(v, k, 2, grad)
	for _, i := range []int{2*1 + 0, 2*4 + 1, 2*3 + 0, 2*(eval.NumWeights-1) + 0} { // knight mg, queen eg, rook mg, tempo mg
		const h = 0.5
		up, down := append(vector(nil), v...), append(vector(nil), v...)
		up[i] += h
		down[i] -= h
		numeric := (d.error(up, k) - d.error(down, k)) / (2 * h)
		if math.Abs(numeric-grad[i]) > 1e-3*math.Abs(numeric)+1e-9 {
			t.Errorf("gradient[%d] = %g, finite difference %g", i, grad[i], numeric)
		}
	}
}

// TestFit starts from weights with the material values wrong and checks
// that fitting reduces the error.
func TestFit(t *testing.T) {
	start := eval.Default()
	for pt := range 5 { // material is the first parameter, Pawn..Queen
		start[pt] = eval.Weight{MG: 10, EG: 10}
	}
	d, err := NewDataset(samples(t), eval.NewWith(start))
	if err != nil {
		t.Fatal(err)
	}
	const k = 0.01
	before := d.Error(start, k)
	fitted := d.Fit(start, k, Options{Epochs: 200, Rate: 5, Threads: 2})
	after := d.Error(fitted, k)
	if !(after < before/2) {
		t.Errorf("error %.4f before fitting, %.4f after: want at most half", before, after)
	}
	for _, pt := range []board.PieceType{board.Knight, board.Rook, board.Queen} { // the side up one of these wins
		if w := fitted[pt]; w.MG+w.EG <= 20 {
			t.Errorf("fitted %s = %v, want above the starting 10, 10", eval.WeightName(int(pt)), w)
		}
	}
}

func TestFitK(t *testing.T) {
	d, err := NewDataset(samples(t), eval.New())
	if err != nil {
		t.Fatal(err)
	}
	w := eval.Default()
	k := d.FitK(w)
	for _, other := range []float64{k / 2, k * 2} {
		if d.Error(w, other) < d.Error(w, k) {
			t.Errorf("FitK = %g, but K = %g has a smaller error", k, other)
		}
	}
}

func TestFitFixed(t *testing.T) {
	start := eval.Default()
	d, err := NewDataset(samples(t), eval.NewWith(start))
	if err != nil {
		t.Fatal(err)
	}
	fitted := d.Fit(start, 0.01, Options{Epochs: 50, Rate: 5, Threads: 1, Fixed: Only(regexp.MustCompile("^tempo$"))})
	moved := 0
	for i := range start {
		if start[i] != fitted[i] {
			moved++
			if eval.WeightName(i) != "tempo" {
				t.Errorf("fixed weight %s moved from %v to %v", eval.WeightName(i), start[i], fitted[i])
			}
		}
	}
	if moved != 1 {
		t.Errorf("%d weights moved, want 1 (tempo)", moved)
	}
}
