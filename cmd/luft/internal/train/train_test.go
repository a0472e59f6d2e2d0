package train

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/eval/nnue"
)

// randomPositions returns n positions reached by random legal moves from
// the start position, 4 to 80 plies deep.
func randomPositions(t testing.TB, n int, seed uint64) []*board.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []*board.Position
	for len(out) < n {
		pos := boardtest.Position(t, board.StartFEN)
		plies := 4 + rng.IntN(77)
		var l board.MoveList
		for range plies {
			l.Clear()
			pos.GenerateLegal(&l)
			if l.Len() == 0 {
				break
			}
			pos.Make(l.Moves()[rng.IntN(l.Len())])
		}
		fen := pos.FEN()
		p := boardtest.Position(t, fen)
		out = append(out, p)
	}
	return out
}

// material returns the material balance in pawns, side to move's view.
func material(pos *board.Position) int {
	vals := [6]int{1, 3, 3, 5, 9, 0}
	sum := 0
	for t := board.Pawn; t <= board.King; t++ {
		sum += vals[t] * (pos.Pieces(pos.SideToMove(), t).Count() - pos.Pieces(pos.SideToMove().Other(), t).Count())
	}
	return sum
}

// materialRecords labels positions with their material balance × 100 and
// the matching result.
func materialRecords(t testing.TB, n int, seed uint64) []trainingdata.Record {
	var recs []trainingdata.Record
	for _, pos := range randomPositions(t, n, seed) {
		m := material(pos)
		r := outcome.Draw
		switch {
		case m > 1:
			r = outcome.Win(pos.SideToMove())
		case m < -1:
			r = outcome.Win(pos.SideToMove().Other())
		}
		recs = append(recs, trainingdata.Record{Pos: pos, Score: int16(100 * m), Result: r})
	}
	return recs
}

