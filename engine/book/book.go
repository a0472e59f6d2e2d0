// Package book reads opening books in the Polyglot format and chooses
// moves from them by weight.
//
// A Polyglot book is a file of 16-byte entries sorted by position key:
// the key (8 bytes), the move (2), its weight (2) and a learning field (4),
// all big-endian. Keys are Zobrist hashes over the published Random64
// numbers, which this package embeds, so no data file is needed besides
// the book itself.
package book

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/userfile"
)

// entrySize is the size in bytes of one book entry.
const entrySize = 16

// Entry is one record of a book: a move for the position with the key Key.
type Entry struct {
	Key    uint64
	Move   uint16 // Polyglot encoding; see Decode
	Weight uint16 // relative frequency; 0 means never play
	Learn  uint32
}

// Book is an opening book held in memory.
type Book struct {
	entries []Entry // sorted by key
}

// MaxSize bounds the size of a book file: 64 Mi entries, bigger than the
// largest published Polyglot books, and still only 1 GiB of memory.
const MaxSize = 1 << 30

// Open reads the Polyglot book in the named file, which must be a regular
// file of at most MaxSize bytes.
func Open(name string) (*Book, error) {
	return userfile.Read("book", name, MaxSize, Read)
}

// Read reads a Polyglot book from r, refusing one of more than MaxSize
// bytes. Entries out of key order, which the format forbids but some tools
// write, are sorted.
func Read(r io.Reader) (*Book, error) { return readAtMost(r, MaxSize) }

// readAtMost is Read with the bound on the size as a parameter.
func readAtMost(r io.Reader, maxSize int) (*Book, error) {
	var entries []Entry
	br := bufio.NewReaderSize(r, 64<<10)
	var d [entrySize]byte
	for size := 0; ; size += entrySize {
		n, err := io.ReadFull(br, d[:])
		if err == io.EOF {
			break
		}
		if err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("size %d is not a multiple of %d bytes: not a Polyglot book", size+n, entrySize)
		}
		if err != nil {
			return nil, err
		}
		if size+entrySize > maxSize {
			return nil, fmt.Errorf("larger than %d bytes: not read", maxSize)
		}
		entries = append(entries, Entry{
			Key:    binary.BigEndian.Uint64(d[:]),
			Move:   binary.BigEndian.Uint16(d[8:]),
			Weight: binary.BigEndian.Uint16(d[10:]),
			Learn:  binary.BigEndian.Uint32(d[12:]),
		})
	}
	if !slices.IsSortedFunc(entries, compareKeys) {
		slices.SortStableFunc(entries, compareKeys)
	}
	return &Book{entries: entries}, nil
}

func compareKeys(a, b Entry) int { return cmp.Compare(a.Key, b.Key) }

// Len returns the number of entries in the book.
func (b *Book) Len() int { return len(b.entries) }

// Entries returns the entries for the position key, in book order. The
// slice is shared with the book and must not be modified.
func (b *Book) Entries(key uint64) []Entry {
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].Key >= key })
	j := i
	for j < len(b.entries) && b.entries[j].Key == key {
		j++
	}
	return b.entries[i:j:j]
}

// Choice is a legal book move and its weight.
type Choice struct {
	Move   board.Move
	Weight int
}

// Moves returns the book's moves for p that are legal there, in book
// order (usually by falling weight). Entries whose move is not legal in
// p, which a key collision could produce, are left out.
func (b *Book) Moves(p *board.Position) []Choice {
	var choices []Choice
	for _, e := range b.Entries(Key(p)) {
		if m, ok := Decode(p, e.Move); ok {
			choices = append(choices, Choice{Move: m, Weight: int(e.Weight)})
		}
	}
	return choices
}

// Pick chooses one of the book's moves for p at random, each with
// probability proportional to its weight, using r. It reports false when
// the book holds no move of positive weight for p.
func (b *Book) Pick(p *board.Position, r *rand.Rand) (board.Move, bool) {
	return pick(b.Moves(p), r)
}

// pick chooses among choices by weight.
func pick(choices []Choice, r *rand.Rand) (board.Move, bool) {
	total := 0
	for _, c := range choices {
		total += c.Weight
	}
	if total == 0 {
		return board.NoMove, false
	}
	n := r.IntN(total)
	for _, c := range choices {
		if n < c.Weight {
			return c.Move, true
		}
		n -= c.Weight
	}
	panic("unreachable")
}

// Decode returns the legal move of p that the Polyglot move m encodes.
// The encoding holds the target file in bits 0-2, the target rank in bits
// 3-5, the origin file and rank in bits 6-11 and the promotion piece
// (1 knight to 4 queen, 0 none) in bits 12-14; castling is written as the
// king taking its own rook (e1h1), as board.Move stores it.
func Decode(p *board.Position, m uint16) (board.Move, bool) {
	to := board.MakeSquare(int(m&7), int(m>>3&7))
	from := board.MakeSquare(int(m>>6&7), int(m>>9&7))
	promo := board.NoPieceType
	if k := m >> 12 & 7; k != 0 {
		if k > 4 {
			return board.NoMove, false
		}
		promo = board.Pawn + board.PieceType(k)
	}
	var l board.MoveList
	p.GenerateLegal(&l)
	for _, lm := range l.Moves() {
		if lm.From() == from && lm.To() == to && lm.Promotion() == promo {
			return lm, true
		}
	}
	return board.NoMove, false
}
