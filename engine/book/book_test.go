package book

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
)

// encode returns the Polyglot encoding of a move given as "e2e4" or
// "e7e8q", with castling as the king taking its rook ("e1h1").
func encode(s string) uint16 {
	m := uint16(s[2]-'a') | uint16(s[3]-'1')<<3 | uint16(s[0]-'a')<<6 | uint16(s[1]-'1')<<9
	if len(s) == 5 {
		m |= uint16(strings.IndexByte("nbrq", s[4])+1) << 12
	}
	return m
}

// bookOf returns the book holding entries, written in the Polyglot format
// in the order given and read back.
func bookOf(t *testing.T, entries ...Entry) *Book {
	t.Helper()
	var data bytes.Buffer
	for _, e := range entries {
		binary.Write(&data, binary.BigEndian, e)
	}
	b, err := Read(&data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecode checks the move encoding, castling and promotions included.
func TestDecode(t *testing.T) {
	const castles = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
	const promotes = "8/1P6/8/8/8/8/6k1/K7 w - - 0 1"
	tests := []struct {
		fen, move string
		want      string // board.Move's UCI form; "" when not legal
	}{
		{board.StartFEN, "e2e4", "e2e4"},
		{board.StartFEN, "g1f3", "g1f3"},
		{board.StartFEN, "e2e5", ""},
		{castles, "e1h1", "e1g1"},
		{castles, "e1a1", "e1c1"},
		{castles, "e1g1", ""}, // Polyglot never writes castling this way
		{promotes, "b7b8q", "b7b8q"},
		{promotes, "b7b8n", "b7b8n"},
		{promotes, "b7b8", ""},
	}
	for _, tt := range tests {
		m, ok := Decode(boardtest.Position(t, tt.fen), encode(tt.move))
		got := ""
		if ok {
			got = m.String()
		}
		if got != tt.want {
			t.Errorf("Decode(%s, %s) = %q, want %q", tt.fen, tt.move, got, tt.want)
		}
	}
}

// TestMovesAndPick checks lookup, illegal-entry filtering and that picks
// follow the weights.
func TestMovesAndPick(t *testing.T) {
	start := board.NewPosition()
	key := Key(start)
	b := bookOf(t,
		Entry{Key: key + 1, Move: encode("a2a3"), Weight: 50}, // another position
		Entry{Key: key, Move: encode("e2e4"), Weight: 30},
		Entry{Key: key, Move: encode("d2d4"), Weight: 10},
		Entry{Key: key, Move: encode("e2e5"), Weight: 90}, // illegal: a collision
		Entry{Key: key, Move: encode("h2h4"), Weight: 0},  // never to be played
		Entry{Key: key - 1, Move: encode("a2a4"), Weight: 50},
	)
	uci := func(s string) board.Move {
		m, err := start.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	want := []Choice{{uci("e2e4"), 30}, {uci("d2d4"), 10}, {uci("h2h4"), 0}}
	if diff := cmp.Diff(want, b.Moves(start)); diff != "" {
		t.Errorf("Moves (-want +got):\n%s", diff)
	}

	r := rand.New(rand.NewPCG(1, 2))
	counts := map[string]int{}
	const n = 4000
	for range n {
		m, ok := b.Pick(start, r)
		if !ok {
			t.Fatal("Pick found no move in the start position")
		}
		counts[m.String()]++
	}
	if counts["h2h4"] != 0 || len(counts) != 2 {
		t.Errorf("picked %v, want only e2e4 and d2d4", counts)
	}
	// e2e4 has weight 30 of 40: expect 3000 ± 4 standard deviations (110).
	if c := counts["e2e4"]; c < 2890 || c > 3110 {
		t.Errorf("e2e4 picked %d times of %d, want about 3000", c, n)
	}

	if m, ok := b.Pick(boardtest.Position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), r); ok {
		t.Errorf("Pick in a position not in the book = %v, want none", m)
	}
}

// TestPickSeeded checks that the same seed gives the same moves.
func TestPickSeeded(t *testing.T) {
	start := board.NewPosition()
	b := bookOf(t,
		Entry{Key: Key(start), Move: encode("e2e4"), Weight: 1},
		Entry{Key: Key(start), Move: encode("d2d4"), Weight: 1},
		Entry{Key: Key(start), Move: encode("c2c4"), Weight: 1},
	)
	seq := func() []board.Move {
		r := rand.New(rand.NewPCG(7, 7))
		var ms []board.Move
		for range 20 {
			m, _ := b.Pick(start, r)
			ms = append(ms, m)
		}
		return ms
	}
	if diff := cmp.Diff(seq(), seq()); diff != "" {
		t.Errorf("same seed, different picks:\n%s", diff)
	}
}

// TestReadSortsAndRejects checks that unsorted books are sorted and that a
// file of the wrong size is refused.
func TestReadSortsAndRejects(t *testing.T) {
	b := bookOf(t, Entry{Key: 3}, Entry{Key: 1}, Entry{Key: 2}, Entry{Key: 1, Weight: 9})
	if got := b.Entries(1); len(got) != 2 || got[1].Weight != 9 {
		t.Errorf("Entries(1) = %v, want both key-1 entries in file order", got)
	}
	if got := b.Len(); got != 4 {
		t.Errorf("Len = %d, want 4", got)
	}
	if _, err := Read(bytes.NewReader(make([]byte, 17))); err == nil {
		t.Error("Read accepted 17 bytes")
	}
}

// endless is a reader that never ends, as /dev/zero does.
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestReadBounded(t *testing.T) {
	if _, err := readAtMost(endless{}, 1<<20); err == nil {
		t.Error("readAtMost read an endless stream")
	}
	if b, err := readAtMost(bytes.NewReader(make([]byte, 64)), 64); err != nil || b.Len() != 4 {
		t.Errorf("readAtMost(64 bytes, 64) = %v, %v; want 4 entries", b, err)
	}
	for _, name := range []string{"/dev/zero", os.TempDir(), "testdata/no-such-book.bin"} {
		if _, err := Open(name); err == nil {
			t.Errorf("Open(%s) succeeded, want an error", name)
		}
	}
}

// TestPerformanceBook reads the shared book and checks that its first
// moves are legal and include the main openings, and that play can
// follow the book for several moves.
func TestPerformanceBook(t *testing.T) {
	b, err := Open(boardtest.SharedData(t, "books", "performance.bin"))
	if err != nil {
		t.Fatal(err)
	}
	start := board.NewPosition()
	got := map[string]bool{}
	for _, c := range b.Moves(start) {
		got[c.Move.String()] = true
	}
	for _, want := range []string{"e2e4", "d2d4", "c2c4"} {
		if !got[want] {
			t.Errorf("performance.bin has no %s in the start position; it has %v", want, got)
		}
	}
	if n := len(b.Entries(Key(start))); n != len(got) {
		t.Errorf("%d entries for the start position, %d legal moves among them", n, len(got))
	}

	r := rand.New(rand.NewPCG(3, 4))
	p := board.NewPosition()
	for ply := range 6 {
		m, ok := b.Pick(p, r)
		if !ok {
			t.Fatalf("book ends after %d plies at %s", ply, p.FEN())
		}
		p.Make(m)
	}
}
