package outcome

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/game/score"
)

// TestJudge plays moves from a position and judges the game. It covers
// the cases where the rule books that Judge replaced differed: the match
// referee's (notnil/chess, its own material count, repetitions keyed by
// FEN), luft play's and datagen's (Luft's board).
func TestJudge(t *testing.T) {
	type verdict struct {
		Result      Result
		Termination Termination
	}
	tests := []struct {
		name  string
		fen   string
		moves string
		want  verdict
	}{
		{"the start", board.StartFEN, "", verdict{Unfinished, Ongoing}},
		{"fool's mate", board.StartFEN, "f2f3 e7e5 g2g4 d8h4", verdict{BlackWins, Checkmate}},
		{"back-rank mate", "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", verdict{WhiteWins, Checkmate}},
		{"stalemate", "k7/8/8/2Q5/8/8/8/7K w - - 0 1", "c5b6", verdict{Draw, Stalemate}},

		// The start position stands at plies 0, 4 and 8.
		{"threefold", board.StartFEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", verdict{Draw, Repetition}},
		{"twofold plays on", board.StartFEN, "g1f3 g8f6 f3g1 f6g8", verdict{Unfinished, Ongoing}},
		// After e2e4 no pawn can take on e3: the position after the
		// knights' return is the same (plies 1, 5 and 9).
		{"threefold with an en-passant square no pawn attacks", board.StartFEN,
			"e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1", verdict{Draw, Repetition}},
		// The pawn on e5 is pinned, so d7d5 gives it no capture: the
		// referee counted three, the board's key two.
		{"threefold with an en-passant square a pinned pawn attacks", "k3r1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1",
			"d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", verdict{Draw, Repetition}},
		{"the en-passant capture makes another position", "k5n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1",
			"d7d5 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", verdict{Unfinished, Ongoing}},
		{"lost castling rights make another position", "r3k1n1/8/8/8/8/8/8/R3K1N1 w Qq - 0 1",
			"e1d1 g8f6 d1e1 f6g8 g1f3 g8f6 f3g1 f6g8", verdict{Unfinished, Ongoing}},

		{"fifty moves", "k7/8/8/8/8/8/8/K6R w - - 99 80", "h1h2", verdict{Draw, FiftyMoves}},
		{"mate on the hundredth ply wins", "k7/8/1K6/8/8/8/8/7R w - - 99 80", "h1h8", verdict{WhiteWins, Checkmate}},
		{"stalemate on the hundredth ply", "k7/8/1K6/8/8/8/8/2Q5 w - - 99 80", "c1c7", verdict{Draw, Stalemate}},
		{"a capture resets the count", "k7/8/8/8/8/8/1r6/KR6 w - - 99 80", "b1b2", verdict{Unfinished, Ongoing}},
		// The referee said fifty moves here, luft play a dead position.
		{"dead and fifty moves", "k7/8/8/8/8/8/8/K7 w - - 100 80", "", verdict{Draw, InsufficientMaterial}},

		{"king against king", "k7/8/8/8/8/8/1r6/K7 w - - 0 1", "a1b2", verdict{Draw, InsufficientMaterial}},
		{"king and bishop against king", "k7/8/8/8/8/8/1r6/KB6 w - - 0 1", "a1b2", verdict{Draw, InsufficientMaterial}},
		{"king and knight against king", "k7/8/8/8/8/8/1r6/KN6 w - - 0 1", "a1b2", verdict{Draw, InsufficientMaterial}},
		// Bishops e2 and c8 stand on light squares: no mate is possible.
		{"bishops on one colour", "k1b5/8/8/8/8/8/1r2B3/K7 w - - 0 1", "a1b2", verdict{Draw, InsufficientMaterial}},
		{"three bishops on one colour", "k1b5/8/8/8/8/8/1r2B3/K4B2 w - - 0 1", "a1b2", verdict{Draw, InsufficientMaterial}},
		{"bishops on both colours can mate", "kb6/8/8/8/8/8/1r2B3/K7 w - - 0 1", "a1b2", verdict{Unfinished, Ongoing}},
		{"knight against knight can mate", "kn6/8/8/8/8/8/1r6/KN6 w - - 0 1", "a1b2", verdict{Unfinished, Ongoing}},
		{"knight against bishop can mate", "kb6/8/8/8/8/8/1r6/KN6 w - - 0 1", "a1b2", verdict{Unfinished, Ongoing}},
		{"two knights can mate", "k7/8/8/8/8/8/1r6/KNN5 w - - 0 1", "a1b2", verdict{Unfinished, Ongoing}},
		{"knight and bishop can mate", "k7/8/8/8/8/8/1r6/KBN5 w - - 0 1", "a1b2", verdict{Unfinished, Ongoing}},
		{"a pawn can promote", "k7/8/8/8/8/8/1r5P/K7 w - - 0 1", "a1b2", verdict{Unfinished, Ongoing}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := boardtest.Position(t, tt.fen)
			for _, s := range strings.Fields(tt.moves) {
				if r, _ := Judge(p); r != Unfinished {
					t.Fatalf("the game ended before %s", s)
				}
				m, err := p.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				p.Make(m)
			}
			r, term := Judge(p)
			if diff := cmp.Diff(tt.want, verdict{r, term}); diff != "" {
				t.Errorf("Judge after %q (-want +got):\n%s", tt.moves, diff)
			}
		})
	}
}

