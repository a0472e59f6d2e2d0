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

// benchMoves cycles through the bench positions until b is done, calling
// do with each and the moves gen fills in for the position shift places
// further on (0: its own moves).
func benchMoves(b *testing.B, gen func(*Position, *MoveList), shift int, do func(p *Position, moves []Move)) {
	ps := benchPositions(b)
	lists := make([]MoveList, len(ps))
	for i, p := range ps {
		gen(p, &lists[i])
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		do(ps[i%len(ps)], lists[(i+shift)%len(ps)].Moves())
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	benchMoves(b, (*Position).GenerateLegal, 0, func(p *Position, moves []Move) {
		for _, m := range moves {
			p.Make(m)
			p.Unmake()
		}
	})
}

func BenchmarkSEE(b *testing.B) {
	benchMoves(b, (*Position).GenerateCaptures, 0, func(p *Position, moves []Move) {
		for _, m := range moves {
			p.SEE(m)
		}
	})
}

// BenchmarkIsLegal tests the moves of another position, mostly illegal in
// this one.
func BenchmarkIsLegal(b *testing.B) {
	benchMoves(b, (*Position).GenerateLegal, 1, func(p *Position, moves []Move) {
		for _, m := range moves {
			p.IsLegal(m)
		}
	})
}

func BenchmarkGivesCheck(b *testing.B) {
	benchMoves(b, (*Position).GenerateLegal, 0, func(p *Position, moves []Move) {
		for _, m := range moves {
			p.GivesCheck(m)
		}
	})
}

// BenchmarkGivesCheckWith includes working out each position's CheckInfo.
func BenchmarkGivesCheckWith(b *testing.B) {
	benchMoves(b, (*Position).GenerateLegal, 0, func(p *Position, moves []Move) {
		ci := p.CheckInfo()
		for _, m := range moves {
			p.GivesCheckWith(&ci, m)
		}
	})
}
