// Package play is a chess game between a person and Luft in a terminal:
// it reads moves (SAN or UCI) and commands line by line and writes the
// board, the engine's moves and its answers as text, so that it can also
// be scripted; the board is in colour where the terminal has colours.
//
// The game drives the engine directly, through a player.Player for
// Luft's moves and an engine of its own for suggest, one search at a
// time, and reads the engine's own values (scores, lines, whether a move
// came from the book). That is the difference from the browser game
// (package serve), which drives a UCI engine on purpose, as a GUI does;
// here no search runs while the person types, so there is nothing to
// stop and no protocol to be faithful to.
package play

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/muesli/termenv"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/engine/player"
	"github.com/luftchess/luft/eval/nnue"
)

// Config sets up the games of a session.
type Config struct {
	Human    board.Color   // the side the person plays
	FEN      string        // the starting position; "" for the standard one, or a random one in Chess960
	Chess960 bool          // play by the rules of Chess960
	Level    player.Level  // Luft's strength; the zero Level is full strength
	MoveTime time.Duration // Luft's thinking time per move (and for suggest)
	Book     player.Book   // opening book; nil for none
	Rand     *rand.Rand    // source of book and level choices; nil for a time-seeded one
	HashMB   int           // transposition table size; 0 for the engine's default
	Net      *nnue.Network // the network Luft evaluates with; nil for the hand-crafted evaluation
	Echo     bool          // repeat each input line after the prompt, for scripted input

	// Colors is the terminal that out is, to draw the board in its colours
	// (termenv.NewOutput(os.Stdout) reads them from the environment); nil,
	// or one of the Ascii profile, for a plain board.
	Colors *termenv.Output
}

// DefaultSuggestions is the number of moves suggest shows by default.
const DefaultSuggestions = 3

// session is the state of one terminal session.
type session struct {
	cfg     Config
	out     *bufio.Writer
	player  *player.Player  // Luft's moves: book and strength
	advisor engine.Searcher // suggest: full strength, several lines
	rand    *rand.Rand      // draws Chess960 start positions
	game    *game
	flipped bool            // board seen from Black's side
	colors  termenv.Profile // the board's colours; termenv.Ascii for none
	result  ending
}

// Run plays games with a person who types on in and reads out, until quit
// or the end of in. It returns an error only when out fails or the
// starting position is bad.
func Run(in io.Reader, out io.Writer, cfg Config) error {
	opts := engine.Options{HashMB: cfg.HashMB, Net: cfg.Net}
	s, err := newSession(out, cfg, engine.New(opts), engine.New(opts))
	if err != nil {
		return err
	}
	return s.run(in)
}

// newSession returns a session whose Luft plays with eng and suggests
// with advisor, both made with the configuration's options.
func newSession(out io.Writer, cfg Config, eng, advisor engine.Searcher) (*session, error) {
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = time.Second
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), rand.Uint64()))
	}
	s := &session{
		cfg:     cfg,
		out:     bufio.NewWriter(out),
		player:  player.New(eng, cfg.Rand),
		advisor: advisor,
		rand:    cfg.Rand,
		flipped: cfg.Human == board.Black,
		colors:  termenv.Ascii,
	}
	if cfg.Colors != nil {
		s.colors = cfg.Colors.Profile
	}
	g, err := newGame(s.startFEN(), cfg.Chess960)
	if err != nil {
		return nil, fmt.Errorf("starting position: %w", err)
	}
	s.game = g
	s.player.SetLevel(cfg.Level)
	if cfg.Book != nil {
		s.player.SetBook(cfg.Book)
	}
	return s, nil
}

// run plays the session's games until quit or the end of in.
func (s *session) run(in io.Reader) error {
	cfg := s.cfg
	s.printf("Luft: you play %v against %s. Type a move (e4, Nf3, e7e8q) or help.\n", cfg.Human, strength(cfg.Level))
	if cfg.Chess960 {
		s.printf("Chess960: castle with O-O or O-O-O, or move the king onto its rook (e1h1).\n")
	}
	s.start()
	sc := bufio.NewScanner(in)
	for {
		s.prompt()
		if err := s.out.Flush(); err != nil {
			return err
		}
		if !sc.Scan() {
			break
		}
		if cfg.Echo {
			s.printf("%s\n", sc.Text())
		}
		if !s.handle(strings.Fields(sc.Text())) {
			break
		}
	}
	s.printf("\n")
	if err := s.out.Flush(); err != nil {
		return err
	}
	return sc.Err()
}

