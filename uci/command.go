package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/luftchess/luft/engine/board"
)

// commands lists the commands the loop understands. A line is dispatched
// on its first token that names one of them, so unknown leading tokens are
// skipped as the UCI specification asks ("joho debug on" means "debug on").
var commands = map[string]bool{
	"uci": true, "debug": true, "isready": true, "setoption": true,
	"register": true, "ucinewgame": true, "position": true, "go": true,
	"stop": true, "ponderhit": true, "quit": true, "d": true,
	"genfens": true,
}

// IsCommand reports whether word names a command the loop understands,
// so that a command line can tell UCI lines from other words.
func IsCommand(word string) bool { return commands[word] }

// token is one whitespace-separated word of an input line and the offset
// just past it, so that raw text (option values) can be recovered.
type token struct {
	text string
	end  int
}

// command is one parsed input line.
type command struct {
	name string  // a key of commands, or "" when the line holds none
	args []token // the tokens after the name
	line string  // the raw line
}

// isSpace reports whether c separates tokens. CR is treated as a space so
// that CRLF line endings and stray carriage returns are harmless.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// tokenize splits line on runs of ASCII whitespace.
func tokenize(line string) []token {
	var toks []token
	for i := 0; i < len(line); {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		start := i
		for i < len(line) && !isSpace(line[i]) {
			i++
		}
		if i > start {
			toks = append(toks, token{text: line[start:i], end: i})
		}
	}
	return toks
}

// parseLine finds the command in line.
func parseLine(line string) command {
	toks := tokenize(line)
	for i, t := range toks {
		if commands[t.text] {
			return command{name: t.text, args: toks[i+1:], line: line}
		}
	}
	return command{line: line}
}

// words returns the texts of toks.
func words(toks []token) []string {
	w := make([]string, len(toks))
	for i, t := range toks {
		w[i] = t.text
	}
	return w
}

// parseSetOption splits the arguments of setoption into the option name
// (every word after "name" up to the first standalone "value", joined by
// single spaces) and the value (the raw rest of the line, trimmed, with its
// inner spacing kept). hasValue is false when no "value" word is present.
func parseSetOption(c command) (name, value string, hasValue bool) {
	args := c.args
	if len(args) > 0 && args[0].text == "name" {
		args = args[1:]
	}
	var nameWords []string
	for _, t := range args {
		if t.text == "value" {
			return strings.Join(nameWords, " "), strings.TrimFunc(c.line[t.end:], isSpaceRune), true
		}
		nameWords = append(nameWords, t.text)
	}
	return strings.Join(nameWords, " "), "", false
}

func isSpaceRune(r rune) bool { return r < 128 && isSpace(byte(r)) }

// goParams are the parameters of a go command, in milliseconds where they
// are times. Absent numeric parameters are zero; the has* fields tell an
// explicit zero or negative clock from an absent one. refused holds what
// the command held that was refused, one sentence each, for an info
// string.
type goParams struct {
	ponder      bool
	infinite    bool
	time        [2]int64 // wtime, btime
	hasTime     [2]bool
	inc         [2]int64 // winc, binc
	movesToGo   int64
	depth       int64
	nodes       int64
	mate        int64
	moveTime    int64
	hasMoveTime bool
	searchMoves []string     // as sent
	moves       []board.Move // the legal ones among searchMoves (session.checkGo)
	refused     []string
}

// refuse records a refused part of the command.
func (g *goParams) refuse(format string, args ...any) {
	g.refused = append(g.refused, fmt.Sprintf(format, args...))
}

// limited reports whether g sets a limit that ends the search without a
// stop: anything but a bare go (or go ponder, or go searchmoves).
func (g *goParams) limited() bool {
	return g.infinite || g.depth > 0 || g.nodes > 0 || g.mate > 0 || g.hasMoveTime || g.hasTime[0] || g.hasTime[1]
}

// goNumbers are the numeric parameters of go. Each sets its value in a
// goParams, or returns why the value is refused.
var goNumbers = map[string]func(g *goParams, n int64) string{
	"wtime": func(g *goParams, n int64) string { g.time[0], g.hasTime[0] = n, true; return "" },
	"btime": func(g *goParams, n int64) string { g.time[1], g.hasTime[1] = n, true; return "" },
	"winc":  func(g *goParams, n int64) string { return setAtLeast(&g.inc[0], n, 0) },
	"binc":  func(g *goParams, n int64) string { return setAtLeast(&g.inc[1], n, 0) },
	"movestogo": func(g *goParams, n int64) string {
		return setAtLeast(&g.movesToGo, n, 1)
	},
	"depth": func(g *goParams, n int64) string { return setAtLeast(&g.depth, n, 1) },
	"nodes": func(g *goParams, n int64) string { return setAtLeast(&g.nodes, n, 1) },
	"mate":  func(g *goParams, n int64) string { return setAtLeast(&g.mate, n, 1) },
	"movetime": func(g *goParams, n int64) string {
		if msg := setAtLeast(&g.moveTime, n, 0); msg != "" {
			return msg
		}
		g.hasMoveTime = true
		return ""
	},
}

// setAtLeast sets *dst to n, or returns why not when n is below least.
func setAtLeast(dst *int64, n, least int64) string {
	if n < least {
		if least == 0 {
			return "it must not be negative"
		}
		return fmt.Sprintf("it must be at least %d", least)
	}
	*dst = n
	return ""
}

// isGoWord reports whether w is a word of the go command.
func isGoWord(w string) bool {
	return goNumbers[w] != nil || w == "ponder" || w == "infinite" || w == "searchmoves"
}

// errNoNumber is returned by parseInt for a word that is not an integer.
var errNoNumber = errors.New("not an integer")

// parseInt parses s as a signed 64-bit integer, saturating on overflow.
func parseInt(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return n, nil // ParseInt saturates to the nearest limit
		}
		return 0, errNoNumber
	}
	return n, nil
}

// parseGo reads the parameters of a go command in any order, and
// records in refused each word it refuses, and why: an unknown word, a
// numeric parameter without a value or with a value that is not an
// integer or out of range (a parameter given twice keeps its last
// value). Refused words are otherwise ignored. A value that is missing
// because the next word is a go parameter leaves that word to be read as
// one. searchmoves takes the words up to the next go parameter (a move
// is never one), which the session checks against the position.
func parseGo(args []string) goParams {
	var g goParams
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "ponder":
			g.ponder = true
			continue
		case "infinite":
			g.infinite = true
			continue
		case "searchmoves":
			j := i + 1
			for j < len(args) && !isGoWord(args[j]) {
				j++
			}
			g.searchMoves = append(g.searchMoves, args[i+1:j]...)
			i = j - 1
			continue
		}
		set := goNumbers[key]
		switch {
		case set == nil:
			g.refuse("go: %s refused: not a go parameter", key)
		case i+1 == len(args) || isGoWord(args[i+1]):
			g.refuse("go: %s refused: it needs a value", key)
		default:
			i++
			n, err := parseInt(args[i])
			if err != nil {
				g.refuse("go: %s %s refused: %s is not an integer", key, args[i], args[i])
			} else if msg := set(&g, n); msg != "" {
				g.refuse("go: %s %s refused: %s", key, args[i], msg)
			}
		}
	}
	return g
}
