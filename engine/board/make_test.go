package board

import (
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var positionComparer = cmp.Options{cmp.AllowUnexported(Position{}, undo{}), cmpopts.EquateEmpty()}

// TestMakeUnmakeRestores checks, at every node of depth-4 trees, that the
// incremental keys and checkers equal the ones computed from scratch, and
// that Unmake (and UnmakeNull) restore the position exactly.
func TestMakeUnmakeRestores(t *testing.T) {
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, p := range treePositions(t) {
		fen := p.FEN()
		nodes := 0
		var visit func(depth int)
		visit = func(depth int) {
			nodes++
			key, pawnKey := p.computeKeys()
			if key != p.key || pawnKey != p.pawnKey {
				t.Fatalf("%s: incremental keys %x/%x, from scratch %x/%x", p.FEN(), p.key, p.pawnKey, key, pawnKey)
			}
			if c := p.computeCheckers(); c != p.checkers {
				t.Fatalf("%s: checkers %v, from scratch %v", p.FEN(), p.checkers, c)
			}
			if depth == 0 {
				return
			}
			// The exact comparison is costly: it is made in the upper plies.
			exact := depth >= 2
			before := *p
			before.history = slices.Clone(p.history)
			if !p.InCheck() {
				after := p.KeyAfterNull()
				p.MakeNull()
				if key, _ := p.computeKeys(); key != p.key || after != key {
					t.Fatalf("%s: null move key %x, KeyAfterNull %x, from scratch %x", before.FEN(), p.key, after, key)
				}
				p.UnmakeNull()
				expectSame(t, &before, p, "null move")
			}
			var l MoveList
			p.GenerateLegal(&l)
			for _, m := range l.Moves() {
				after := p.KeyAfter(m)
				p.Make(m)
				if after != p.key {
					t.Fatalf("%s: KeyAfter(%v) %x, Make gives %x", before.FEN(), m, after, p.key)
				}
				visit(depth - 1)
				p.Unmake()
				if exact || p.key != before.key {
					expectSame(t, &before, p, m.String())
				}
			}
		}
		visit(depth)
		t.Logf("%s: %d nodes", fen, nodes)
	}
}

// expectSame fails the test when make/unmake of move left p unlike before.
func expectSame(t *testing.T, before, p *Position, move string) {
	if reflect.DeepEqual(before, p) {
		return
	}
	t.Fatalf("%s: make/unmake of %s changed the position (-before +after):\n%s",
		before.FEN(), move, cmp.Diff(before, p, positionComparer))
}

// TestGenerators checks at every node of depth-3 trees that captures and
// quiets split the legal moves exactly, that CountLegal counts them, and
// that GivesCheck agrees with playing the move.
func TestGenerators(t *testing.T) {
	seen := make([]uint8, 1<<16) // per move: 1 legal, 2 split, 3 both
	for _, p := range treePositions(t) {
		walk(p, 3, func(p *Position) {
			var all, caps, quiets MoveList
			p.GenerateLegal(&all)
			p.GenerateCaptures(&caps)
			p.GenerateQuiets(&quiets)
			for _, m := range all.Moves() {
				seen[m] |= 1
			}
			for _, m := range caps.Moves() {
				if !p.IsCapture(m) && !m.IsPromotion() {
					t.Fatalf("%s: GenerateCaptures gave quiet move %v", p.FEN(), m)
				}
				seen[m] |= 2
			}
			for _, m := range quiets.Moves() {
				if p.IsCapture(m) || m.IsPromotion() || seen[m]&2 != 0 {
					t.Fatalf("%s: GenerateQuiets gave %v, a capture, promotion or duplicate", p.FEN(), m)
				}
				seen[m] |= 2
			}
			if caps.Len()+quiets.Len() != all.Len() {
				t.Fatalf("%s: %d captures + %d quiets, %d legal moves", p.FEN(), caps.Len(), quiets.Len(), all.Len())
			}
			if n := p.CountLegal(); n != all.Len() {
				t.Fatalf("%s: CountLegal = %d, %d legal moves", p.FEN(), n, all.Len())
			}
			for _, l := range []*MoveList{&all, &caps, &quiets} {
				for _, m := range l.Moves() {
					if seen[m] != 3 {
						t.Fatalf("%s: %v is in only one of legal moves and captures+quiets", p.FEN(), m)
					}
				}
			}
			for _, m := range all.Moves() {
				seen[m] = 0
				p.Make(m)
				check := p.InCheck()
				p.Unmake()
				if p.GivesCheck(m) != check {
					t.Fatalf("%s: GivesCheck(%v) = %v, but playing it gives check %v", p.FEN(), m, !check, check)
				}
			}
		})
	}
}

// TestIsLegal offers IsLegal every move shape between every friendly origin
// and every target; it must accept exactly the generated moves.
func TestIsLegal(t *testing.T) {
	for _, p := range treePositions(t) {
		walk(p, 2, func(p *Position) {
			var all MoveList
			p.GenerateLegal(&all)
			legal := map[Move]bool{}
			for _, m := range all.Moves() {
				legal[m] = true
			}
			// Every 16-bit move from a friendly square: IsLegal must agree.
			for b := p.ByColor(p.SideToMove()); b != 0; {
				from := b.PopLSB()
				for to := A1; to <= H8; to++ {
					for _, m := range []Move{newMove(from, to), newPromotion(from, to, Queen), newPromotion(from, to, Knight), newEnPassant(from, to), newCastling(from, to)} {
						if p.IsLegal(m) != legal[m] {
							t.Fatalf("%s: IsLegal(%v) = %v", p.FEN(), m, !legal[m])
						}
					}
				}
			}
		})
	}
}
