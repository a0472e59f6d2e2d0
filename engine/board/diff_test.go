package board

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/notnil/chess"

	"github.com/luftchess/luft/engine/board/suites"
)

// notnilPosition parses fen with notnil/chess, the rules reference.
func notnilPosition(t *testing.T, fen string) *chess.Position {
	t.Helper()
	if len(strings.Fields(fen)) == 4 {
		fen += " 0 1"
	}
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("notnil rejects %s: %v", fen, err)
	}
	return chess.NewGame(opt).Position()
}

// TestAgainstNotnil plays random games from the suite positions and, at
// every ply, compares the legal moves (listed and counted), the FEN, the
// game state and the SAN of the move played with those of notnil/chess.
func TestAgainstNotnil(t *testing.T) {
	fens := suites.StandardFENs(t)
	want := 100_000
	if testing.Short() {
		want = 10_000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	positions := 0
	for game := 0; positions < want; game++ {
		fen := fens[game%len(fens)]
		p := mustParse(t, fen)
		ref := notnilPosition(t, p.FEN())
		for ply := 0; ply < 200; ply++ {
			positions++
			var l MoveList
			p.GenerateLegal(&l)
			ours := make([]string, 0, l.Len())
			for _, m := range l.Moves() {
				ours = append(ours, m.String())
			}
			theirs := []string{}
			refMoves := ref.ValidMoves()
			for _, m := range refMoves {
				theirs = append(theirs, m.String())
			}
			slices.Sort(ours)
			slices.Sort(theirs)
			if diff := cmp.Diff(theirs, ours); diff != "" {
				t.Fatalf("%s: legal moves differ (-notnil +luft):\n%s", p.FEN(), diff)
			}
			if n := p.CountLegal(); n != len(theirs) {
				t.Fatalf("%s: CountLegal = %d, notnil lists %d moves", p.FEN(), n, len(theirs))
			}
			if got, want := p.FEN(), ref.XFENString(); got != want {
				t.Fatalf("FEN differs: luft %s, notnil %s", got, want)
			}
			status := ref.Status()
			if p.IsCheckmate() != (status == chess.Checkmate) || p.IsStalemate() != (status == chess.Stalemate) {
				t.Fatalf("%s: checkmate %v stalemate %v, notnil says %v", p.FEN(), p.IsCheckmate(), p.IsStalemate(), status)
			}
			if l.Len() == 0 {
				break
			}
			i := rng.IntN(l.Len())
			m := l.Moves()[i]
			var refMove *chess.Move
			for _, rm := range refMoves {
				if rm.String() == m.String() {
					refMove = rm
				}
			}
			// The notation of the move played: SAN both ways.
			if san, want := p.SAN(m), (chess.AlgebraicNotation{}).Encode(ref, refMove); san != want {
				t.Fatalf("%s: SAN of %v is %q, notnil writes %q", p.FEN(), m, san, want)
			} else if back, err := p.ParseSAN(san); err != nil || back != m {
				t.Fatalf("%s: ParseSAN(%q) = %v, %v; want %v", p.FEN(), san, back, err, m)
			}
			p.Make(m)
			ref = ref.Update(refMove)
		}
	}
	t.Logf("%d positions compared", positions)
}
