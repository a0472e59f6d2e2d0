package eval

import (
	"fmt"

	"github.com/luftchess/luft/engine/board"
)

// A Weight is one tapered evaluation weight in centipawns: a middlegame
// and an endgame value, blended by the game phase.
type Weight struct{ MG, EG int }

// Weights is the evaluation's parameter vector: every weight of every
// term, in the order Params lays them out. The tuner fits all of them.
type Weights [NumWeights]Weight

// A Param is one named run of the parameter vector: a single weight or a
// table indexed by rank, square, count or piece type.
type Param struct {
	Name   string
	Term   Term // the breakdown row it belongs to
	Offset int  // index of its first weight in Weights
	Len    int
	index  index // what the table is indexed by
}

// An index tells what a table parameter is indexed by, for naming.
type index uint8

const (
	byNumber index = iota // count or rank
	bySquare              // square from White's side
	byPiece               // piece type, from Pawn
	byMinor               // piece type, from Knight
)

// A Term is a row of the evaluation breakdown; each Param belongs to one.
type Term uint8

// Terms of the evaluation breakdown.
const (
	Material Term = iota
	PSQT
	Mobility
	Pawns
	Passed
	King
	Pieces
	Threats
	Tempo
	NumTerms
)

var termNames = [NumTerms]string{"material", "psqt", "mobility", "pawns", "passed", "king", "pieces", "threats", "tempo"}

func (t Term) String() string { return termNames[t] }

// Offsets of the parameters in Weights. Tables indexed by piece type
// start at Pawn or, for the piece tables (N..Q), at Knight; rank tables
// are indexed by the rank from the owner's side (0..7); square tables by
// the square from White's side (Black's squares are flipped).
const (
	iMaterial      = 0                  // [Pawn..Queen]
	iPSQT          = iMaterial + 5      // [Pawn..King][64]
	iMobKnight     = iPSQT + 6*64       // [safe squares 0..8]
	iMobBishop     = iMobKnight + 9     // [0..13]
	iMobRook       = iMobBishop + 14    // [0..14]
	iMobQueen      = iMobRook + 15      // [0..27]
	iIsolated      = iMobQueen + 28     // per isolated pawn
	iDoubled       = iIsolated + 1      // per pawn with an own pawn ahead on its file
	iBackward      = iDoubled + 1       // per backward pawn
	iPhalanx       = iBackward + 1      // [rank] pawn with an own pawn beside it
	iSupported     = iPhalanx + 8       // [rank] pawn defended by an own pawn
	iPassed        = iSupported + 8     // [rank] passed pawn
	iPassedBlocked = iPassed + 8        // [rank] passed pawn whose stop square is occupied
	iPassedOwnKing = iPassedBlocked + 8 // [rank] per step from own king to the stop square
	iPassedTheirK  = iPassedOwnKing + 8 // [rank] per step from the enemy king to the stop square
	iKingAttack    = iPassedTheirK + 8  // [Knight..Queen] per king-zone square attacked
	iKingAttackers = iKingAttack + 4    // [attackers 1..7, index 0 unused]
	iSafeCheck     = iKingAttackers + 8 // [Knight..Queen] per safe checking square
	iShield        = iSafeCheck + 4     // [rank of own pawn on a king file, 0 = none]
	iStorm         = iShield + 8        // [rank (own side) of enemy pawn on a king file, 0 = none]
	iKingOpenFile  = iStorm + 8         // per pawnless file at the king
	iBishopPair    = iKingOpenFile + 1  // both bishops
	iRookOpen      = iBishopPair + 1    // rook on a file without pawns
	iRookSemiOpen  = iRookOpen + 1      // rook on a file without own pawns
	iRookSeventh   = iRookSemiOpen + 1  // rook on the 7th with the enemy king on the 8th or pawns on the 7th
	iOutpost       = iRookSeventh + 1   // [Knight, Bishop] on a pawn-defended square no enemy pawn can attack
	iThreatPawn    = iOutpost + 2       // [Knight..Queen] piece attacked by an enemy pawn
	iThreatMinor   = iThreatPawn + 4    // [Knight..Queen] attacked by an enemy knight or bishop
	iThreatRook    = iThreatMinor + 4   // [Knight..Queen] attacked by an enemy rook
	iHanging       = iThreatRook + 4    // piece attacked and not defended
	iTempo         = iHanging + 1       // side to move
	NumWeights     = iTempo + 1         // length of the parameter vector
)

