package board

import "testing"

// benchPositions are the positions the board benchmarks cycle through.
func benchPositions(b *testing.B) []*Position {
	var ps []*Position
	for _, fen := range treeFENs {
		ps = append(ps, mustParse(b, fen))
	}
	return ps
}

func BenchmarkGenerateLegal(b *testing.B) {
	ps := benchPositions(b)
	var l MoveList
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ps[i%len(ps)].GenerateLegal(&l)
	}
}

// benchMoves returns the bench positions with the moves gen fills in for
// each, and resets the timer.
func benchMoves(b *testing.B, gen func(*Position, *MoveList)) ([]*Position, []MoveList) {
	ps := benchPositions(b)
	lists := make([]MoveList, len(ps))
	for i, p := range ps {
		gen(p, &lists[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	return ps, lists
}

func BenchmarkMakeUnmake(b *testing.B) {
	ps, lists := benchMoves(b, (*Position).GenerateLegal)
	for i := 0; b.Loop(); i++ {
		p, l := ps[i%len(ps)], &lists[i%len(ps)]
		for _, m := range l.Moves() {
			p.Make(m)
			p.Unmake()
		}
	}
}

func BenchmarkSEE(b *testing.B) {
	ps, lists := benchMoves(b, (*Position).GenerateCaptures)
	for i := 0; b.Loop(); i++ {
		p, l := ps[i%len(ps)], &lists[i%len(ps)]
		for _, m := range l.Moves() {
			p.SEE(m)
		}
	}
}

func BenchmarkIsLegal(b *testing.B) {
	ps, lists := benchMoves(b, (*Position).GenerateLegal)
	for i := 0; b.Loop(); i++ {
		p, l := ps[i%len(ps)], &lists[(i+1)%len(ps)] // moves of another position, mostly illegal here
		for _, m := range l.Moves() {
			p.IsLegal(m)
		}
	}
}
