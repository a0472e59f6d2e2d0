package engine

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/score"
	"github.com/luftchess/luft/engine/syzygy"
	"github.com/luftchess/luft/engine/tt"
	"github.com/luftchess/luft/eval/nnue"
)

// Searcher is a chess engine as the programs that play with it drive it:
// *Engine is one, and so is player.Player, which adds an opening book and
// a playing strength to one. The engine's options are the Searcher's: a
// driver reads them (Options) and hands it changes (SetOptions), and
// keeps no copy. One Search runs at a time; SetOptions and NewGame are
// called only between searches, Options at any time.
type Searcher interface {
	// Options returns the options in effect.
	Options() Options
	// SetOptions applies new option values.
	SetOptions(Options)
	// NewGame forgets everything learned in earlier searches.
	NewGame()
	// Search searches pos within lim, calling report with progress, until
	// a limit is reached or ctx is cancelled, and returns the move to play.
	Search(ctx context.Context, pos *board.Position, lim Limits, report func(Info)) Result
}

// Limits bound one search: when it must stop, which root moves it
// searches, and where one search differs from the Options, how many
// lines it reports and which evaluation it uses. A zero field sets no
// limit and changes nothing; with no limit at all the search runs until
// its context is cancelled.
type Limits struct {
	Depth    int           // plies of iterative deepening
	Nodes    uint64        // nodes searched
	Mate     int           // stop once a mate in this many moves is found
	MoveTime time.Duration // exact time for this move
	Infinite bool          // run until cancelled, whatever the other limits say

	// Clock state, as sent by the GUI. Time and Inc are indexed by colour.
	Time      [2]time.Duration
	Inc       [2]time.Duration
	MovesToGo int

	// SearchMoves restricts the root to these moves when not empty.
	SearchMoves []board.Move

	// Ponder starts the search in pondering mode. Depth, Nodes, Mate and
	// MoveTime bound the whole search from its start, pondering
	// included; the clock (Time, Inc, MovesToGo) applies from the moment
	// PonderHit is closed, as if the search had started then. A ponder
	// search that reaches its limits stops searching and returns only at
	// PonderHit or cancellation, at once then.
	Ponder    bool
	PonderHit <-chan struct{}

	// MultiPV, when more than the Options' MultiPV, is the number of
	// principal variations this search reports, so that a player that
	// chooses among the best moves, or a hint that shows them, asks for
	// them without changing the options.
	MultiPV int

	// HandCrafted evaluates this search with the hand-crafted evaluation
	// whatever network the Options give (Network).
	HandCrafted bool
}

// Options are the engine settings a GUI changes between searches.
type Options struct {
	HashMB       int           // transposition table size in MiB
	Threads      int           // search threads (Lazy SMP)
	MultiPV      int           // number of principal variations reported
	MoveOverhead time.Duration // time reserved per move for GUI and transport lag

	// Enabled switches optional search techniques (OptionalFeatures) on
	// and Disabled switches techniques off, for test matches. The zero
	// values play with DefaultFeatures.
	Enabled, Disabled Features

	// Net, when not nil, is the network that evaluates positions instead
	// of the hand-crafted evaluation, unless HandCrafted is set. It must
	// not change while the engine holds it; several engines and threads
	// may share one.
	Net *nnue.Network
	// HandCrafted evaluates with the hand-crafted evaluation even when
	// Net is set (UCI's Use NNUE false), so that the network is kept for
	// when it is wanted again.
	HandCrafted bool

	// Syzygy are the endgame tablebases the search probes, if any.
	Syzygy Syzygy
}

// Network returns the network a search with the options o within lim
// evaluates with: o.Net, unless o or lim asks for the hand-crafted
// evaluation, which nil stands for. It is the one rule of which
// evaluation plays.
func Network(o Options, lim Limits) *nnue.Network {
	if o.HandCrafted || lim.HandCrafted {
		return nil
	}
	return o.Net
}

// Syzygy are the settings of tablebase probing, those of Stockfish's
// Syzygy options. When the root position is in the tables, the search
// keeps to the moves that hold its result by the tables' distance to
// zeroing (to WDL, where the DTZ tables are missing); below the root, it
// probes WDL after captures and pawn moves.
type Syzygy struct {
	// Tables are the tables to probe; nil for none. They must stay open
	// while the engine holds them.
	Tables *syzygy.Tables
	// ProbeLimit is the most pieces, kings included, that a position
	// may have to be probed; 0 for the largest table's count.
	ProbeLimit int
	// ProbeDepth is the least depth at which the search probes positions
	// of ProbeLimit pieces when that is below the largest table's count
	// (SyzygyProbeDepth); positions with fewer pieces are probed at any
	// depth.
	ProbeDepth int
	// Ignore50MoveRule counts cursed wins and blessed losses, which the
	// fifty-move rule makes draws, as wins and losses (Syzygy50MoveRule
	// off).
	Ignore50MoveRule bool
}

// Bound tells whether a score is exact or only a bound: the
// transposition table's, which the search stores and reports alike.
type Bound = tt.Bound

// Bounds of a score. The zero Bound is none of them: a report always
// has one.
const (
	Exact = tt.Exact // the true score
	Lower = tt.Lower // the true score is at least this (fail high)
	Upper = tt.Upper // the true score is at most this (fail low)
)