// startFEN returns the starting position of a new game: the one the
// configuration gives, or else the standard one, or in Chess960 a random
// one of the 960.
func (s *session) startFEN() string {
	switch {
	case s.cfg.FEN != "":
		return s.cfg.FEN
	case s.cfg.Chess960:
		return board.Chess960StartFEN(s.rand.IntN(board.Chess960Positions))
	}
	return board.StartFEN
}

// printf writes to the terminal.
func (s *session) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// showBoard draws the board, in colour when the terminal has colours.
func (s *session) showBoard() {
	if s.colors == termenv.Ascii {
		s.printf("%s", drawBoard(s.game.pos, s.flipped))
		return
	}
	s.printf("%s", drawColorBoard(s.game.pos, s.flipped, s.game.lastMove(), s.colors))
}

// prompt asks for the next line.
func (s *session) prompt() {
	if s.result.over() {
		s.printf("game over> ")
		return
	}
	s.printf("%s %v> ", s.game.moveNumber(len(s.game.moves)), s.game.pos.SideToMove())
}

// start shows the new game and lets Luft move if it is to move.
func (s *session) start() {
	s.result = ending{}
	s.showBoard()
	s.checkEnd()
	if !s.result.over() && s.game.pos.SideToMove() != s.cfg.Human {
		s.engineMove()
	}
}

// handle executes one line and reports whether the session goes on.
func (s *session) handle(words []string) bool {
	if len(words) == 0 {
		return true
	}
	cmd, args := strings.ToLower(words[0]), words[1:]
	switch cmd {
	case "quit", "exit", "q":
		return false
	case "help", "?":
		s.printf("%s", help)
	case "suggest", "hint":
		n := DefaultSuggestions
		if len(args) > 0 {
			v, err := strconv.Atoi(args[0])
			if err != nil || v < 1 || v > 50 {
				s.printf("suggest takes a number of moves from 1 to 50, not %q\n", args[0])
				return true
			}
			n = v
		}
		s.suggest(n)
	case "legal", "moves":
		s.legal()
	case "undo", "takeback":
		s.undo()
	case "history":
		if len(s.game.sans) == 0 {
			s.printf("no moves yet\n")
		} else {
			s.printf("%s\n", s.game.history())
		}
	case "fen":
		s.printf("%s\n", s.game.pos.FEN())
	case "board", "show":
		s.showBoard()
	case "flip":
		s.flipped = !s.flipped
		s.showBoard()
	case "new":
		g, err := newGame(s.startFEN(), s.cfg.Chess960) // the configured one was checked when the session started
		if err != nil {
			panic("play: " + err.Error())
		}
		s.game = g
		s.player.NewGame()
		s.printf("new game: you play %v\n", s.cfg.Human)
		s.start()
	case "level", "elo":
		s.setStrength(cmd, args)
	case "save":
		if len(args) != 1 {
			s.printf("usage: save FILE\n")
			return true
		}
		s.save(args[0])
	default:
		if len(words) > 1 {
			s.printf("unknown command %q; type help for the list\n", cmd)
			return true
		}
		s.humanMove(words[0])
	}
	return true
}

const help = `Moves: in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI notation (e2e4, e1g1, e7e8q);
castling also as the king taking its own rook (e1h1), the only UCI form in Chess960.
Piece letters may be lower case (nf3, qxd5); when b could be the bishop or the
b-pawn (bb3, bxc3), Luft asks which.
Commands:
  suggest [N]  the best N moves (default 3) with scores, from Luft at full strength
  legal        list the legal moves
  undo         take back your last move and Luft's reply
  history      the moves so far, numbered
  fen          the position in FEN
  board        show the board; flip turns it round
  new          start a new game (in Chess960 from a new random position,
               unless one was given)
  level N      Luft's skill level, 0 (weakest) to 20 (full strength)
  elo N        Luft's strength as a rating, 800 to 2800
  save FILE    write the game as PGN
  help, quit
Scores are in pawns from White's point of view; #3 means mate in 3.
`

