package main

import "testing"

// TestPlayFlags checks that bad flags are refused before the game starts
// (a started game would wait for standard input).
func TestPlayFlags(t *testing.T) {
	checkExits(t, "play", runPlay, []exitCase{
		{[]string{"-color", "green"}, 2},
		{[]string{"-elo", "1500", "-level", "3"}, 2},
		{[]string{"-elo", "500"}, 2},
		{[]string{"-elo", "2900"}, 2},
		{[]string{"-level", "21"}, 2},
		{[]string{"-level", "-1"}, 2},
		{[]string{"-elo", "0"}, 2},
		{[]string{"-time", "0"}, 2},
		{[]string{"-nonsense"}, 2},
		{[]string{"-book", "/nonexistent/book.bin"}, 1},
		{[]string{"-fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"}, 1}, // Chess960 without -960
		{[]string{"-960", "-fen", "rk4rr/8/8/8/8/8/8/RK4RR w Kc - 0 1"}, 1},               // a right without its rook
	})
}
