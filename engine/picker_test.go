package engine

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

var pickerFENs = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
	"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
	"4k3/8/8/8/8/8/8/4K2q w - - 0 1", // in check
}

func drain(mp *picker) []board.Move {
	var got []board.Move
	for m := mp.next(); m != board.NoMove; m = mp.next() {
		got = append(got, m)
	}
	return got
}

func sorted(ms []board.Move) []board.Move {
	ms = slices.Clone(ms)
	slices.Sort(ms)
	return ms
}

// TestPickerYieldsEveryMoveOnce checks that the picker hands out exactly the
// legal moves, whatever hash, killer and counter moves it is given.
func TestPickerYieldsEveryMoveOnce(t *testing.T) {
	var h history
	for _, fen := range pickerFENs {
		p := boardtest.Position(t, fen)
		var l board.MoveList
		p.GenerateLegal(&l)
		legal := l.Moves()
		// Hash move candidates: none, each legal move, an illegal move.
		tts := append([]board.Move{board.NoMove, board.Move(0o7777)}, legal...)
		for i, tm := range tts {
			killers := [2]board.Move{legal[i%len(legal)], legal[(i*7)%len(legal)]}
			var mp picker
			mp.init(p, &h, tm, killers, legal[(i*3)%len(legal)])
			got := drain(&mp)
			if diff := cmp.Diff(sorted(legal), sorted(got)); diff != "" {
				t.Fatalf("%s with hash move %v: moves (-legal +picked):\n%s", fen, tm, diff)
			}
			if slices.Contains(legal, tm) && got[0] != tm {
				t.Errorf("%s: hash move %v came after %v", fen, tm, got[0])
			}
		}
	}
}

func TestPickerOrder(t *testing.T) {
	// White can take a queen with a pawn (good), a rook with the queen
	// (defended by a pawn: losing), and has quiet moves.
	p := boardtest.Position(t, "4k3/8/2p5/1r1q4/4P3/8/8/1Q2K3 w - - 0 1")
	var h history
	var mp picker
	mp.init(p, &h, board.NoMove, [2]board.Move{mustMove(t, p, "e1f2")}, board.NoMove)
	got := drain(&mp)
	if got[0].String() != "e4d5" {
		t.Errorf("first move %v, want the winning capture e4d5", got[0])
	}
	if got[1].String() != "e1f2" {
		t.Errorf("second move %v, want the killer e1f2", got[1])
	}
	if last := got[len(got)-1]; last.String() != "b1b5" {
		t.Errorf("last move %v, want the losing capture b1b5", last)
	}
}

func TestPickerQuiescence(t *testing.T) {
	for _, fen := range pickerFENs {
		p := boardtest.Position(t, fen)
		var mp picker
		mp.initQuiescence(p, new(history), board.NoMove)
		for _, m := range drain(&mp) {
			if !p.InCheck() && !p.IsCapture(m) && !m.IsPromotion() {
				t.Errorf("%s: quiescence picker gave quiet move %v", fen, m)
			}
		}
	}
}

// quietMoves returns the position fen and its quiet moves, in the order
// they are generated.
func quietMoves(t *testing.T, fen string) (*board.Position, []board.Move) {
	p := boardtest.Position(t, fen)
	var l board.MoveList
	p.GenerateQuiets(&l)
	return p, slices.Clone(l.Moves())
}

// TestPickerQuietOrder checks that the quiet moves come killers first,
// then the counter-move, then by history, best first, moves of equal
// history in the order they were generated.
func TestPickerQuietOrder(t *testing.T) {
	for _, fen := range pickerFENs {
		p, qs := quietMoves(t, fen)
		if len(qs) < 3 {
			continue
		}
		var h history
		for i, m := range qs {
			h.update(p.SideToMove(), 0, m, (i%3)*100) // many ties; no threats, as the picker starts with none
		}
		killers := [2]board.Move{qs[len(qs)-1]}
		counter := qs[1]
		var mp picker
		mp.init(p, &h, board.NoMove, killers, counter)
		var got []board.Move
		for _, m := range drain(&mp) {
			if !p.IsCapture(m) && !m.IsPromotion() {
				got = append(got, m)
			}
		}
		rank := func(m board.Move) int {
			switch m {
			case killers[0]:
				return 1 << 20
			case counter:
				return 1 << 19
			}
			return h.get(p.SideToMove(), 0, m)
		}
		want := slices.Clone(qs)
		slices.SortStableFunc(want, func(a, b board.Move) int { return rank(b) - rank(a) })
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: quiet moves (-want +got):\n%s", fen, diff)
		}
	}
}

// TestPickerHistoryOf checks that historyOf gives every quiet move the
// picker hands out its history score, the hash move, killers and
// counter-move included, while the tables stand still.
func TestPickerHistoryOf(t *testing.T) {
	for _, fen := range pickerFENs {
		p, qs := quietMoves(t, fen)
		if len(qs) < 4 {
			continue
		}
		var h history
		var cont contHistory
		wn := board.MakePiece(board.White, board.Knight)
		for i, m := range qs {
			h.update(p.SideToMove(), 0, m, i*37-300)
			cont[wn][5][p.PieceAt(m.From())][m.To()] = int16(i * 11)
		}
		var mp picker
		mp.init(p, &h, qs[0], [2]board.Move{qs[1], qs[2]}, qs[3])
		mp.cont = [2]*pieceToHistory{&cont[wn][5], nil}
		n := 0
		for m := mp.next(); m != board.NoMove; m = mp.next() {
			if p.IsCapture(m) || m.IsPromotion() {
				continue
			}
			n++
			if got, want := mp.historyOf(m), mp.quietHistory(m); got != want || want == 0 {
				t.Errorf("%s: historyOf(%v) = %d, want %d", fen, m, got, want)
			}
		}
		if n != len(qs) {
			t.Errorf("%s: %d quiet moves handed out, want %d", fen, n, len(qs))
		}
	}
}