// humanMove plays the person's move written tok, then Luft's reply.
func (s *session) humanMove(tok string) {
	if s.result.over() {
		s.printf("the game is over (%s); type new, undo or save FILE\n", s.result.reason)
		return
	}
	if s.game.pos.SideToMove() != s.cfg.Human {
		s.printf("it is Luft's turn\n") // only after an undo past Luft's move
		return
	}
	m, err := s.game.readMove(tok)
	switch {
	case errors.Is(err, errNotMove):
		s.printf("unknown command %q; type help for the list\n", tok)
		return
	case err != nil:
		s.printf("%v\n", err)
		return
	}
	s.game.play(m)
	if s.game.ending().over() {
		s.showBoard()
		s.checkEnd()
		return
	}
	s.engineMove()
}

// engineMove lets Luft choose and play its move.
func (s *session) engineMove() {
	s.out.Flush() // show the person's move before Luft thinks; errors surface at the prompt
	var last engine.Info
	start := time.Now()
	res := s.player.Search(context.Background(), s.game.pos, engine.Limits{MoveTime: s.cfg.MoveTime}, func(in engine.Info) {
		if in.CurrMove == board.NoMove && in.MultiPV <= 1 {
			last = in
		}
	})
	took := time.Since(start)
	num := s.game.moveNumber(len(s.game.moves))
	us := s.game.pos.SideToMove()
	san := s.game.play(res.Best)
	eval := "no evaluation"
	if len(last.PV) > 0 && last.PV[0] == res.Best {
		eval = "eval " + formatScore(last.Score, us)
	}
	if s.player.FromBook() {
		eval = "book, " + eval
	}
	s.printf("Luft plays %s %s (%.1f s, %s)\n", num, san, took.Seconds(), eval)
	s.showBoard()
	s.checkEnd()
}

// checkEnd announces the end of the game once, and reports whether it
// has ended.
func (s *session) checkEnd() bool {
	o := s.game.ending()
	if o.over() && !s.result.over() {
		s.printf("Game over: %s (%s). Type new, undo or save FILE.\n", o.reason, o.result)
	}
	s.result = o
	return o.over()
}

// formatScore writes a score of the side us as White sees it: "+0.35",
// "-1.20", "#3" (White mates in 3), "#-2" (Black mates in 2).
func formatScore(sc engine.Score, us board.Color) string {
	return sc.Reported().View(us, board.White).String()
}

// suggest shows the n best moves, as Luft at full strength sees them.
func (s *session) suggest(n int) {
	if s.result.over() {
		s.printf("the game is over (%s)\n", s.result.reason)
		return
	}
	us := s.game.pos.SideToMove()
	lines := bestLines(s.advisor, s.game.pos, n, engine.Limits{MoveTime: s.cfg.MoveTime})
	if len(lines) == 0 {
		return
	}
	s.printf("suggestions (depth %d):\n", lines[0].Depth)
	for i, in := range lines {
		sans := pgn.SANLine(s.game.pos, in.PV)
		s.printf("%2d. %-7s %6s  %s\n", i+1, sans[0], formatScore(in.Score, us), strings.Join(sans, " "))
	}
}

// bestLines has e search pos within lim for its n best moves, with its
// options as they are (its network, its table), and returns the last
// line it reported for each, best first.
func bestLines(e engine.Searcher, pos *board.Position, n int, lim engine.Limits) []engine.Info {
	lim.MultiPV = n
	var lines []engine.Info
	e.Search(context.Background(), pos, lim, func(in engine.Info) {
		if in.CurrMove != board.NoMove || in.Bound != engine.Exact || in.MultiPV < 1 || in.MultiPV > n {
			return
		}
		for len(lines) < in.MultiPV {
			lines = append(lines, engine.Info{})
		}
		in.PV = slices.Clone(in.PV)
		lines[in.MultiPV-1] = in
	})
	return lines
}

