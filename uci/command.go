package uci

import (
	"errors"
	"strconv"
	"strings"
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
// explicit zero or negative clock from an absent one.
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
	searchMoves []string
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

// parseGo reads the parameters of a go command in any order. A numeric
// parameter followed by a non-number is ignored and the word is read as
// the next parameter. searchmoves takes every remaining word.
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
			g.searchMoves = append(g.searchMoves, args[i+1:]...)
			return g
		}
		var dst *int64
		switch key {
		case "wtime":
			dst, g.hasTime[0] = &g.time[0], true
		case "btime":
			dst, g.hasTime[1] = &g.time[1], true
		case "winc":
			dst = &g.inc[0]
		case "binc":
			dst = &g.inc[1]
		case "movestogo":
			dst = &g.movesToGo
		case "depth":
			dst = &g.depth
		case "nodes":
			dst = &g.nodes
		case "mate":
			dst = &g.mate
		case "movetime":
			dst, g.hasMoveTime = &g.moveTime, true
		default:
			continue // unknown word
		}
		if i+1 < len(args) {
			if n, err := parseInt(args[i+1]); err == nil {
				*dst = n
				i++
				continue
			}
		}
		// The value is missing: forget that the key was seen.
		switch key {
		case "wtime":
			g.hasTime[0] = false
		case "btime":
			g.hasTime[1] = false
		case "movetime":
			g.hasMoveTime = false
		}
	}
	return g
}
