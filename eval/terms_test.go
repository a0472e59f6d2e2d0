package eval

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// TestTerms checks, on hand-made positions, how often each term applies
// to White and to Black.
func TestTerms(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fen   string
		index int
		want  [2]int16 // White, Black
	}{
		{"pawns", board.StartFEN, iMaterial + int(board.Pawn), [2]int16{8, 8}},
		{"knight g1 mirrored", board.StartFEN, iPSQT + 64*int(board.Knight) + int(board.G1), [2]int16{1, 1}},
		{"king e1 mirrored", board.StartFEN, iPSQT + 64*int(board.King) + int(board.E1), [2]int16{1, 1}},
		{"knight mobility", "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", iMobKnight + 8, [2]int16{1, 0}},
		{"mobility avoids pawn attacks", "4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1", iMobKnight + 6, [2]int16{1, 0}},
		{"rook mobility", "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", iMobRook + 3, [2]int16{1, 0}},
		{"isolated", "4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1", iIsolated, [2]int16{2, 0}},
		{"doubled", "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1", iDoubled, [2]int16{1, 0}},
		{"backward", "4k3/8/8/3p4/3P4/4P3/8/4K3 w - - 0 1", iBackward, [2]int16{1, 0}},
		{"supported", "4k3/8/8/3p4/3P4/4P3/8/4K3 w - - 0 1", iSupported + 3, [2]int16{1, 0}},
		{"phalanx", "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", iPhalanx + 3, [2]int16{2, 0}},
		{"passed", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", iPassed + 4, [2]int16{1, 0}},
		{"passed black", "4k3/8/8/8/3p4/8/8/4K3 w - - 0 1", iPassed + 4, [2]int16{0, 1}},
		{"not passed", "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1", iPassed + 4, [2]int16{0, 0}},
		{"passed blocked", "4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1", iPassedBlocked + 4, [2]int16{1, 0}},
		{"passed own king", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", iPassedOwnKing + 4, [2]int16{5, 0}},
		{"passed their king", "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", iPassedTheirK + 4, [2]int16{2, 0}},
		{"king zone attack", "6k1/8/8/8/8/8/8/4KQ2 w - - 0 1", iKingAttack + 3, [2]int16{2, 0}},
		{"king attackers", "6k1/8/8/8/8/8/8/4KQ2 w - - 0 1", iKingAttackers + 1, [2]int16{1, 0}},
		{"safe checks", "6k1/8/8/8/8/8/8/4KQ2 w - - 0 1", iSafeCheck + 3, [2]int16{3, 0}},
		{"shield", "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", iShield + 1, [2]int16{3, 0}},
		{"no shield", "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", iShield, [2]int16{0, 3}},
		{"storm", "6k1/8/8/8/8/6p1/5PPP/6K1 w - - 0 1", iStorm + 2, [2]int16{1, 0}},
		{"open file at king", "6k1/8/8/8/8/8/5P1P/6K1 w - - 0 1", iKingOpenFile, [2]int16{1, 1}},
		{"bishop pair", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", iBishopPair, [2]int16{1, 0}},
		{"rook open file", "4k3/p7/8/8/8/8/P7/3RK3 w - - 0 1", iRookOpen, [2]int16{1, 0}},
		{"rook semi-open file", "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1", iRookSemiOpen, [2]int16{1, 0}},
		{"rook seventh", "6k1/R7/8/8/8/8/8/4K3 w - - 0 1", iRookSeventh, [2]int16{1, 0}},
		{"knight outpost", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", iOutpost, [2]int16{1, 0}},
		{"no outpost", "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", iOutpost, [2]int16{0, 0}},
		{"threat by pawn", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", iThreatPawn, [2]int16{1, 0}},
		{"threat by minor", "4k3/8/8/3r4/8/1B6/8/4K3 w - - 0 1", iThreatMinor + 2, [2]int16{1, 0}},
		{"threat by rook", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", iThreatRook + 3, [2]int16{1, 0}},
		{"hanging", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", iHanging, [2]int16{1, 0}},
		{"tempo white", board.StartFEN, iTempo, [2]int16{1, 0}},
		{"tempo black", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", iTempo, [2]int16{0, 1}},
	} {
		if term := TermOf(tc.index); Basic && term != Material && term != PSQT && term != Tempo {
			tc.want = [2]int16{} // the evalbasic build leaves the term out
		}
		var tr Trace
		New().Trace(boardtest.Position(t, tc.fen), &tr)
		if got := tr.Count[tc.index]; got != tc.want {
			t.Errorf("%s: %s counts %v (White, Black), want %v", tc.name, WeightName(tc.index), got, tc.want)
		}
	}
}

// TestPhaseAndScale checks the game phase and the endgame scaling of
// drawish endings.
func TestPhaseAndScale(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fen   string
		phase int
		scale int
	}{
		{"start", board.StartFEN, 24, NormalScale},
		{"pawn ending", "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1", 0, NormalScale},
		{"lone bishop", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 1, 0},
		{"two knights", "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", 2, 0},
		{"bishop and knight win", "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", 2, NormalScale},
		{"rook against bishop", "4k3/8/8/8/3b4/8/8/R3K3 w - - 0 1", 3, NormalScale / 8},
		{"rook against nothing", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 2, NormalScale},
		{"black lone knight", "4k3/8/8/8/8/8/8/2n1K3 w - - 0 1", 1, 0},
		{"opposite bishops", "4k3/p4b2/8/8/8/8/P1P2B2/4K3 w - - 0 1", 2, NormalScale / 2},
		{"same-colour bishops", "4k3/p5b1/8/8/8/8/P1P2B2/4K3 w - - 0 1", 2, NormalScale},
		{"opposite bishops and rooks", "r3k3/p4b2/8/8/8/8/P1P2B2/R3K3 w - - 0 1", 6, NormalScale * 3 / 4},
	} {
		if Basic {
			tc.scale = NormalScale // the evalbasic build does not scale
		}
		var tr Trace
		New().Trace(boardtest.Position(t, tc.fen), &tr)
		if diff := cmp.Diff([2]int{tc.phase, tc.scale}, [2]int{tr.Phase, tr.Scale}); diff != "" {
			t.Errorf("%s: phase, scale (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestReadWeights(t *testing.T) {
	var buf bytes.Buffer
	w := Default()
	w[iTempo] = Weight{-7, 9}
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadWeights(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(w, back); diff != "" {
		t.Errorf("weights do not read back (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"tempo 1\n", "nosuch 1 2\n", "tempo 1 2\ntempo 1 2\n", "tempo x 2\n", "tempo 1 2\n"} {
		if _, err := ReadWeights(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadWeights(%q) succeeded, want an error", bad)
		}
	}
}