// writeData writes recs as a training data file and returns its name.
func writeData(t testing.TB, dir, name string, recs []trainingdata.Record) string {
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := trainingdata.WriteAll(f, recs); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

func testConfig(h int) Config {
	c := Defaults()
	c.Hidden, c.Epochs, c.Batch, c.LR, c.Threads, c.Lambda = h, 6, 32, 0.01, 2, 0.7
	return c
}

// refLoss is an independent float64 model of the loss of net over the
// positions, with features taken from the positions.
func refLoss(net *Net, poss []*board.Position, samples []Sample, lambda, k float64) float64 {
	h := net.H
	var total float64
	for j, pos := range poss {
		acc := func(persp board.Color) []float64 {
			a := make([]float64, h)
			for i := range a {
				a[i] = float64(net.B()[i])
			}
			for b := pos.Occupied(); b != 0; {
				sq := b.PopLSB()
				f := nnue.FeatureIndex(persp, pos.PieceAt(sq), sq)
				for i := range a {
					a[i] += float64(net.W()[f*h+i])
				}
			}
			return a
		}
		us, them := acc(pos.SideToMove()), acc(pos.SideToMove().Other())
		b := (pos.Occupied().Count() - 2) * net.Buckets / 31 // the output bucket
		o := net.O()[2*h*b:]
		out := float64(net.OB()[b])
		for i := range h {
			sc := func(x float64) float64 { x = min(max(x, 0), 1); return x * x }
			out += sc(us[i])*float64(o[i]) + sc(them[i])*float64(o[h+i])
		}
		p := 1 / (1 + math.Exp(-out*float64(net.Scale)/k))
		s := &samples[j]
		tg := lambda/(1+math.Exp(-float64(s.Score)/k)) + (1-lambda)*float64(s.Result)/2
		total += (p - tg) * (p - tg)
	}
	return total / float64(len(poss))
}

// TestRescale checks scores brought from one scale to another: rounded
// half away from zero, clamped to int16, untouched at the same scale or
// an unknown one.
func TestRescale(t *testing.T) {
	scores := []int16{0, 1, -1, 2, -2, 100, -100, 32767, -32768}
	tests := []struct {
		from, to int
		want     []int16
	}{
		{400, 300, []int16{0, 1, -1, 2, -2, 75, -75, 24575, -24576}},
		{300, 400, []int16{0, 1, -1, 3, -3, 133, -133, 32767, -32768}},
		{400, 200, []int16{0, 1, -1, 1, -1, 50, -50, 16384, -16384}},
		{300, 300, scores},
		{0, 300, scores},
	}
	for _, tt := range tests {
		s := make([]Sample, len(scores))
		for i, x := range scores {
			s[i].Score = x
		}
		Rescale(s, tt.from, tt.to)
		var got []int16
		for _, x := range s {
			got = append(got, x.Score)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("from %d to %d (-want +got):\n%s", tt.from, tt.to, diff)
		}
	}
}

// TestSampleResult checks the result a sample takes from a record: 2 for
// a win of the side to move, 1 for a draw, 0 for a loss; a record
// without a result is refused.
func TestSampleResult(t *testing.T) {
	white, black := board.NewPosition(), boardtest.Position(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	type row struct {
		Label uint8
		Err   bool
	}
	var got []row
	for _, pos := range []*board.Position{white, black} {
		for _, r := range []outcome.Result{outcome.WhiteWins, outcome.BlackWins, outcome.Draw, outcome.Unfinished} {
			p, err := trainingdata.Pack(trainingdata.Record{Pos: pos, Result: r})
			if err != nil {
				t.Fatal(err)
			}
			s, err := SampleFromPacked(&p)
			got = append(got, row{s.Result, err != nil})
		}
	}
	want := []row{{2, false}, {0, false}, {1, false}, {0, true}, {0, false}, {2, false}, {1, false}, {0, true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("labels by side to move and result (-want +got):\n%s", diff)
	}
}

// TestGradient checks the analytic gradient against finite differences
// of an independent float64 model.
func TestGradient(t *testing.T) {
	const h = 4
	recs := materialRecords(t, 6, 1)
	var poss []*board.Position
	var samples []Sample
	for _, r := range recs {
		poss = append(poss, r.Pos)
		samples = append(samples, SampleFromPosition(r.Pos, r.Score, r.Result))
	}
	cfg := testConfig(h)
	cfg.Scale = 300 // not the default, which the reference would not tell apart
	tr, err := NewTrainer(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Net.Scale != cfg.Scale {
		t.Fatalf("a new network at scale %d, want %d", tr.Net.Scale, cfg.Scale)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range tr.Net.P { // larger weights: more neurons in (0, 1)
		tr.Net.P[i] = (2*rng.Float32() - 1) * 0.4
	}
	idx := make([]int32, len(samples))
	for i := range idx {
		idx[i] = int32(i)
	}
	sh := tr.shards[0]
	tr.gradient(sh, samples, idx, len(idx))
	if got, want := sh.loss/float64(len(idx)), refLoss(tr.Net, poss, samples, cfg.Lambda, cfg.K); math.Abs(got-want) > 1e-6 {
		t.Errorf("loss %g, reference %g", got, want)
	}
	// Parameters to check: every column of the first position's pieces
	// from both perspectives, the biases, output weights and bias, and
	// an unused column.
	var check []int
	pos := poss[0]
	for b := pos.Occupied(); b != 0; {
		sq := b.PopLSB()
		for _, c := range []board.Color{board.White, board.Black} {
			f := nnue.FeatureIndex(c, pos.PieceAt(sq), sq)
			check = append(check, f*h, f*h+3)
		}
	}
	for i := Inputs * h; i < len(tr.Net.P); i++ {
		check = append(check, i)
	}
	unused := -1
	for f := 0; f < Inputs && unused < 0; f++ {
		used := false
		for _, s := range samples {
			for _, g := range s.F[:s.N] {
				used = used || int(g) == f || int(flip(g)) == f
			}
		}
		if !used {
			unused = f
		}
	}
	if unused >= 0 {
		check = append(check, unused*h+1)
	}
	nonzero := 0
	for _, i := range check {
		const eps = 1e-3
		x := tr.Net.P[i]
		tr.Net.P[i] = x + eps
		up := refLoss(tr.Net, poss, samples, cfg.Lambda, cfg.K)
		tr.Net.P[i] = x - eps
		down := refLoss(tr.Net, poss, samples, cfg.Lambda, cfg.K)
		tr.Net.P[i] = x
		num := (up - down) / float64(float32(x+eps)-float32(x-eps))
		got := float64(sh.grad[i])
		if math.Abs(got-num) > 1e-4+2e-3*math.Abs(num) {
			t.Errorf("parameter %d: gradient %.8g, finite difference %.8g", i, got, num)
		}
		if got != 0 {
			nonzero++
		}
	}
	if nonzero < len(check)/2 {
		t.Errorf("only %d of %d gradients are not zero", nonzero, len(check))
	}
	if unused >= 0 && sh.touched[unused] {
		t.Errorf("unused feature %d touched", unused)
	}
}

// TestTrainLowersLoss trains on material-labelled positions read back
// from training data files and expects a much lower validation loss.
func TestTrainLowersLoss(t *testing.T) {
	dir := t.TempDir()
	recs := materialRecords(t, 3000, 2)
	a := writeData(t, dir, "a.bin", recs[:1000])
	b := writeData(t, dir, "b.bin", recs[1000:])
	all, counts, err := ReadFiles(nil, []string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{1000, 2000}, counts); diff != "" {
		t.Errorf("samples of each file (-want +got):\n%s", diff)
	}
	trainSet, valSet := Split(all, 0.1)
	if len(trainSet) != 2700 || len(valSet) != 300 {
		t.Fatalf("split %d/%d, want 2700/300", len(trainSet), len(valSet))
	}
	if want := SampleFromPosition(recs[2999].Pos, recs[2999].Score, recs[2999].Result); valSet[299] != want {
		t.Errorf("last sample %+v, want %+v", valSet[299], want)
	}
	cfg := testConfig(16)
	cfg.OutDir = dir
	var log strings.Builder
	cfg.Log = &log
	tr, err := NewTrainer(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	before := tr.Loss(valSet)
	stats, err := tr.Run(trainSet, valSet)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("\nbefore epoch 1  val loss %.6f\n", before); !strings.Contains(log.String(), want) {
		t.Errorf("the log does not say the starting loss %q:\n%s", want, log.String())
	}
	after := stats[len(stats)-1].ValLoss
	t.Logf("validation loss %.5f -> %.5f", before, after)
	for _, s := range stats {
		t.Log(s)
	}
	if !(after < 0.5*before) {
		t.Errorf("validation loss %.5f -> %.5f, want at least halved", before, after)
	}
	for _, name := range []string{"epoch-1.ckpt", "epoch-6.ckpt", "net.nnue"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "net.nnue"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, tr.Net.QuantizedBytes()) {
		t.Error("net.nnue is not the final net")
	}
}

func samplesOf(t testing.TB, n int, seed uint64) []Sample {
	var s []Sample
	for _, r := range materialRecords(t, n, seed) {
		s = append(s, SampleFromPosition(r.Pos, r.Score, r.Result))
	}
	return s
}

// TestResume checks that a checkpoint reads back exactly and that
// resuming from it gives the same net as training on.
func TestResume(t *testing.T) {
	data := samplesOf(t, 200, 3)
	trainSet, valSet := Split(data, 0.1)
	cfg := testConfig(8)
	cfg.Epochs, cfg.Scale = 3, 350
	straight, _ := NewTrainer(cfg, nil)
	if _, err := straight.Run(trainSet, valSet); err != nil {
		t.Fatal(err)
	}
	first, _ := NewTrainer(cfg, nil)
	first.RunEpoch(trainSet, valSet)
	var buf bytes.Buffer
	if err := first.WriteCheckpoint(&buf); err != nil {
		t.Fatal(err)
	}
	if want := 36 + 3*4*paramCount(8, DefaultBuckets) + 4; buf.Len() != want {
		t.Errorf("checkpoint of %d bytes, want %d", buf.Len(), want)
	}
	raw := append([]byte(nil), buf.Bytes()...)
	ck, err := ReadCheckpoint(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if ck.Epoch != 1 || ck.Step != first.Step || ck.Net.Scale != 350 || !equal(ck.Net.P, first.Net.P) || !equal(ck.M, first.M) || !equal(ck.V, first.V) {
		t.Fatal("checkpoint does not read back")
	}
	cfg.Hidden, cfg.Buckets, cfg.Scale = 99, 3, 400 // the checkpoint's sizes and scale win
	resumed, err := NewTrainer(cfg, ck)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := resumed.Run(trainSet, valSet); err != nil {
		t.Fatal(err)
	}
	if resumed.Epoch != 3 || !equal(resumed.Net.P, straight.Net.P) || !equal(resumed.V, straight.V) {
		t.Error("resumed training differs from straight training")
	}
	// A version 2 checkpoint, without the scale, reads at 400.
	v2, err := ReadCheckpoint(bytes.NewReader(withCRC(append(append([]byte(nil), raw[:32]...), raw[36:len(raw)-4]...), 2)))
	if err != nil {
		t.Fatalf("version 2: %v", err)
	}
	if v2.Net.Scale != nnue.DefaultScale || !equal(v2.Net.P, first.Net.P) || !equal(v2.V, first.V) {
		t.Errorf("version 2 reads back at scale %d, or other weights", v2.Net.Scale)
	}
	// Damage is detected, and a scale out of range refused.
	zero := append([]byte(nil), raw[:len(raw)-4]...)
	binary.LittleEndian.PutUint32(zero[32:], 0)
	zero = withCRC(zero, CheckpointVersion)
	for _, bad := range [][]byte{raw[:len(raw)-1], append([]byte("XUFT"), raw[4:]...), flipByte(raw, 100), zero} {
		if _, err := ReadCheckpoint(bytes.NewReader(bad)); err == nil {
			t.Error("damaged checkpoint read without error")
		}
	}
}

// withCRC returns the checkpoint body b, its version set to v, followed
// by its CRC.
func withCRC(b []byte, v uint32) []byte {
	binary.LittleEndian.PutUint32(b[8:], v)
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
}

func flipByte(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 1
	return c
}

func equal(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// TestThreads checks that training is bit for bit the same on one, two
// and three threads.
func TestThreads(t *testing.T) {
	data := samplesOf(t, 300, 4)
	trainSet, valSet := Split(data, 0.1)
	var nets [][]float32
	var losses []float64
	for _, th := range []int{1, 2, 3} {
		cfg := testConfig(8)
		cfg.Threads, cfg.Epochs = th, 1
		tr, _ := NewTrainer(cfg, nil)
		st := tr.RunEpoch(trainSet, valSet)
		nets = append(nets, tr.Net.P)
		losses = append(losses, st.TrainLoss, st.ValLoss)
	}
	for i := 1; i < len(nets); i++ {
		if !equal(nets[0], nets[i]) || losses[0] != losses[2*i] || losses[1] != losses[2*i+1] {
			t.Errorf("threads: losses %v, nets equal %v", losses, equal(nets[0], nets[i]))
		}
	}
}

// TestQuantizedBytes checks the file of a hand-set net with H = 2 byte
// for byte.
func TestQuantizedBytes(t *testing.T) {
	n := &Net{H: 2, Buckets: 1, Scale: nnue.DefaultScale, P: make([]float32, paramCount(2, 1))}
	w := n.W()
	w[0], w[1] = 1, -1                // feature 0
	w[2*767], w[2*767+1] = 0.5, -1.98 // feature 767
	w[2*5+1] = 0.003                  // rounds to 1
	n.B()[0], n.B()[1] = 0.1, -0.25
	o := n.O()
	o[0], o[1], o[2], o[3] = 1, -0.5, 1.98, 0.01
	n.OB()[0] = -0.75
	got := n.QuantizedBytes()

	var want []byte
	want = append(want, "LUFTNNUE"...)
	le := binary.LittleEndian
	for _, v := range []uint32{2, 2, 1, 255, 64, 400, 1} {
		want = le.AppendUint32(want, v)
	}
	ws := make([]int16, 768*2)
	ws[0], ws[1], ws[2*767], ws[2*767+1], ws[2*5+1] = 255, -255, 128, -505, 1
	for _, v := range ws {
		want = le.AppendUint16(want, uint16(v))
	}
	for _, v := range []int16{26, -64, 64, -32, 127, 1} { // bias 25.5 rounds away from zero
		want = le.AppendUint16(want, uint16(v))
	}
	ob := int32(-12240) // -0.75 × 255 × 64
	want = le.AppendUint32(want, uint32(ob))
	if len(want) != 8+28+2*768*2+2*2+2*4+4 {
		t.Fatalf("test's own size is wrong: %d", len(want))
	}
	want = le.AppendUint32(want, crc32.ChecksumIEEE(want))
	if !bytes.Equal(got, want) {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("byte %d is %#x, want %#x (lengths %d, %d)", i, got[i], want[i], len(got), len(want))
			}
		}
		t.Fatalf("%d bytes, want %d", len(got), len(want))
	}
	if len(got) != 8+28+2*(768*2+2+4)+4+4 {
		t.Errorf("size %d", len(got))
	}
}

// TestFromQuantized checks that a network read back from its quantisation
// quantises to the same bytes and stays within half a step of each float
// weight.
func TestFromQuantized(t *testing.T) {
	tr, _ := NewTrainer(testConfig(32), nil)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := range tr.Net.B() {
		tr.Net.B()[i] = rng.Float32() - 0.5
	}
	for i := range tr.Net.OB() {
		tr.Net.OB()[i] = 0.3 - 0.1*float32(i)
	}
	back := FromQuantized(tr.Net.Quantized())
	if !bytes.Equal(back.QuantizedBytes(), tr.Net.QuantizedBytes()) {
		t.Error("the network read back quantises differently")
	}
	h := back.H
	for i, v := range back.P {
		step := 1.0 / QA
		switch {
		case i >= len(back.P)-back.Buckets:
			step = 1.0 / (QA * QB)
		case i >= (Inputs+1)*h:
			step = 1.0 / QB
		}
		if d := math.Abs(float64(v - tr.Net.P[i])); d > step/2+1e-6 {
			t.Fatalf("parameter %d: %v read back as %v, more than half a step %v apart", i, tr.Net.P[i], v, step)
		}
	}
	// A network of another scale reads back at its scale with the same
	// weights, evaluating as it does (three quarters of the scale, three
	// quarters of the centipawns), and quantises to itself.
	q := tr.Net.Quantized()
	q.Scale = nnue.DefaultScale * 3 / 4
	small := FromQuantized(q)
	if small.Scale != q.Scale || !equal(small.P, back.P) {
		t.Errorf("read back at scale %d (want %d), weights equal %v", small.Scale, q.Scale, equal(small.P, back.P))
	}
	var want bytes.Buffer
	q.Write(&want)
	if !bytes.Equal(small.QuantizedBytes(), want.Bytes()) {
		t.Error("the network of scale 300 read back quantises differently")
	}
	for i, s := range samplesOf(t, 20, 5) {
		if got, want := small.Eval(&s), back.Eval(&s)*3/4; math.Abs(got-want) > 1e-3*max(1, math.Abs(want)) {
			t.Errorf("sample %d: %.4f cp at scale %d, want %.4f", i, got, q.Scale, want)
		}
	}
}

// quantEval evaluates pos with the engine's inference code (eval/nnue)
// reading the trainer's file: centipawns, side to move's view.
func quantEval(t *testing.T, file []byte, pos *board.Position) float64 {
	t.Helper()
	net, err := nnue.Read(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("eval/nnue refuses the trainer's file: %v", err)
	}
	acc := net.NewAccumulator()
	net.Refresh(acc, pos)
	return float64(net.Evaluate(acc, pos))
}

// TestQuantizedEval reads the trainer's quantised file with the engine's
// eval/nnue and compares its evaluations with the float net on random
// positions, for a fresh and a trained net.
func TestQuantizedEval(t *testing.T) {
	data := samplesOf(t, 300, 6)
	cfg := testConfig(32)
	cfg.Epochs = 3
	tr, _ := NewTrainer(cfg, nil)
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range tr.Net.B() {
		tr.Net.B()[i] = rng.Float32() * 0.5
	}
	for i := range tr.Net.OB() {
		tr.Net.OB()[i] = 0.05 * float32(i%3)
	}
	poss := randomPositions(t, 50, 8)
	check := func(stage string) {
		file := tr.Net.QuantizedBytes()
		// The float net with every weight rounded to its grid: only the
		// integer pass's truncations may separate it from the file's.
		grid := tr.Net.Clone()
		h := grid.H
		for i := range grid.P {
			q := float64(QA)
			switch {
			case i >= len(grid.P)-grid.Buckets:
				q = QA * QB
			case i >= (Inputs+1)*h:
				q = QB
			}
			grid.P[i] = float32(math.Round(float64(grid.P[i])*q) / q)
		}
		worst, worstGrid := 0.0, 0.0
		for _, pos := range poss {
			s := SampleFromPosition(pos, 0, outcome.Draw)
			q := quantEval(t, file, pos)
			worst = max(worst, math.Abs(tr.Net.Eval(&s)-q))
			worstGrid = max(worstGrid, math.Abs(grid.Eval(&s)-q))
		}
		t.Logf("%s net: worst difference %.2f cp from the float net, %.2f cp from the rounded float net", stage, worst, worstGrid)
		if worst > 20 || worstGrid > 1.5 {
			t.Errorf("%s net: quantised and float evaluations differ by %.2f cp (rounded float: %.2f cp)", stage, worst, worstGrid)
		}
	}
	check("fresh")
	if _, err := tr.Run(data, nil); err != nil {
		t.Fatal(err)
	}
	check("trained")
}

// TestFeatures checks FeatureIndex and the perspective flip.
func TestFeatures(t *testing.T) {
	wp := board.MakePiece(board.White, board.Pawn)
	bk := board.MakePiece(board.Black, board.King)
	e2, e7 := board.Square(12), board.Square(52)
	tests := []struct {
		persp board.Color
		pc    board.Piece
		sq    board.Square
		want  int
	}{
		{board.White, wp, e2, 12},
		{board.Black, wp, e2, (6+0)*64 + 52},
		{board.White, bk, e7, (6+5)*64 + 52},
		{board.Black, bk, e7, 5*64 + 12},
	}
	for _, tt := range tests {
		if got := nnue.FeatureIndex(tt.persp, tt.pc, tt.sq); got != tt.want {
			t.Errorf("nnue.FeatureIndex(%v, %v, %v) = %d, want %d", tt.persp, tt.pc, tt.sq, got, tt.want)
		}
	}
	for pc := board.Piece(0); pc < board.NoPiece; pc++ {
		for sq := board.Square(0); sq < 64; sq++ {
			for _, c := range []board.Color{board.White, board.Black} {
				if got, want := flip(uint16(nnue.FeatureIndex(c, pc, sq))), nnue.FeatureIndex(c.Other(), pc, sq); int(got) != want {
					t.Fatalf("flip of %v on %v from %v: %d, want %d", pc, sq, c, got, want)
				}
			}
		}
	}
}

func BenchmarkEpoch256(b *testing.B) {
	data := samplesOf(b, 2000, 10)
	for len(data) < 32768 {
		data = append(data, data[:min(len(data), 32768-len(data))]...)
	}
	cfg := Defaults()
	cfg.Threads = 0
	tr, _ := NewTrainer(cfg, nil)
	b.ResetTimer()
	for range b.N {
		tr.RunEpoch(data, nil)
	}
	b.ReportMetric(float64(b.N*len(data))/b.Elapsed().Seconds(), "pos/s")
}

// mirrorFiles returns pos mirrored from the a file to the h file, without
// castling rights or en passant square (which the features do not see).
func mirrorFiles(t *testing.T, pos *board.Position) *board.Position {
	t.Helper()
	fields := strings.Fields(pos.FEN())
	ranks := strings.Split(fields[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		slices.Reverse(b)
		ranks[i] = string(b)
	}
	return boardtest.Position(t, strings.Join(ranks, "/")+" "+fields[1]+" - - 0 1")
}

// TestMirror checks that a sample trained mirrored is the mirrored
// position: the forward pass with MirrorFiles equals the plain pass over
// the position mirrored on the board, and that mirrored training stays
// the same on any number of threads.
func TestMirror(t *testing.T) {
	cfg := testConfig(16)
	cfg.Buckets = 4
	tr, _ := NewTrainer(cfg, nil)
	h := tr.Net.H
	us, them := make([]float32, h), make([]float32, h)
	for _, pos := range randomPositions(t, 30, 11) {
		s := SampleFromPosition(pos, 0, outcome.Draw)
		ms := SampleFromPosition(mirrorFiles(t, pos), 0, outcome.Draw)
		got, want := tr.Net.forward(&s, us, them, MirrorFiles), tr.Net.forward(&ms, us, them, 0)
		if math.Abs(float64(got-want)) > 1e-5 {
			t.Errorf("%s: mirrored pass %v, pass over the mirror %v", pos.FEN(), got, want)
		}
	}
	data := samplesOf(t, 200, 5)
	var nets [][]float32
	for _, threads := range []int{1, 2} {
		c := cfg
		c.Mirror, c.Threads, c.Epochs = true, threads, 2
		tr, _ := NewTrainer(c, nil)
		if _, err := tr.Run(data, nil); err != nil {
			t.Fatal(err)
		}
		nets = append(nets, tr.Net.P)
	}
	if !equal(nets[0], nets[1]) {
		t.Error("mirrored training differs between 1 and 2 threads")
	}
	plain, _ := NewTrainer(func() Config { c := cfg; c.Epochs = 2; return c }(), nil)
	if _, err := plain.Run(data, nil); err != nil {
		t.Fatal(err)
	}
	if equal(plain.Net.P, nets[0]) {
		t.Error("-mirror changed nothing")
	}
}

// TestGrow checks that a network grown to more hidden neurons evaluates
// every position as before, and that the new neurons are not all alike.
func TestGrow(t *testing.T) {
	n := NewNet(16, 8, 9)
	for i := range n.B() {
		n.B()[i] = 0.05 * float32(i%7)
	}
	for k := range n.OB() {
		n.OB()[k] = 0.1 * float32(k)
	}
	g := n.Grow(48, 10)
	if g.H != 48 || g.Buckets != 8 || len(g.P) != paramCount(48, 8) {
		t.Fatalf("Grow(48): %d hidden, %d buckets, %d parameters", g.H, g.Buckets, len(g.P))
	}
	if g.W()[16] == g.W()[17] {
		t.Errorf("new neurons 16 and 17 have the same first weight %v", g.W()[16])
	}
	for _, pos := range randomPositions(t, 200, 13) {
		s := SampleFromPosition(pos, 0, outcome.Draw)
		if got, want := g.Eval(&s), n.Eval(&s); math.Abs(got-want) > 1e-4 {
			t.Errorf("%s: grown %v, before %v", pos.FEN(), got, want)
		}
	}
}

// TestWiden checks that a one-bucket network widened to eight evaluates
// every position as before, whichever bucket the position falls in.
func TestWiden(t *testing.T) {
	n := NewNet(16, 1, 9)
	for i := range n.B() {
		n.B()[i] = 0.05 * float32(i%7)
	}
	n.OB()[0] = 0.25
	w := n.Widen(8)
	if w.Buckets != 8 || len(w.P) != paramCount(16, 8) {
		t.Fatalf("Widen(8): %d buckets, %d parameters", w.Buckets, len(w.P))
	}
	buckets := map[int]bool{}
	for _, pos := range randomPositions(t, 200, 12) {
		s := SampleFromPosition(pos, 0, outcome.Draw)
		buckets[w.bucket(&s)] = true
		if got, want := w.Eval(&s), n.Eval(&s); math.Abs(got-want) > 1e-4 {
			t.Errorf("%s: widened %v, one bucket %v", pos.FEN(), got, want)
		}
	}
	if len(buckets) < 2 {
		t.Errorf("the positions fell in %d bucket(s); the test needs several", len(buckets))
	}
}