// Params lays out the parameter vector, in order, without gaps.
var Params = []Param{
	{"material", Material, iMaterial, 5, byPiece},
	{"psqt.pawn", PSQT, iPSQT + 0*64, 64, bySquare},
	{"psqt.knight", PSQT, iPSQT + 1*64, 64, bySquare},
	{"psqt.bishop", PSQT, iPSQT + 2*64, 64, bySquare},
	{"psqt.rook", PSQT, iPSQT + 3*64, 64, bySquare},
	{"psqt.queen", PSQT, iPSQT + 4*64, 64, bySquare},
	{"psqt.king", PSQT, iPSQT + 5*64, 64, bySquare},
	{"mobility.knight", Mobility, iMobKnight, 9, byNumber},
	{"mobility.bishop", Mobility, iMobBishop, 14, byNumber},
	{"mobility.rook", Mobility, iMobRook, 15, byNumber},
	{"mobility.queen", Mobility, iMobQueen, 28, byNumber},
	{"pawn.isolated", Pawns, iIsolated, 1, byNumber},
	{"pawn.doubled", Pawns, iDoubled, 1, byNumber},
	{"pawn.backward", Pawns, iBackward, 1, byNumber},
	{"pawn.phalanx", Pawns, iPhalanx, 8, byNumber},
	{"pawn.supported", Pawns, iSupported, 8, byNumber},
	{"passed.rank", Passed, iPassed, 8, byNumber},
	{"passed.blocked", Passed, iPassedBlocked, 8, byNumber},
	{"passed.ownking", Passed, iPassedOwnKing, 8, byNumber},
	{"passed.theirking", Passed, iPassedTheirK, 8, byNumber},
	{"king.attack", King, iKingAttack, 4, byMinor},
	{"king.attackers", King, iKingAttackers, 8, byNumber},
	{"king.safecheck", King, iSafeCheck, 4, byMinor},
	{"king.shield", King, iShield, 8, byNumber},
	{"king.storm", King, iStorm, 8, byNumber},
	{"king.openfile", King, iKingOpenFile, 1, byNumber},
	{"bishoppair", Pieces, iBishopPair, 1, byNumber},
	{"rook.open", Pieces, iRookOpen, 1, byNumber},
	{"rook.semiopen", Pieces, iRookSemiOpen, 1, byNumber},
	{"rook.seventh", Pieces, iRookSeventh, 1, byNumber},
	{"outpost", Pieces, iOutpost, 2, byMinor},
	{"threat.pawn", Threats, iThreatPawn, 4, byMinor},
	{"threat.minor", Threats, iThreatMinor, 4, byMinor},
	{"threat.rook", Threats, iThreatRook, 4, byMinor},
	{"hanging", Threats, iHanging, 1, byNumber},
	{"tempo", Tempo, iTempo, 1, byNumber},
}

var pieceNames = [...]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

// paramOf maps each weight index to its Param. It is a variable
// initializer, not an init function, because the default weights are
// read (by name) during variable initialization.
var paramOf = func() (m [NumWeights]*Param) {
	for i := range Params {
		pr := &Params[i]
		for j := pr.Offset; j < pr.Offset+pr.Len; j++ {
			m[j] = pr
		}
	}
	return m
}()

// WeightName names weight i, e.g. "psqt.knight[e4]", "passed.rank[5]"
// or "tempo".
func WeightName(i int) string {
	pr := paramOf[i]
	k := i - pr.Offset
	switch {
	case pr.Len == 1:
		return pr.Name
	case pr.index == bySquare:
		return fmt.Sprintf("%s[%v]", pr.Name, board.Square(k))
	case pr.index == byPiece:
		return fmt.Sprintf("%s[%s]", pr.Name, pieceNames[k])
	case pr.index == byMinor:
		return fmt.Sprintf("%s[%s]", pr.Name, pieceNames[int(board.Knight)+k])
	}
	return fmt.Sprintf("%s[%d]", pr.Name, k)
}

// TermOf returns the breakdown row of weight i.
func TermOf(i int) Term { return paramOf[i].Term }
