package board

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board/suites"
)

// checkKind names how a move gives check, for counting that the test
// met each kind.
func checkKind(p *Position, m Move) string {
	switch {
	case m.IsCastling():
		return "castling"
	case m.IsEnPassant():
		return "en passant"
	case m.IsPromotion():
		return "promotion"
	case p.CheckInfo().discoverers.Has(m.From()):
		return "discovered"
	}
	return "direct"
}

// TestGivesCheckWith compares GivesCheckWith with GivesCheck and with
// playing the move, for every legal move of every position of the perft
// and tactics suites and of the Chess960 middlegames and their replies,
// and of the tree positions to depth 3; and checks that these met every
// kind of check.
func TestGivesCheckWith(t *testing.T) {
	var roots []*Position
	for _, fen := range suites.StandardFENs(t) {
		roots = append(roots, mustParse(t, fen))
	}
	for _, fen := range suites.FENs(t, suites.Chess960Middlegames) {
		roots = append(roots, mustParseFEN(t, fen, true))
	}
	depths := map[*Position]int{}
	for _, p := range roots {
		depths[p] = 1
	}
	for _, p := range treePositions(t) {
		roots = append(roots, p)
		depths[p] = 3
	}
	seen := map[string]int{}
	for _, root := range roots {
		walk(root, depths[root], func(p *Position) {
			ci := p.CheckInfo()
			var l MoveList
			p.GenerateLegal(&l)
			for _, m := range l.Moves() {
				p.Make(m)
				check := p.InCheck()
				p.Unmake()
				got, slow := p.GivesCheckWith(&ci, m), p.GivesCheck(m)
				if got != check || slow != check {
					t.Fatalf("%s: %v: GivesCheckWith %v, GivesCheck %v, playing it gives check %v",
						p.FEN(), m, got, slow, check)
				}
				if check {
					seen[checkKind(p, m)]++
				}
			}
		})
	}
	kinds := map[string]bool{}
	for k := range seen {
		kinds[k] = true
	}
	want := map[string]bool{"direct": true, "discovered": true, "promotion": true, "castling": true, "en passant": true}
	if diff := cmp.Diff(want, kinds); diff != "" {
		t.Errorf("kinds of check met (-want +got):\n%s", diff)
	}
	t.Logf("checks met: %v", seen)
}
