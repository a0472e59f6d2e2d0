package board

import "testing"

// Positions with castling, en passant, promotions, pins and checks, used by
// the tests that walk move trees.
var treeFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
}

// Chess960 positions in which the side to move can castle: with the rook
// alone moving, the king alone, king and rook trading squares, both
// moving (X-FEN, then Shredder-FEN, whose rights name the rooks' files).
var tree960FENs = []string{
	"1rk1q1br/p3bp1p/n1Np2p1/p1P1p3/P1P5/1P4PP/4PP2/1RKN1BBR b KQkq - 0 12",
	"r3kr2/p1p1p2p/n5p1/P4pBP/2pP4/5B2/2N1N3/R3KR2 b KQkq - 1 20",
	"1qrk2B1/1pp4p/1nbP2N1/8/p6P/b7/1QP3P1/N1RK2R1 b GCc - 0 19",
	"r1k4r/8/8/8/8/8/8/RK5R w HAha - 0 1",
}

// treePositions returns the positions of treeFENs and tree960FENs, the
// latter played by the Chess960 rules.
func treePositions(t testing.TB) []*Position {
	t.Helper()
	var ps []*Position
	for _, fen := range treeFENs {
		ps = append(ps, mustParse(t, fen))
	}
	for _, fen := range tree960FENs {
		ps = append(ps, mustParseFEN(t, fen, true))
	}
	return ps
}

// mustParse parses a FEN or fails the test.
func mustParse(t testing.TB, fen string) *Position {
	t.Helper()
	return mustParseFEN(t, fen, false)
}

// mustParseFEN parses a FEN by the rules of Chess960 when chess960 is
// set, of standard chess otherwise, or fails the test.
func mustParseFEN(t testing.TB, fen string, chess960 bool) *Position {
	t.Helper()
	parse := ParseFEN
	if chess960 {
		parse = ParseFEN960
	}
	p, err := parse(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// walk calls visit at every node of the legal move tree of p to depth.
func walk(p *Position, depth int, visit func(p *Position)) {
	visit(p)
	if depth == 0 {
		return
	}
	var l MoveList
	p.GenerateLegal(&l)
	for _, m := range l.Moves() {
		p.Make(m)
		walk(p, depth-1, visit)
		p.Unmake()
	}
}