// Score is a search score in centipawns from the side to move's point of
// view. Scores beyond ±(MateScore-MaxPly) encode a mate distance; the
// MaxPly scores just short of them are tablebase wins (or losses), the
// nearer the root the higher, reported in centipawns.
type Score int32

// Score limits.
const (
	MaxPly          = 128
	MateScore Score = 32000
	Infinity  Score = 32001
)

// IsMate reports whether s encodes a forced mate for either side.
func (s Score) IsMate() bool { return s > MateScore-MaxPly || s < -MateScore+MaxPly }

// MateMoves returns the mate distance in moves as UCI's "score mate"
// reports it: positive when the side to move mates, negative when it is
// mated. It is meaningful only when IsMate is true.
func (s Score) MateMoves() int {
	if s > 0 {
		return int(MateScore-s+1) / 2
	}
	return -int(MateScore+s) / 2
}

// Reported returns s as a reported score, from the side to move's point
// of view as s is: its mate distance in moves (MateMoves) when IsMate,
// else its centipawns. It is the one conversion of a search score for
// UCI, a review, a game record and every other report. A mate score of
// no moves, which no search reports (a root that is mated gets no
// search), reads as a mate in one for its side, so that it stays a mate.
func (s Score) Reported() score.Score {
	if s.IsMate() {
		m := s.MateMoves()
		if m == 0 {
			m = cmp.Compare(s, 0)
		}
		return score.Score{Mate: m}
	}
	return score.Score{CP: int(s)}
}

// ScoreOf returns the reported score r as a search score, the inverse of
// Reported: a mate in n moves is the mate score of the fewest plies that
// reports it, and centipawns are clamped below every mate score, where
// they fit in an int16.
func ScoreOf(r score.Score) Score {
	switch {
	case r.Mate > 0:
		return MateScore - Score(2*r.Mate-1)
	case r.Mate < 0:
		return -MateScore + Score(-2*r.Mate)
	}
	const bound = MateScore - MaxPly - 1
	return max(-bound, min(bound, Score(r.CP)))
}

// Info is one progress report of a search. A report with CurrMove set
// announces the root move being searched; otherwise it is a principal
// variation line.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int // 1-based rank of this line
	Score    Score
	Bound    Bound // Exact, or Lower or Upper for a line that failed high or low
	Nodes    uint64
	Time     time.Duration
	HashFull int    // permille of the transposition table in use
	TBHits   uint64 // tablebase probes that found their position
	PV       []board.Move

	CurrMove       board.Move
	CurrMoveNumber int // 1-based
}

// Result is the outcome of a search: the move to play and, when known, the
// expected reply to ponder on.
type Result struct {
	Best   board.Move
	Ponder board.Move
}

// Features is a set of search techniques. It exists so that each technique
// can be switched for test matches (make ablation, or the buildEnabled and
// buildDisabled link-time flags); normal play uses DefaultFeatures.
type Features uint32

// Search techniques that can be switched: the one place they are listed,
// with their short names in featureNames.
const (
	NullMove            Features = 1 << iota // null-move pruning, verified in endgames
	ReverseFutility                          // static-eval cutoffs near the leaves
	Futility                                 // skip quiet moves that cannot raise alpha
	LateMoveReduction                        // search late moves shallower first
	LateMovePruning                          // skip late quiet moves at shallow depth
	SEEPruning                               // skip losing captures and quiets at shallow depth
	CheckExtension                           // search checking moves a ply deeper
	MateDistancePruning                      // no line longer than a mate already found
	AspirationWindows                        // search the root with a window around the last score
	SingularExtension                        // extend a hash move that is much better than the rest; multi-cut

	// The optional techniques below are off unless switched on; each is
	// there to be measured again (NOTES.md, "Deleted techniques").
	InternalIterativeReduction // a ply less at PV and cut nodes without a hash move
	HistoryPruning             // skip late quiet moves whose histories say they fail
	ProbCut                    // cut when a good capture beats beta by a margin in a shallow search
	TTCutoffHistory            // a table cutoff rewards (or penalises) its quiet hash move's histories

	AllFeatures Features = 1<<iota - 1

	// OptionalFeatures are the techniques off by default, DefaultFeatures
	// those of normal play.
	OptionalFeatures = InternalIterativeReduction | HistoryPruning | ProbCut | TTCutoffHistory
	DefaultFeatures  = AllFeatures &^ OptionalFeatures
)

var featureNames = [...]string{"nmp", "rfp", "fp", "lmr", "lmp", "see", "checkext", "mdp", "asp", "se", "iir", "hp", "pc", "tthist"}

// String lists the set's features by short name, separated by commas.
func (f Features) String() string {
	s := ""
	for i, name := range featureNames {
		if f&(1<<i) != 0 {
			if s != "" {
				s += ","
			}
			s += name
		}
	}
	return s
}

// ParseFeatures parses a comma-separated list of short feature names, as
// String prints them.
func ParseFeatures(s string) (Features, error) {
	var f Features
	for name := range strings.SplitSeq(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.Index(featureNames[:], name)
		if i < 0 {
			return 0, fmt.Errorf("engine: unknown feature %q (known: %v)", name, AllFeatures)
		}
		f |= 1 << i
	}
	return f, nil
}
