package datagen

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/game/openings"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// TestFilter checks the reasons a searched position is left out.
func TestFilter(t *testing.T) {
	tests := []struct {
		name, fen, move string
		score           engine.Score
		want            reason
	}{
		{"quiet", board.StartFEN, "e2e4", 30, keep},
		{"in check", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", "e8f8", 0, inCheck},
		{"in check, capture", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", "e8e7", 0, inCheck},
		{"capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0, capture},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 0, capture},
		{"promotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", 900, promotion},
		{"underpromotion", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", 300, promotion},
		{"castling", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 500, keep},
		{"mate score", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a7", engine.MateScore - 9, mateScore},
		{"mated score", "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1", "e8d8", -engine.MateScore + 10, mateScore},
		{"big but no mate", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a7", 5000, keep},
	}
	for _, tt := range tests {
		pos := boardtest.Position(t, tt.fen)
		m, err := pos.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := filter(pos, m, tt.score); got != tt.want {
			t.Errorf("%s: filter %s %v = %d, want %d", tt.name, tt.move, tt.score, got, tt.want)
		}
	}
}

// generate runs a small generation and returns the file and the stats.
func generate(t *testing.T, ctx context.Context, cfg Config) ([]byte, Stats) {
	t.Helper()
	var buf bytes.Buffer
	w := trainingdata.NewWriter(&buf)
	st, err := Run(ctx, cfg, w)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), st
}

// checkFile reads data and checks every record against the filters and the
// stats, returning the records.
func checkFile(t *testing.T, data []byte, st Stats) []trainingdata.Record {
	t.Helper()
	recs, err := trainingdata.ReadAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		switch {
		case r.Pos.InCheck():
			t.Errorf("%s: in check", r.Pos.FEN())
		case !r.Pos.IsLegal(r.Move):
			t.Errorf("%s: move %v not legal", r.Pos.FEN(), r.Move)
		case r.Pos.IsCapture(r.Move) || r.Move.IsPromotion():
			t.Errorf("%s: move %v captures or promotes", r.Pos.FEN(), r.Move)
		case engine.Score(r.Score).IsMate():
			t.Errorf("%s: mate score %d", r.Pos.FEN(), r.Score)
		}
	}
	if len(recs) != st.Written {
		t.Errorf("%d records, stats say %d", len(recs), st.Written)
	}
	if left := st.InCheck + st.Capture + st.Promotion + st.Mate + st.Castle960 + st.Dropped; st.Searched != st.Written+left {
		t.Errorf("stats %+v: searched %d != written %d + left out %d", st, st.Searched, st.Written, left)
	}
	if st.WhiteWins+st.Draws+st.BlackWins != st.Games {
		t.Errorf("stats %+v: results do not add up to the games", st)
	}
	return recs
}

// tiny is the configuration of the tests' runs: fast games.
func tiny(seed uint64) Config {
	return Config{Games: 2, Nodes: 200, Threads: 1, HashMB: 1, Seed: seed, RandomPlies: 8, MaxPlies: 120}
}

// TestDeterminism checks, with the hand-crafted evaluation and with a
// network, that one thread and a seed give the same bytes, and another
// seed other bytes; and that the two evaluations play different games.
func TestDeterminism(t *testing.T) {
	var files [][]byte
	for _, net := range []*nnue.Network{nil, nets.Default()} {
		run := func(seed uint64) ([]byte, Stats) {
			cfg := tiny(seed)
			cfg.Net = net
			return generate(t, context.Background(), cfg)
		}
		a, st := run(1)
		b, _ := run(1)
		c, _ := run(2)
		checkFile(t, a, st)
		if st.Written == 0 {
			t.Fatalf("network %v: no positions written: %+v", net != nil, st)
		}
		if !bytes.Equal(a, b) || bytes.Equal(a, c) {
			t.Errorf("network %v: seed 1 twice gives the same file: %v (want true); seeds 1 and 2: %v (want false)",
				net != nil, bytes.Equal(a, b), bytes.Equal(a, c))
		}
		files = append(files, a)
	}
	if bytes.Equal(files[0], files[1]) {
		t.Error("the network's games are the hand-crafted evaluation's")
	}
}

// TestGamesReproducible checks that with two threads each game's records
// are those it has with one: games are seeded by their number.
func TestGamesReproducible(t *testing.T) {
	cfg := tiny(5)
	cfg.Games = 4
	one, st1 := generate(t, context.Background(), cfg)
	cfg.Threads = 2
	two, st2 := generate(t, context.Background(), cfg)
	checkFile(t, two, st2)
	count := func(data []byte) map[trainingdata.Packed]int {
		m := map[trainingdata.Packed]int{}
		for i := trainingdata.HeaderSize; i < len(data); i += trainingdata.RecordSize {
			m[trainingdata.Packed(data[i:i+trainingdata.RecordSize])]++
		}
		return m
	}
	if diff := cmp.Diff(count(one), count(two)); diff != "" {
		t.Errorf("records with 1 and 2 threads differ (-1 +2):\n%s", diff)
	}
	st1.Elapsed, st2.Elapsed = 0, 0
	if diff := cmp.Diff(st1, st2); diff != "" {
		t.Errorf("stats with 1 and 2 threads differ (-1 +2):\n%s", diff)
	}
}

// TestPositionsTarget checks that -positions writes exactly that many.
func TestPositionsTarget(t *testing.T) {
	for _, threads := range []int{1, 2} {
		cfg := tiny(3)
		cfg.Games, cfg.Positions, cfg.Threads = 0, 150, threads
		data, st := generate(t, context.Background(), cfg)
		if st.Written != 150 || len(data) != trainingdata.HeaderSize+150*trainingdata.RecordSize {
			t.Errorf("%d threads: wrote %d records in %d bytes, want 150", threads, st.Written, len(data))
		}
		checkFile(t, data, st)
	}
}

// TestKeep checks that -keep drops about the fraction asked.
func TestKeep(t *testing.T) {
	cfg := tiny(4)
	cfg.Keep = 0.25
	data, st := generate(t, context.Background(), cfg)
	checkFile(t, data, st)
	if kept := float64(st.Written) / float64(st.Written+st.Dropped); kept < 0.1 || kept > 0.4 {
		t.Errorf("kept %.2f of the positions, want about 0.25 (%+v)", kept, st)
	}
}

// TestResults plays won and drawn endgames and checks the results of the
// games and their records.
func TestResults(t *testing.T) {
	tests := []struct {
		name, fen string
		want      outcome.Result
	}{
		{"white wins", "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1", outcome.WhiteWins},
		{"black wins", "qq2k3/8/8/8/8/8/8/4K3 b - - 0 1", outcome.BlackWins},
		{"white wins, black to move", "4k3/8/8/8/8/8/8/QQ2K3 b - - 0 1", outcome.WhiteWins},
		{"rook endgame", "2r1k3/8/8/8/8/8/8/3RK3 w - - 0 80", outcome.Draw},
	}
	for _, tt := range tests {
		cfg := tiny(1)
		cfg.Games, cfg.Openings, cfg.RandomPlies = 1, []openings.Start{{FEN: tt.fen}}, 0
		data, st := generate(t, context.Background(), cfg)
		got := [3]int{st.WhiteWins, st.BlackWins, st.Draws}
		want := [3]int{}
		want[tt.want-outcome.WhiteWins] = 1
		if got != want {
			t.Errorf("%s: results +-= %v, want %v", tt.name, got, want)
		}
		for _, r := range checkFile(t, data, st) {
			if r.Result != tt.want {
				t.Errorf("%s: %s has result %v, want %v", tt.name, r.Pos.FEN(), r.Result, tt.want)
			}
		}
	}
}

// TestAdjudication plays random score sequences through a game's
// adjudicator and through the rule as doc.go states it, which datagen
// applied with its own streaks before outcome.Adjudicator: a mate score
// wins at once; 1000 centipawns or more for one side for 6 plies in a row
// wins; from move 80, under 10 centipawns either way for 10 plies in a
// row draws.
func TestAdjudication(t *testing.T) {
	type decision struct {
		Result outcome.Result
		Ply    int
	}
	// documented adjudicates scores, each the mover's, from move start.
	documented := func(start int, scores []engine.Score) decision {
		win, loss, draw := 0, 0, 0
		for i, s := range scores {
			us, fullMove := board.Color(i%2), start+i/2
			if s.IsMate() {
				if s > 0 {
					return decision{outcome.Win(us), i}
				}
				return decision{outcome.Win(us.Other()), i}
			}
			if us == board.Black {
				s = -s
			}
			count := func(n int, ok bool) int {
				if ok {
					return n + 1
				}
				return 0
			}
			win, loss = count(win, s >= 1000), count(loss, s <= -1000)
			draw = count(draw, fullMove >= 80 && s > -10 && s < 10)
			switch {
			case win >= 6:
				return decision{outcome.WhiteWins, i}
			case loss >= 6:
				return decision{outcome.BlackWins, i}
			case draw >= 10:
				return decision{outcome.Draw, i}
			}
		}
		return decision{outcome.Unfinished, -1}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	// White's scores near the thresholds; each game draws from two.
	near := []engine.Score{-1001, -1000, -999, -11, -10, -9, 0, 9, 10, 11, 999, 1000, 1001}
	decided := map[decision]bool{} // the results reached, on White's plies (0) and Black's (1)
	for game := range 20000 {
		start := 70 + rng.IntN(15)
		pick := [2]engine.Score{near[rng.IntN(len(near))], near[rng.IntN(len(near))]}
		scores := make([]engine.Score, 40)
		for i := range scores {
			s := pick[rng.IntN(2)]
			if rng.IntN(100) == 0 {
				s = engine.MateScore - engine.Score(1+rng.IntN(9)) // a mate for White or Black
				if rng.IntN(2) == 0 {
					s = -s
				}
			}
			if i%2 == 1 {
				s = -s // the mover's view
			}
			scores[i] = s
		}
		want := documented(start, scores)
		a, got := adjudicator(), decision{outcome.Unfinished, -1}
		for i, s := range scores {
			if r := a.Update(board.Color(i%2), start+i/2, true, s.Reported()); r != outcome.Unfinished {
				got = decision{r, i}
				break
			}
		}
		if got != want {
			t.Fatalf("game %d from move %d, scores %v: adjudicated %+v, want %+v", game, start, scores, got, want)
		}
		decided[decision{got.Result, got.Ply % 2}] = true
	}
	if len(decided) != 7 {
		t.Errorf("the sequences reach only the decisions %v", decided)
	}
}

// drawOpening returns the opening of a game of seed 7 from the openings,
// a fraction chess960 of Chess960 starts and plies random plies, drawn as
// Run draws it.
func drawOpening(t *testing.T, fens []string, chess960 float64, plies int) (*board.Position, error) {
	t.Helper()
	cfg := Config{Openings: parseBook(t, fens), Chess960: chess960, RandomPlies: plies}
	return cfg.drawer().Draw(rand.New(rand.NewPCG(7, 0)))
}

// parseBook returns the starts of fens as openings.ReadBook reads them
// for luft datagen, or fails t.
func parseBook(t *testing.T, fens []string) []openings.Start {
	t.Helper()
	book, err := openings.ParseBook(fens, false)
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// TestOpening checks the random opening plies and the rejection of
// openings that end the game, or do not read.
func TestOpening(t *testing.T) {
	pos, err := drawOpening(t, nil, 0, 8)
	if err != nil {
		t.Fatal(err)
	}
	if pos.Ply() != 8 || pos.FullMove() != 5 {
		t.Errorf("after 8 random plies: ply %d, %s", pos.Ply(), pos.FEN())
	}
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	pos, err = drawOpening(t, []string{fen}, 0, 0)
	if err != nil || pos.FEN() != fen {
		t.Errorf("opening with no random plies: %v, %v", pos, err)
	}
	mated := "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	if _, err := drawOpening(t, []string{mated}, 0, 4); !errors.Is(err, openings.ErrFinished) {
		t.Errorf("a checkmate opening: error %v, want %v", err, openings.ErrFinished)
	}
	bare := "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	if _, err := drawOpening(t, []string{bare}, 0, 0); !errors.Is(err, openings.ErrFinished) {
		t.Errorf("an opening with insufficient material: error %v, want %v", err, openings.ErrFinished)
	}
	if _, err := Run(context.Background(), Config{Games: 1, Openings: []openings.Start{{FEN: "not a fen"}}}, nil); err == nil {
		t.Error("Run with an unreadable opening returned no error")
	}
}

// TestOpeningDraws checks that datagen draws its games' openings through
// openings.Drawer as it drew them before the draw moved there: the
// openings of games 0 to 4 of seed 9 are those the old draw of datagen
// returned, for each kind of start.
func TestOpeningDraws(t *testing.T) {
	book := []string{
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq -",
	}
	tests := []struct {
		openings []string
		chess960 float64
		plies    int
		want     []string
	}{
		{nil, 0, 8, []string{
			"r1bqkbnr/1pppp1p1/n4p1p/p7/1P6/5P2/P1PPPNPP/RNBQKB1R w KQkq - 2 5",
			"rnbqkbnr/2pppppp/8/pp6/2PP4/6P1/PP2PP1P/RNBQKBNR w KQkq - 0 5",
			"rnbqkb1r/1pppp2p/6pn/p4p2/4P3/P5P1/1PPPNP1P/RNBQKB1R w KQkq - 0 5",
			"r1bqkb1r/ppppn1pp/2n5/4ppN1/8/2P5/PPQPPPPP/RNB1KB1R w KQkq - 2 5",
			"r1b1kbnr/pp2pppp/n2p4/q1p5/1P4P1/5N2/P1PPPP1P/RNBQKB1R w KQkq - 0 5",
		}},
		{nil, 0.1, 8, []string{
			"r1bqkb1r/1pp1pppp/p1n4n/3p4/P6P/2N5/1PPPPPP1/R1BQKBNR w KQkq - 0 5",
			"rnbq1bnr/ppppk1p1/5p1p/4p3/8/1PPPB3/P3PPPP/RN1QKBNR w KQ - 2 5",
			"1rbqkbnr/ppppp2p/2n5/P4pp1/5P2/7N/1PPPP1PP/RNBQKB1R w KQk - 0 5",
			"rnbqkbnr/1p1pp1pp/p1p5/1N3p2/5PP1/8/PPPPP2P/R1BQKBNR w KQkq - 0 5",
			"r2qkbnr/ppp1pp1p/2np2p1/8/2P5/N2P3b/PPQ1PPPP/R1B1KBNR w KQkq - 1 5",
		}},
		{book, 0.5, 4, []string{
			"rnknbbrq/p1ppppp1/7p/1p6/2P5/4N3/PP1PPPPP/RNK1BBRQ w KQkq - 0 3",
			"nrknbbqr/pppp1ppp/8/4p3/4P3/7P/PPPP1PP1/NRKNBBQR w KQkq - 0 3",
			"rnbqkbnr/pppp3p/6p1/4pp2/3PP3/N7/PPP2PPP/R1BQKBNR w KQkq - 0 4",
			"rnbqkb1r/pppppp1p/8/3n2p1/3P4/P3B3/1PP1PPPP/RN1QKBNR w KQkq - 0 3",
			"rnbqkb1r/pppppppp/7B/6n1/3P4/6P1/PPP1PP1P/RN1QKBNR w KQkq - 1 3",
		}},
		{book, 0, 3, []string{
			"rnbqkb1r/ppppnppp/8/4p3/4P3/2P2P2/PP1P2PP/RNBQKBNR b KQkq - 0 3",
			"rnbqkbnr/p1pp1ppp/1p6/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR b KQkq - 1 3",
			"rnbqkb1r/pppp1ppp/5n2/4p3/3P4/5P1N/PPP1P1PP/RNBQKB1R b KQkq - 0 2",
			"rnbqkb1r/pp1ppppp/2p2n2/8/3PP3/2N5/PPP2PPP/R1BQKBNR b KQkq - 1 2",
			"rnbqk1nr/pppp1ppp/8/4p3/4P3/b6P/PPPPKPP1/RNBQ1BNR b kq - 2 3",
		}},
	}
	for _, tt := range tests {
		cfg := Config{Seed: 9, Openings: parseBook(t, tt.openings), Chess960: tt.chess960, RandomPlies: tt.plies}
		d := cfg.drawer()
		var got []string
		for n := range tt.want {
			pos, err := d.Draw(gameRand(cfg.Seed, n))
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, pos.FEN())
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%d openings, chess960 %v, %d plies: draws (-want +got):\n%s", len(tt.openings), tt.chess960, tt.plies, diff)
		}
	}
}

// TestCancel checks that a cancelled run stops with the context's error
// and a well-formed file.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	w := trainingdata.NewWriter(&buf)
	st, err := Run(ctx, tiny(1), w)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	w.Flush()
	checkFile(t, buf.Bytes(), st)
}

// TestProgress checks the progress line.
func TestProgress(t *testing.T) {
	st := Stats{Games: 3, Written: 120, Elapsed: 2e9}
	if got, want := st.String(), "games 3  positions 120  60 pos/s  elapsed 2s"; got != want {
		t.Errorf("progress line %q, want %q", got, want)
	}
}

// TestChess960Games plays games from Chess960 start positions and checks
// that their records decode, legal and without castling rights, and that
// some are of Chess960 placements.
func TestChess960Games(t *testing.T) {
	cfg := tiny(11)
	cfg.Games, cfg.Chess960, cfg.RandomPlies = 6, 1, 2
	data, st := generate(t, context.Background(), cfg)
	recs := checkFile(t, data, st)
	odd := 0 // positions whose back rank cannot come from the standard start
	for _, r := range recs {
		if strings.ContainsAny(strings.Fields(r.Pos.FEN())[2], "KQkq") {
			t.Errorf("%s: castling rights in a Chess960 record", r.Pos.FEN())
		}
		if pc := r.Pos.PieceAt(board.E1); pc != board.MakePiece(board.White, board.King) && r.Pos.FullMove() <= 3 {
			odd++
		}
	}
	if st.Written == 0 || odd == 0 {
		t.Errorf("%d positions, %d early ones without a king on e1: %+v", st.Written, odd, st)
	}
	pos, err := drawOpening(t, []string{board.StartFEN}, 1, 0)
	if err != nil || !pos.Chess960() {
		t.Errorf("chess960 1: %v, %v", pos, err)
	}
}

// fullDisk is a writer that takes the header and fails after it.
type fullDisk struct{ n int }

func (d *fullDisk) Write(p []byte) (int, error) {
	if d.n += len(p); d.n > trainingdata.HeaderSize {
		return 0, errors.New("no space left on device")
	}
	return len(p), nil
}

// TestWriteFailureStops checks that a run with no game limit ends on the
// first failed write instead of playing on.
func TestWriteFailureStops(t *testing.T) {
	cfg := tiny(3)
	cfg.Games, cfg.Positions = 0, 1<<30
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := Run(ctx, cfg, trainingdata.NewWriter(&fullDisk{}))
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Run on a full disk: %v, want the write's error", err)
	}
}
