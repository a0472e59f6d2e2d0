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
	})
}
