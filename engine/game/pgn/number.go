package pgn

import (
	"strconv"
	"strings"
)

// MoveNumber returns the number a game record writes before ply i (from
// 0) of a line whose first move is at full move n, by Black when black is
// set: "12." before a move of White, "12..." before one of Black.
func MoveNumber(n int, black bool, i int) string {
	n, black = plyAt(n, black, i)
	if black {
		return strconv.Itoa(n) + "..."
	}
	return strconv.Itoa(n) + "."
}

// plyAt returns the full move and side of ply i of a line whose first
// move is at full move n, by Black when black is set.
func plyAt(n int, black bool, i int) (int, bool) {
	if black {
		i++
	}
	return n + i/2, i%2 == 1
}

// Numbered returns the moves sans of a line whose first move is at full
// move n, by Black when black is set, as a game record writes them: each
// move of White after its number, and a first move of Black after its
// own ("12...", "Nc6", "13.", "Bb5").
func Numbered(sans []string, n int, black bool) []string {
	var tokens []string
	for i, san := range sans {
		if _, b := plyAt(n, black, i); !b || i == 0 {
			tokens = append(tokens, MoveNumber(n, black, i))
		}
		tokens = append(tokens, san)
	}
	return tokens
}

// FirstMove returns the full move and side to move of the position fen:
// the number and side of the first move of a game from it. A FEN without
// a full-move number, or a bad one, counts as move 1.
func FirstMove(fen string) (n int, black bool) {
	f := strings.Fields(fen)
	n = 1
	if len(f) >= 6 {
		if v, err := strconv.Atoi(f[5]); err == nil && v > 0 {
			n = v
		}
	}
	return n, len(f) > 1 && f[1] == "b"
}
