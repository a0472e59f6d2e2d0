package board

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// squareNames lists the squares of b by name, a1 first.
func squareNames(b Bitboard) []string {
	var names []string
	for b != 0 {
		names = append(names, b.PopLSB().String())
	}
	return names
}

// TestThreatsAttacked compares Attacked with the squares that AttackersTo
// finds an opponent's piece attacking, one square at a time.
func TestThreatsAttacked(t *testing.T) {
	for _, p := range treePositions(t) {
		walk(p, 2, func(p *Position) {
			var want Bitboard
			for sq := A1; sq <= H8; sq++ {
				if p.AttackersTo(sq, p.Occupied())&p.ByColor(p.SideToMove().Other()) != 0 {
					want |= sq.Bitboard()
				}
			}
			if diff := cmp.Diff(squareNames(want), squareNames(p.Threats().Attacked)); diff != "" {
				t.Fatalf("%s: attacked squares (-want +got):\n%s", p.FEN(), diff)
			}
		})
	}
}

func TestThreatsThreatened(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		want []string
	}{
		// 1. e4 e5 2. Nf3 d6 3. Bb5+ c6 4. Ba4 Nd7 5. O-O Be7 6. c3 b5
		{"bishop attacked by a pawn", "r1bqk1nr/p2nbppp/2pp4/1p2p3/B3P3/2P2N2/PP1P1PPP/RNBQ1RK1 w kq - 0 7", []string{"a4"}},
		{"nothing attacked", StartFEN, nil},
		{"defended rook attacked by a knight", "4k3/8/8/8/8/1n6/1K6/R7 w - - 0 1", []string{"a1"}},
		{"defended queen attacked by a rook", "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", []string{"d1"}},
		{"defended knight attacked by a bishop", "4k3/8/8/8/8/4b3/3N4/4K3 w - - 0 1", nil},
		{"undefended knight attacked by a bishop", "4k3/8/8/8/8/4b3/3N4/7K w - - 0 1", []string{"d2"}},
		{"defended bishop attacked by a queen", "4k3/8/8/3q4/8/8/8/3BK3 w - - 0 1", nil},
		{"undefended pawn and attacked king are not pieces in danger", "4k3/8/8/8/8/5n2/6P1/4K3 w - - 0 1", nil},
		{"black's pieces", "4k3/2n5/1P6/8/8/8/8/4K3 b - - 0 1", []string{"c7"}},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen)
		if diff := cmp.Diff(tt.want, squareNames(p.Threats().Threatened)); diff != "" {
			t.Errorf("%s: threatened pieces (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestThreatsSaves(t *testing.T) {
	// The bishop on a4, attacked by the pawn on b5, can retreat to b3 or
	// c2, where nothing attacks it, or take on b5, which c6 guards.
	p := mustParse(t, "r1bqk1nr/p2nbppp/2pp4/1p2p3/B3P3/2P2N2/PP1P1PPP/RNBQ1RK1 w kq - 0 7")
	tests := []struct {
		move string
		want bool
	}{
		{"a4b3", true},
		{"a4c2", true},
		{"a4b5", false},
		{"d2d4", false},
		{"f3e1", false},
	}
	for _, tt := range tests {
		m, err := p.ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Threats().Saves(m); got != tt.want {
			t.Errorf("Saves(%s) = %v, want %v", tt.move, got, tt.want)
		}
	}
}