// legal lists the legal moves in SAN, sorted.
func (s *session) legal() {
	var l board.MoveList
	s.game.pos.GenerateLegal(&l)
	var sans []string
	for _, m := range l.Moves() {
		sans = append(sans, s.game.pos.SAN(m))
	}
	// Piece moves first, then pawn moves (lower case), as in most books.
	pawn := func(san string) int {
		if san[0] >= 'a' {
			return 1
		}
		return 0
	}
	slices.SortFunc(sans, func(a, b string) int { return cmp.Or(cmp.Compare(pawn(a), pawn(b)), cmp.Compare(a, b)) })
	s.printf("%d legal moves: %s\n", len(sans), strings.Join(sans, " "))
}

// undo takes back the person's last move and Luft's reply to it.
func (s *session) undo() {
	n := 0
	for i := len(s.game.moves) - 1; i >= 0; i-- {
		if s.game.mover(i) == s.cfg.Human {
			n = len(s.game.moves) - i
			break
		}
	}
	if n == 0 {
		s.printf("nothing to undo\n")
		return
	}
	taken := slices.Clone(s.game.sans[len(s.game.sans)-n:])
	for range n {
		s.game.undo()
	}
	s.result = ending{}
	s.printf("took back %s\n", strings.Join(taken, " "))
	s.showBoard()
}

// setStrength handles "level N" and "elo N".
func (s *session) setStrength(cmd string, args []string) {
	v := 0
	var err error
	if len(args) == 1 {
		v, err = strconv.Atoi(args[0])
	}
	switch {
	case len(args) != 1 || err != nil:
		s.printf("usage: level 0-%d, or elo %d-%d\n", player.MaxSkill, player.MinElo, player.MaxElo)
		return
	case cmd == "level" && (v < 0 || v > player.MaxSkill):
		s.printf("level %d is outside 0-%d\n", v, player.MaxSkill)
		return
	case cmd == "elo" && (v < player.MinElo || v > player.MaxElo):
		s.printf("elo %d is outside %d-%d\n", v, player.MinElo, player.MaxElo)
		return
	}
	l := player.ForSkill(v)
	if cmd == "elo" {
		l = player.ForElo(v)
	}
	s.player.SetLevel(l)
	s.printf("Luft now plays at %s\n", strength(l))
}

// strength describes a level for the person.
func strength(l player.Level) string {
	if l.Full() {
		return "full strength"
	}
	return fmt.Sprintf("about %d Elo", l.Elo)
}

// save writes the game as PGN to the named file.
func (s *session) save(name string) {
	players := [2]string{"Luft", "Luft"}
	players[s.cfg.Human] = "You"
	result := s.result.result.String()
	rec := &pgn.Game{
		Tags: []pgn.Tag{
			{Name: "Event", Value: "Luft terminal game"},
			{Name: "Site", Value: "?"},
			{Name: "Date", Value: time.Now().Format("2006.01.02")},
			{Name: "Round", Value: "-"},
			{Name: "White", Value: players[board.White]},
			{Name: "Black", Value: players[board.Black]},
			{Name: "Result", Value: result},
		},
		Result: result,
	}
	if s.game.pos.Chess960() {
		rec.Tags = append(rec.Tags, pgn.Tag{Name: "Variant", Value: pgn.Variant960})
	}
	if s.game.startFEN != board.StartFEN || s.game.pos.Chess960() {
		rec.Tags = append(rec.Tags, pgn.Tag{Name: "SetUp", Value: "1"}, pgn.Tag{Name: "FEN", Value: s.game.startFEN})
	}
	if s.result.reason != "" {
		rec.ResultComment = s.result.reason
	}
	for _, san := range s.game.sans {
		rec.Moves = append(rec.Moves, pgn.Move{SAN: san})
	}
	var b strings.Builder
	rec.WriteTo(&b)
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		s.printf("cannot save: %v\n", err)
		return
	}
	s.printf("saved %s to %s\n", s.game.length(), name)
}
