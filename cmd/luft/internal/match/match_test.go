package match

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/uci/client"
	"github.com/luftchess/luft/uci/client/clienttest"
)

func TestMain(m *testing.M) { clienttest.Main(m) }

func player(name, mode string, tc referee.TimeControl) Player {
	return Player{Name: name, Engine: client.Config{Cmd: clienttest.Fake, Args: []string{mode}}, TC: tc}
}

// Time limits of the tests, of two kinds so that their outcome does not
// depend on the machine's load: short, when a fake engine misses it by
// construction (it never answers, or sleeps longer than the limit
// allows), or roomy, far beyond what a healthy fake needs however loaded
// the machine (a start, an isready or a move takes milliseconds on an
// idle machine; at load 50 a start took more than 300 ms and a move more
// than a second).
const (
	short = 300 * time.Millisecond
	roomy = 10 * time.Second
)

// running counts the processes running the fake engine, after waiting up
// to a roomy limit for them to end: an engine killed when a match ends
// is gone once the kernel gets to it, later on a loaded machine, and one
// left running stays.
func running(t *testing.T) int {
	t.Helper()
	deadline := time.Now().Add(roomy)
	for {
		n := 0
		procs, _ := filepath.Glob("/proc/[0-9]*/exe")
		for _, p := range procs {
			if exe, err := os.Readlink(p); err == nil && exe == clienttest.Fake {
				n++
			}
		}
		if n == 0 || time.Now().After(deadline) {
			return n
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// playMatch plays the match cfg with its PGN in a temporary file, checks
// that the PGN holds every game played, each by the rules, and returns the
// results, the log and the games.
func playMatch(t *testing.T, cfg Config) (*Results, string, []*pgn.Game) {
	t.Helper()
	cfg.PGNOut = filepath.Join(t.TempDir(), "games.pgn")
	var log bytes.Buffer
	res, err := Run(context.Background(), cfg, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	games := readGames(t, cfg.PGNOut)
	if len(games) != res.Played {
		t.Errorf("%d games in the PGN, %d played\n%s", len(games), res.Played, log.String())
	}
	for i, g := range games {
		if err := g.Check(); err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
	}
	return res, log.String(), games
}

// readGames reads every game of a PGN file.
func readGames(t *testing.T, file string) []*pgn.Game {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []*pgn.Game
	r := pgn.NewReader(f)
	for {
		g, err := r.Read()
		if err != nil {
			break
		}
		games = append(games, g)
	}
	return games
}

type ending struct {
	Result, Termination, Comment string
}

// TestMisbehavingEngines plays a game of a misbehaving fake engine as
// White against a good one and checks how the game ends. A time limit
// that the case exercises is short; the others are roomy, and so is one
// that also bounds a healthy step: the start timeout for the mute fake,
// which answers uci but never isready, and so that case waits the roomy
// limit out.
func TestMisbehavingEngines(t *testing.T) {
	// The slow fake sleeps 300 ms before each move: more than its 100 ms
	// a move, and far less than the same with a roomy margin.
	slow := referee.TimeControl{MoveTime: 100 * time.Millisecond}
	slowForgiven := slow
	slowForgiven.Margin = roomy
	clock := referee.TimeControl{Base: roomy} // for engines that misbehave at their first move
	tests := []struct {
		mode      string
		tc        referee.TimeControl
		exercised string // the timeout the case exercises, set short: start or move
		want      ending
	}{
		{"crash", clock, "", ending{"0-1", "abandoned", "White disconnects: the engine exited"}},
		{"hang", referee.TimeControl{Base: short}, "", ending{"0-1", "time forfeit", "White loses on time"}},
		{"slow", slow, "", ending{"0-1", "time forfeit", "White loses on time"}},
		{"slow", slowForgiven, "", ending{"", "", ""}},
		{"illegal", clock, "", ending{"0-1", "illegal move", "White makes an illegal move: e2e5"}},
		{"garbage", clock, "", ending{"0-1", "illegal move", "White makes an illegal move: xyzzy"}},
		{"nouci", clock, "start", ending{"0-1", "abandoned", "White fails to start: waiting for uciok: engine did not answer in time"}},
		{"mute", clock, "", ending{"0-1", "abandoned", "White fails to start: waiting for readyok: engine did not answer in time"}},
		{"hang", referee.TimeControl{Depth: 3}, "move", ending{"0-1", "abandoned", "White stops answering (engine did not answer in time)"}},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			cfg := Config{
				Players:      []Player{player("bad", tt.mode, tt.tc), player("good", "good", tt.tc)},
				StartTimeout: roomy,
				ReadyTimeout: roomy,
				MoveTimeout:  roomy,
			}
			switch tt.exercised {
			case "start": // White starts first and fails: Black never starts
				cfg.StartTimeout = short
			case "move":
				cfg.MoveTimeout = short
			}
			start := time.Now()
			res, log, games := playMatch(t, cfg)
			if d := time.Since(start); tt.exercised != "" && d >= roomy {
				t.Errorf("the game took %v: it waited out a roomy limit, not the short %s timeout", d, tt.exercised)
			}
			if len(games) != 1 || res.Played != 1 {
				t.Fatalf("got %d games in the PGN, %d played; want 1\n%s", len(games), res.Played, log)
			}
			g := games[0]
			term, _ := g.Tag("Termination")
			got := ending{g.Result, term, g.ResultComment}
			if tt.want == (ending{}) { // must not be a failure of the bad side
				if strings.HasPrefix(got.Comment, "White") && got.Result == "0-1" {
					t.Errorf("bad side lost: %+v", got)
				}
			} else if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ending mismatch (-want +got):\n%s", diff)
			}
			if n := running(t); n != 0 {
				t.Errorf("%d engine processes still running", n)
			}
		})
	}
}

func TestMatch(t *testing.T) {
	dir := t.TempDir()
	epd := filepath.Join(dir, "book.epd")
	book := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n" +
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n" +
		"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\n"
	if err := os.WriteFile(epd, []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	tc := referee.TimeControl{Base: 5 * time.Second, Inc: 50 * time.Millisecond}
	cfg := Config{
		Players:      []Player{player("one", "good", tc), player("two", "slow", referee.TimeControl{Depth: 1}), player("three", "good", tc)},
		Tournament:   Gauntlet,
		Rounds:       2,
		Repeat:       true,
		Concurrency:  2,
		Book:         &Book{File: epd, Random: true},
		Seed:         7,
		Adjudication: outcome.Adjudicator{DrawMoveNumber: 1, DrawMoveCount: 2, DrawScore: 10},
	}
	res, log, games := playMatch(t, cfg)
	// Gauntlet of one against two and three, 2 rounds of 2 games each.
	if res.Played != 8 || len(res.Encounters) != 2 {
		t.Fatalf("played %d games in %d encounters, want 8 in 2\n%s", res.Played, len(res.Encounters), log)
	}
	for _, e := range res.Encounters {
		if e.A != 0 || e.Pentanomial.Pairs() != 2 {
			t.Errorf("encounter %d-%d has %d pairs, want 0-x with 2", e.A, e.B, e.Pentanomial.Pairs())
		}
	}
	for _, g := range games {
		fen, _ := g.Tag("FEN")
		if _, ok := g.Tag("SetUp"); !ok || !strings.Contains(book, strings.Join(strings.Fields(fen)[:4], " ")) {
			t.Errorf("game does not start from a book position: FEN %q", fen)
		}
		for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "TimeControl", "Termination", "PlyCount"} {
			if _, ok := g.Tag(tag); !ok && !(tag == "TimeControl") {
				t.Errorf("game lacks the %s tag", tag)
			}
		}
	}
	if !strings.Contains(log, "Ptnml(0-2)") || !strings.Contains(log, "Elo:") {
		t.Errorf("report lacks the statistics:\n%s", log)
	}
	if n := running(t); n != 0 {
		t.Errorf("%d engine processes still running", n)
	}
}

func TestCancel(t *testing.T) {
	tc := referee.TimeControl{Base: time.Minute}
	cfg := Config{Players: []Player{player("a", "hang", tc), player("b", "good", tc)}, Rounds: 4, Concurrency: 2}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := Run(ctx, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second || res.Played != 0 {
		t.Errorf("cancelled match took %v and counted %d games", d, res.Played)
	}
	if n := running(t); n != 0 {
		t.Errorf("%d engine processes still running", n)
	}
}

func TestSchedule(t *testing.T) {
	ops := []Opening{{FEN: "a"}, {FEN: "b"}, {FEN: "c"}}
	type game struct {
		White, Black int
		FEN          string
		Pair         int
	}
	tests := []struct {
		name string
		cfg  Config
		want []game
	}{
		{"repeat", Config{Players: make([]Player, 2), Rounds: 2, Repeat: true},
			[]game{{0, 1, "a", 0}, {1, 0, "a", 0}, {1, 0, "b", 1}, {0, 1, "b", 1}}},
		{"alternate", Config{Players: make([]Player, 2), Rounds: 3},
			[]game{{0, 1, "a", -1}, {1, 0, "b", -1}, {0, 1, "c", -1}}},
		{"round robin", Config{Players: make([]Player, 3), Rounds: 1},
			[]game{{0, 1, "a", -1}, {0, 2, "b", -1}, {1, 2, "c", -1}}},
		{"gauntlet from start=3", Config{Players: make([]Player, 3), Rounds: 1, Tournament: Gauntlet, Book: &Book{Start: 3}},
			[]game{{0, 1, "c", -1}, {0, 2, "a", -1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg.withDefaults()
			var got []game
			for _, p := range cfg.schedule(ops) {
				got = append(got, game{p.white, p.black, p.opening.FEN, p.pair})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("schedule mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseArgs(t *testing.T) {
	args := strings.Fields("-engine cmd=/bin/a name=A option.Hash=64 option.Threads=1 option.Hash=128 " +
		"-engine cmd=/bin/b args=-x timemargin=50 restart=on ponder=on -each tc=40/10+0.1 " +
		"-variant fischerandom -tournament gauntlet -rounds 5 -repeat -concurrency 2 -srand 42 " +
		"-openings file=book.pgn format=pgn order=random plies=8 start=2 -pgnout file=out.pgn " +
		"-sprt elo0=0 elo1=5 alpha=0.1 -resign movecount=3 score=600 -draw movenumber=40 movecount=8 score=10")
	got, err := ParseArgs(args)
	if err != nil {
		t.Fatal(err)
	}
	tc := referee.TimeControl{Moves: 40, Base: 10 * time.Second, Inc: 100 * time.Millisecond}
	margin := tc
	margin.Margin = 50 * time.Millisecond
	want := Config{
		Players: []Player{
			{Name: "A", Engine: client.Config{Cmd: "/bin/a", Options: []client.Option{{Name: "Hash", Value: "128"}, {Name: "Threads", Value: "1"}}}, TC: tc},
			{Name: "b", Engine: client.Config{Cmd: "/bin/b", Args: []string{"-x"}}, TC: margin, Restart: true, Ponder: true},
		},
		Variant: FischeRandom, Tournament: Gauntlet, Rounds: 5, Repeat: true, Concurrency: 2, Seed: 42,
		Book:   &Book{File: "book.pgn", Format: "pgn", Random: true, Plies: 8, Start: 2},
		PGNOut: "out.pgn",
	}
	want.SPRT = got.SPRT
	want.Adjudication = outcome.Adjudicator{ResignMoveCount: 3, ResignScore: 600, DrawMoveNumber: 40, DrawMoveCount: 8, DrawScore: 10}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(outcome.Adjudicator{})); diff != "" {
		t.Errorf("ParseArgs mismatch (-want +got):\n%s", diff)
	}
	if s := got.SPRT; s == nil || *s != (struct{ Elo0, Elo1, Alpha, Beta float64 }{0, 5, 0.1, 0.05}) {
		t.Errorf("SPRT = %+v", s)
	}
	for _, bad := range []string{"-engine name=x", "-rounds x", "-bogus", "-engine cmd=a tc=0+0", "-sprt elo0", "stray"} {
		if _, err := ParseArgs(strings.Fields(bad)); err == nil {
			t.Errorf("ParseArgs(%q) succeeded", bad)
		}
	}
}

func TestPositionCommand(t *testing.T) {
	tests := []struct {
		fen      string
		moves    []string
		chess960 bool
		want     string
	}{
		{"", nil, false, "position startpos"},
		{board.StartFEN, []string{"e2e4", "e7e5"}, false, "position startpos moves e2e4 e7e5"},
		{"k7/8/2Q5/8/8/8/8/7K w - - 0 1", []string{"c6b6"}, false, "position fen k7/8/2Q5/8/8/8/8/7K w - - 0 1 moves c6b6"},
		// Chess960 always gets the FEN, even of position 518.
		{board.StartFEN, []string{"e2e4"}, true, "position fen " + board.StartFEN + " moves e2e4"},
		{"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", nil, true, "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
	}
	for _, tt := range tests {
		if got := positionCommand(tt.fen, tt.moves, tt.chess960); got != tt.want {
			t.Errorf("positionCommand = %q, want %q", got, tt.want)
		}
	}
}

// TestPonder plays an engine that ponders against one that does not. When
// it pondered on the move played it gets ponderhit, and its move carries
// the depth 2 it reports after one; otherwise it is stopped, its answer
// to the stop is discarded, and it searches the real position (depth 1).
func TestPonder(t *testing.T) {
	tc := referee.TimeControl{Base: 5 * time.Second, Inc: 50 * time.Millisecond}
	for _, tt := range []struct {
		mode  string
		depth string // the depth in the comments of the pondering engine's moves
	}{
		{"ponder", "/2 "},
		{"miss", "/1 "},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			p := player("ponderer", tt.mode, tc)
			p.Ponder = true
			_, log, games := playMatch(t, Config{Players: []Player{p, player("good", "good", tc)}})
			if len(games) != 1 {
				t.Fatalf("got %d games, want 1\n%s", len(games), log)
			}
			g := games[0]
			t.Logf("%d plies, %s", len(g.Moves), g.ResultComment)
			if reason := g.ResultComment; strings.Contains(reason, "loses") || strings.Contains(reason, "illegal") || strings.Contains(reason, "fails") {
				t.Fatalf("game ended by %q", reason)
			}
			// White's moves after the first come after pondering.
			moves := g.Moves
			if len(moves) < 6 {
				t.Fatalf("only %d moves", len(moves))
			}
			for i := 2; i < len(moves); i += 2 {
				if !strings.Contains(moves[i].Comment+" ", tt.depth) {
					t.Errorf("move %d %s: comment %q, want depth %q", i/2+1, moves[i].SAN, moves[i].Comment, tt.depth)
				}
			}
		})
	}
}

// TestChess960Openings reads Chess960 start positions in X-FEN and
// Shredder-FEN, which standard chess refuses, and a castling right
// without its rook, which both refuse.
func TestChess960Openings(t *testing.T) {
	files := tempFiles(t, map[string]string{
		"good.epd": "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - ;D1 20\n" + board.Chess960StartFEN(959) + "\n",
		"bad.epd":  "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRK1 w HFhf -\n",
		"games.pgn": "[FEN \"" + knightStart + "\"]\n\n1. Ne3 Ne6 2. O-O *\n\n" +
			"[Variant \"Chess960\"]\n[FEN \"" + knightStart + "\"]\n\n1. Ne3 *\n",
	})
	good := files["good.epd"]
	ops, err := LoadOpenings(Book{File: good}, true)
	want := []Opening{{FEN: "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"}, {FEN: board.Chess960StartFEN(959)}}
	if diff := cmp.Diff(want, ops); diff != "" || err != nil {
		t.Errorf("LoadOpenings: %v (-want +got):\n%s", err, diff)
	}
	if _, err := LoadOpenings(Book{File: good}, false); err == nil {
		t.Error("standard chess read Chess960 castling rights")
	}
	if _, err := LoadOpenings(Book{File: files["bad.epd"]}, true); err == nil || !strings.Contains(err.Error(), "castling right 'H'") {
		t.Errorf("a right without its rook: %v", err)
	}
	// A PGN opening is replayed as Chess960 with or without its Variant tag.
	ops, err = LoadOpenings(Book{File: files["games.pgn"]}, true)
	want = []Opening{{FEN: knightStart, Moves: []string{"f1e3", "f8e6", "g1h1"}}, {FEN: knightStart, Moves: []string{"f1e3"}}}
	if diff := cmp.Diff(want, ops); diff != "" || err != nil {
		t.Errorf("LoadOpenings of PGN: %v (-want +got):\n%s", err, diff)
	}
}

// knightStart is a Chess960 start position where, once the knights on the
// f file are out, both kings castle on the king side without moving.
const knightStart = "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1"

// tempFiles writes each file of files (its name and content) into a
// temporary directory and returns their paths by name.
func tempFiles(t *testing.T, files map[string]string) map[string]string {
	t.Helper()
	dir, paths := t.TempDir(), map[string]string{}
	for name, data := range files {
		paths[name] = filepath.Join(dir, name)
		if err := os.WriteFile(paths[name], []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return paths
}

// TestChess960Match plays Luft against itself in Chess960: from a file
// of start positions, with a PGN opening that castles, and from random
// start positions when there is no book. Every game must be legal by the
// referee's Chess960 rules (playMatch replays them), carry the Variant,
// SetUp and FEN tags, and end by the rules or adjudication.
func TestChess960Match(t *testing.T) {
	luft := clienttest.Build(t, clienttest.Luft)
	tc := referee.TimeControl{Nodes: 400}
	files := tempFiles(t, map[string]string{
		"starts.epd":  board.Chess960StartFEN(0) + "\nbbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf -\n",
		"castled.pgn": "[FEN \"" + knightStart + "\"]\n\n1. Ne3 Ne6 2. O-O O-O *\n",
	})
	books := []*Book{{File: files["starts.epd"]}, {File: files["castled.pgn"]}, nil}
	for _, book := range books {
		cfg := Config{
			Players: []Player{
				{Name: "a", Engine: client.Config{Cmd: luft}, TC: tc},
				{Name: "b", Engine: client.Config{Cmd: luft}, TC: tc},
			},
			Variant: FischeRandom, Book: book, Repeat: true, Seed: 7,
			Adjudication: outcome.Adjudicator{ResignMoveCount: 3, ResignScore: 400, DrawMoveNumber: 30, DrawMoveCount: 4, DrawScore: 20},
		}
		res, log, games := playMatch(t, cfg)
		if res.Played != 2 || len(games) != 2 {
			t.Fatalf("played %d games\n%s", res.Played, log)
		}
		for _, g := range games {
			v, _ := g.Tag("Variant")
			fen, _ := g.Tag("FEN")
			setUp, _ := g.Tag("SetUp")
			if _, err := board.ParseFEN960(fen); v != pgn.Variant960 || setUp != "1" || err != nil {
				t.Errorf("tags Variant %q, SetUp %q, FEN %q (%v)", v, setUp, fen, err)
			}
			if term, _ := g.Tag("Termination"); term != "normal" && term != "adjudication" {
				t.Errorf("game ended by %s: %s\n%s", term, g.ResultComment, log)
			}
		}
		if fen0, _ := games[0].Tag("FEN"); book != nil && book.File == books[1].File && (len(games[0].Moves) < 4 || games[0].Moves[3].SAN != "O-O" || fen0 != knightStart) {
			t.Errorf("the castling opening is not in the PGN: FEN %s, moves %v", fen0, games[0].Moves)
		}
	}
}

// TestChess960NotDeclared checks that an engine that declares no
// UCI_Chess960 plays no Chess960 game: it would castle by the rules of
// standard chess.
func TestChess960NotDeclared(t *testing.T) {
	tc := referee.TimeControl{Nodes: 1}
	cfg := Config{Players: []Player{player("plain", "good", tc), player("other", "good", tc)}, Variant: FischeRandom}
	_, log, games := playMatch(t, cfg)
	if len(games) != 1 || !strings.Contains(games[0].ResultComment, "declares no UCI_Chess960") {
		t.Errorf("games %v\n%s", games, log)
	}
	if _, err := ParseArgs(strings.Fields("-engine cmd=a -engine cmd=b -variant crazyhouse")); err != nil {
		t.Fatal(err)
	}
	bad := Config{Players: cfg.Players, Variant: "crazyhouse"}
	if _, err := Run(t.Context(), bad, io.Discard); err == nil || !strings.Contains(err.Error(), "unknown variant") {
		t.Errorf("variant crazyhouse: %v", err)
	}
}

// TestConcurrencyBounded checks that a match refuses to play more games at
// once than MaxConcurrency, before it starts an engine.
func TestConcurrencyBounded(t *testing.T) {
	if want := fmt.Sprintf("games at once, 1 to %d", MaxConcurrency); !strings.Contains(Usage, want) {
		t.Errorf("Usage does not say %q", want)
	}
	tc := referee.TimeControl{Base: time.Minute}
	for _, n := range []int{MaxConcurrency + 1, 100000} {
		cfg := Config{Players: []Player{player("a", "good", tc), player("b", "good", tc)}, Rounds: 100000, Concurrency: n}
		_, err := Run(context.Background(), cfg, &bytes.Buffer{})
		if want := fmt.Sprintf("concurrency must be at most %d", MaxConcurrency); err == nil || err.Error() != want {
			t.Errorf("concurrency %d: error %v, want %q", n, err, want)
		}
		if p := running(t); p != 0 {
			t.Errorf("concurrency %d: %d engine processes running", n, p)
		}
	}
}