func TestJudge960(t *testing.T) {
	p := boardtest.Position960(t, "bbqrnnkr/pppppppp/8/8/8/8/PPPPPPPP/BBQRNNKR w KQkq - 0 1")
	for _, s := range strings.Fields("f1e3 f8e6 e3f1 e6f8 f1e3 f8e6 e3f1 e6f8") {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	if r, term := Judge(p); r != Draw || term != Repetition {
		t.Errorf("Judge = %v, %v; want a draw by repetition", r, term)
	}
}

func TestResult(t *testing.T) {
	type row struct {
		Token        string
		White, Black float64
	}
	var got []row
	for _, r := range []Result{Unfinished, WhiteWins, BlackWins, Draw} {
		got = append(got, row{r.String(), r.Points(board.White), r.Points(board.Black)})
	}
	want := []row{{"*", 0.5, 0.5}, {"1-0", 1, 0}, {"0-1", 0, 1}, {"1/2-1/2", 0.5, 0.5}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if Win(board.White) != WhiteWins || Win(board.Black) != BlackWins {
		t.Errorf("Win(White), Win(Black) = %v, %v", Win(board.White), Win(board.Black))
	}
	if Player(board.White) != "White" || Player(board.Black) != "Black" {
		t.Errorf("Player(White), Player(Black) = %q, %q", Player(board.White), Player(board.Black))
	}
}

// TestParseResult reads every PGN result token, each back from String,
// and tokens that are none.
func TestParseResult(t *testing.T) {
	tests := []struct {
		token string
		want  Result
		ok    bool
	}{
		{"1-0", WhiteWins, true},
		{"0-1", BlackWins, true},
		{"1/2-1/2", Draw, true},
		{"*", Unfinished, true},

		{"", Unfinished, false},
		{"1", Unfinished, false},
		{"0", Unfinished, false},
		{"0.5", Unfinished, false},
		{"1/2", Unfinished, false},
		{"½-½", Unfinished, false},
		{"0-0", Unfinished, false},
		{"2-0", Unfinished, false},
		{"1-0 ", Unfinished, false},
		{" 1-0", Unfinished, false},
		{"1-0-1", Unfinished, false},
		{"1/2-1/2*", Unfinished, false},
		{"**", Unfinished, false},
		{"draw", Unfinished, false},
		{"0-1#", Unfinished, false},
	}
	for _, tt := range tests {
		if got, ok := ParseResult(tt.token); got != tt.want || ok != tt.ok {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, %v", tt.token, got, ok, tt.want, tt.ok)
		}
	}
	for r := Unfinished; r <= Draw; r++ {
		if got, ok := ParseResult(r.String()); got != r || !ok {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, true", r.String(), got, ok, r)
		}
	}
}

func TestAdjudicator(t *testing.T) {
	type report struct {
		mover    board.Color
		fullMove int
		valid    bool
		cp, mate int
	}
	// plies returns n moves of each side from full move from, each side's
	// score from its own point of view.
	plies := func(from int, n int, white, black int) []report {
		var r []report
		for i := range n {
			r = append(r, report{board.White, from + i, true, white, 0}, report{board.Black, from + i, true, black, 0})
		}
		return r
	}
	tests := []struct {
		name    string
		adj     Adjudicator
		reports []report
		want    Result
		at      int // index of the deciding report, -1 for none
	}{
		{"resign: White wins after 3 moves each", Adjudicator{ResignMoveCount: 3, ResignScore: 600},
			plies(20, 3, 700, -650), WhiteWins, 5},
		{"resign needs agreement", Adjudicator{ResignMoveCount: 3, ResignScore: 600},
			plies(20, 3, 700, -100), Unfinished, -1},
		{"resign at the score itself", Adjudicator{ResignMoveCount: 1, ResignScore: 600},
			plies(20, 1, -600, 600), BlackWins, 1},
		{"resign: Black wins on mate scores", Adjudicator{ResignMoveCount: 2, ResignScore: 600},
			[]report{{board.White, 30, true, 0, -5}, {board.Black, 30, true, 0, 4}, {board.White, 31, true, -900, 0}, {board.Black, 31, true, 0, 3}},
			BlackWins, 3},
		{"a mate score counts in a streak without MateWins", Adjudicator{ResignMoveCount: 3, ResignScore: 600},
			plies(20, 1, 0, 0)[:1], Unfinished, -1},
		{"MateWins: the first mate score wins", Adjudicator{ResignMoveCount: 3, ResignScore: 1000, MateWins: true},
			[]report{{board.White, 30, true, 50, 0}, {board.Black, 30, true, 0, 7}}, BlackWins, 1},
		{"MateWins: the first mated score loses", Adjudicator{MateWins: true},
			[]report{{board.White, 30, true, 50, 0}, {board.Black, 30, true, 0, -2}}, WhiteWins, 1},
		{"a missing score breaks the streak", Adjudicator{ResignMoveCount: 1, ResignScore: 600},
			[]report{{board.White, 1, true, 700, 0}, {board.Black, 1, false, 0, 0}, {board.White, 2, true, 700, 0}, {board.Black, 2, true, -700, 0}},
			WhiteWins, 3},
		{"draw after move 40", Adjudicator{DrawMoveNumber: 40, DrawMoveCount: 4, DrawScore: 10},
			plies(38, 6, 5, -10), Draw, 11}, // plies from move 40: indices 4..11
		{"draw window broken", Adjudicator{DrawMoveNumber: 1, DrawMoveCount: 2, DrawScore: 10},
			append(plies(1, 1, 5, 11), plies(2, 1, 0, 0)...), Unfinished, -1},
		{"draw within the score itself", Adjudicator{DrawMoveNumber: 80, DrawMoveCount: 5, DrawScore: 9},
			plies(80, 5, 9, -9), Draw, 9},
		{"no draw beyond it", Adjudicator{DrawMoveNumber: 80, DrawMoveCount: 5, DrawScore: 9},
			plies(80, 5, 9, 10), Unfinished, -1},
		{"disabled", Adjudicator{}, plies(1, 20, 5000, -5000), Unfinished, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := tt.adj
			got, at := Unfinished, -1
			for i, r := range tt.reports {
				if res := a.Update(r.mover, r.fullMove, r.valid, score.Score{CP: r.cp, Mate: r.mate}); res != Unfinished {
					got, at = res, i
					break
				}
			}
			if got != tt.want || at != tt.at {
				t.Errorf("%v at report %d, want %v at %d", got, at, tt.want, tt.at)
			}
		})
	}
}
