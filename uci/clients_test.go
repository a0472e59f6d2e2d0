package uci

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
	ucic "github.com/notnil/chess/uci"

	"github.com/luftchess/luft/uci/client/clienttest"
)

// newClientEngine starts path under notnil/chess's UCI client.
func newClientEngine(t *testing.T, path string, opts ...ucic.CmdSetOption) *ucic.Engine {
	t.Helper()
	e, err := ucic.New(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	cmds := []ucic.Cmd{ucic.CmdUCI}
	for _, o := range opts {
		cmds = append(cmds, o)
	}
	if err := e.Run(append(cmds, ucic.CmdIsReady, ucic.CmdUCINewGame, ucic.CmdIsReady)...); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestNotnilClient plays complete games through notnil/chess's UCI client:
// Luft against itself, and Luft against Stockfish at skill level 0 when it
// is installed (under CI it must be). Every move is checked for legality.
func TestNotnilClient(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	luft := luftBinary(t)
	pairs := [][2]string{{luft, luft}}
	if sf, err := clienttest.Program("stockfish"); err == nil {
		pairs = append(pairs, [2]string{luft, sf}, [2]string{sf, luft})
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("%v (CI=true requires it)", err)
	} else {
		t.Logf("%v: Luft plays only itself", err)
	}
	for _, pair := range pairs {
		var engines [2]*ucic.Engine
		for i, path := range pair {
			var opts []ucic.CmdSetOption
			if path != luft {
				opts = append(opts, ucic.CmdSetOption{Name: "Skill Level", Value: "0"})
			} else {
				opts = append(opts, ucic.CmdSetOption{Name: "Hash", Value: "8"})
			}
			engines[i] = newClientEngine(t, path, opts...)
		}
		g := chess.NewGame()
		for g.Outcome() == chess.NoOutcome && len(g.Moves()) < 160 {
			e := engines[len(g.Moves())%2]
			pos := ucic.CmdPosition{Position: chess.StartingPosition(), Moves: g.Moves()}
			if err := e.Run(pos, ucic.CmdGo{MoveTime: 15 * time.Millisecond}); err != nil {
				t.Fatalf("%s: %v", pair[len(g.Moves())%2], err)
			}
			best := e.SearchResults().BestMove
			m := findMove(g.Position(), best.String())
			if m == nil {
				t.Fatalf("%s played illegal move %v after %s", pair[len(g.Moves())%2], best, g.String())
			}
			if err := g.Move(m); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s vs %s: %s %s after %d plies", filepath.Base(pair[0]), filepath.Base(pair[1]), g.Outcome(), g.Method(), len(g.Moves()))
	}
}

// TestPolyglot plays Luft through Debian's polyglot adapter over the
// xboard protocol: the test is the xboard GUI and plays random legal moves
// as White.
func TestPolyglot(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	pg := clienttest.NeedProgram(t, "polyglot")
	luft := luftBinary(t)
	dir := t.TempDir()
	ini := filepath.Join(dir, "luft.ini")
	conf := fmt.Sprintf("[PolyGlot]\nEngineDir = %s\nEngineCommand = %s\nBook = false\nLog = false\nResign = false\n\n[Engine]\nHash = 8\n", dir, luft)
	if err := os.WriteFile(ini, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startProcess(t, pg, ini)
	t.Cleanup(func() { io.WriteString(c.in, "quit\n") }) // before startProcess closes the input
	// read returns the next line, failing on one that reports an error.
	read := func() string {
		l := c.next(30 * time.Second)
		if low := strings.ToLower(l); strings.Contains(low, "illegal") || strings.Contains(low, "error") {
			t.Fatalf("polyglot: %q", l)
		}
		return l
	}
	c.send("xboard", "protover 2")
	usermove := false
	for {
		l := read()
		if strings.HasPrefix(l, "feature") && strings.Contains(l, "usermove=1") {
			usermove = true
		}
		if strings.Contains(l, "done=1") {
			break
		}
	}
	c.send("new", "level 0 0:05 0", "nopost")
	rng := rand.New(rand.NewPCG(1, 2))
	g := chess.NewGame()
	for g.Outcome() == chess.NoOutcome && len(g.Moves()) < 200 {
		valid := g.ValidMoves()
		m := valid[rng.IntN(len(valid))]
		if err := g.Move(m); err != nil {
			t.Fatal(err)
		}
		mv := chess.UCINotation{}.Encode(nil, m)
		if usermove {
			mv = "usermove " + mv
		}
		c.send("time 500", "otim 500", mv)
		if g.Outcome() != chess.NoOutcome {
			break
		}
		for {
			l := read()
			f := strings.Fields(l)
			if len(f) == 2 && f[0] == "move" {
				lm := findMove(g.Position(), f[1])
				if lm == nil {
					t.Fatalf("engine move %q is illegal after %s", l, g.String())
				}
				g.Move(lm)
				break
			}
			if strings.HasPrefix(l, "1-0") || strings.HasPrefix(l, "0-1") || strings.HasPrefix(l, "1/2-1/2") || strings.HasPrefix(l, "resign") {
				t.Fatalf("game ended by %q before a result on the board: %s", l, g.String())
			}
		}
	}
	if g.Outcome() == chess.NoOutcome {
		t.Fatalf("no result after %d plies: %s", len(g.Moves()), g.String())
	}
	t.Logf("polyglot game: %s %s after %d plies", g.Outcome(), g.Method(), len(g.Moves()))
}
