package trainingdata

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/game/outcome"
)

// Format constants; doc.go describes the format.
const (
	Magic      = "LUFTDATA"
	Version    = 1
	RecordSize = 32
	HeaderSize = 32
)

// Record is one training position.
type Record struct {
	Pos    *board.Position
	Score  int16          // centipawns, side to move's view
	Result outcome.Result // the game's result; Unfinished while it goes on
	Move   board.Move     // the search's best move
}

// Packed is a record in its file form.
type Packed [RecordSize]byte

// The results as a record holds them, from the side to move's view.
const (
	loss = iota
	draw
	win
	none // the game goes on: invalid in a file
)

// encodeResult returns the code of the result r for the side to move stm.
func encodeResult(r outcome.Result, stm board.Color) byte {
	switch r {
	case outcome.Draw:
		return draw
	case outcome.Win(stm):
		return win
	case outcome.Win(stm.Other()):
		return loss
	}
	return none
}

// Pack encodes r. It fails only for a position the format cannot hold
// (more than 32 pieces) or a bad result.
func Pack(r Record) (Packed, error) {
	var p Packed
	pos := r.Pos
	occ := pos.Occupied()
	if occ.Count() > 32 {
		return p, fmt.Errorf("trainingdata: %d pieces, at most 32 fit a record", occ.Count())
	}
	if r.Result > outcome.Draw {
		return p, fmt.Errorf("trainingdata: bad result %d", r.Result)
	}
	binary.LittleEndian.PutUint64(p[0:], uint64(occ))
	i := 0
	for b := occ; b != 0; i++ {
		pc := pos.PieceAt(b.PopLSB())
		p[8+i/2] |= byte(pc) << (4 * (i & 1))
	}
	flags := byte(pos.SideToMove())
	for k, right := range [4]struct {
		c  board.Color
		ks bool
	}{{board.White, true}, {board.White, false}, {board.Black, true}, {board.Black, false}} {
		if pos.CanCastle(right.c, right.ks) && !pos.Chess960() {
			flags |= 1 << (1 + k)
		}
	}
	p[24] = flags
	p.SetResult(r.Result)
	p[25] = 8
	if ep := pos.EnPassant(); ep != board.NoSquare {
		p[25] = byte(ep.File())
	}
	p[26] = byte(min(pos.Rule50(), 255))
	p[27] = byte(min(max(pos.FullMove(), 1), 255))
	binary.LittleEndian.PutUint16(p[28:], uint16(r.Score))
	binary.LittleEndian.PutUint16(p[30:], uint16(r.Move))
	return p, nil
}

// Occupied returns the occupancy bitboard.
func (p *Packed) Occupied() board.Bitboard {
	return board.Bitboard(binary.LittleEndian.Uint64(p[0:]))
}

// Pieces calls f for each piece in ascending square order, without
// building a position: the fast path for feature extraction. It does not
// validate the codes; Unpack does.
func (p *Packed) Pieces(f func(sq board.Square, pc board.Piece)) {
	occ := p.Occupied()
	for i := 0; occ != 0; i++ {
		sq := occ.PopLSB()
		f(sq, board.Piece(p[8+i/2]>>(4*(i&1))&15))
	}
}

// SideToMove returns the side to move.
func (p *Packed) SideToMove() board.Color { return board.Color(p[24] & 1) }

// Score returns the score, side to move's view.
func (p *Packed) Score() int16 { return int16(binary.LittleEndian.Uint16(p[28:])) }

// Result returns the game's result; Unfinished for a record without one.
func (p *Packed) Result() outcome.Result {
	stm := p.SideToMove()
	switch p.resultCode() {
	case loss:
		return outcome.Win(stm.Other())
	case draw:
		return outcome.Draw
	case win:
		return outcome.Win(stm)
	}
	return outcome.Unfinished
}

// resultCode returns the result as the record holds it.
func (p *Packed) resultCode() byte { return p[24] >> 5 & 3 }

// SetResult sets the game's result, which a record packed while the game
// went on lacks.
func (p *Packed) SetResult(r outcome.Result) {
	p[24] = p[24]&^(3<<5) | encodeResult(r, p.SideToMove())<<5
}

// Move returns the best move.
func (p *Packed) Move() board.Move { return board.Move(binary.LittleEndian.Uint16(p[30:])) }

// FEN returns the record's position in FEN, checking the fields the
// format constrains (not the position's legality: Unpack does that).
func (p *Packed) FEN() (string, error) {
	occ := p.Occupied()
	n := occ.Count()
	if n > 32 {
		return "", fmt.Errorf("trainingdata: bad record: %d pieces", n)
	}
	var sqs [64]board.Piece
	for i := range sqs {
		sqs[i] = board.NoPiece
	}
	bad := false
	p.Pieces(func(sq board.Square, pc board.Piece) {
		if pc >= board.NoPiece {
			bad = true
		}
		sqs[sq] = pc
	})
	if bad {
		return "", errors.New("trainingdata: bad record: bad piece code")
	}
	for j := n; j < 32; j++ {
		if p[8+j/2]>>(4*(j&1))&15 != 0 {
			return "", errors.New("trainingdata: bad record: piece code beyond the last piece")
		}
	}
	if p[24]&0x80 != 0 || p.resultCode() == none {
		return "", fmt.Errorf("trainingdata: bad record: flags %#x", p[24])
	}
	if p[25] > 8 {
		return "", fmt.Errorf("trainingdata: bad record: en-passant file %d", p[25])
	}
	if p[27] == 0 {
		return "", errors.New("trainingdata: bad record: fullmove number 0")
	}
	var b strings.Builder
	b.WriteString(board.Placement(&sqs))
	stm := p.SideToMove()
	b.WriteString([]string{" w ", " b "}[stm])
	if p[24]&0x1e == 0 {
		b.WriteByte('-')
	}
	for k, ch := range "KQkq" {
		if p[24]&(1<<(1+k)) != 0 {
			b.WriteRune(ch)
		}
	}
	if p[25] == 8 {
		b.WriteString(" -")
	} else {
		rank := 5
		if stm == board.Black {
			rank = 2
		}
		b.WriteString(" " + board.MakeSquare(int(p[25]), rank).String())
	}
	fmt.Fprintf(&b, " %d %d", p[26], p[27])
	return b.String(), nil
}

// Unpack decodes p into a record with a fresh position. The error says
// what is wrong with a record that no valid position gives.
func (p *Packed) Unpack() (Record, error) {
	fen, err := p.FEN()
	if err != nil {
		return Record{}, err
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		return Record{}, fmt.Errorf("trainingdata: bad record: %v", err)
	}
	return Record{Pos: pos, Score: p.Score(), Result: p.Result(), Move: p.Move()}, nil
}

// header returns the file header.
func header() []byte {
	h := make([]byte, HeaderSize)
	copy(h, Magic)
	binary.LittleEndian.PutUint32(h[8:], Version)
	binary.LittleEndian.PutUint32(h[12:], RecordSize)
	return h
}

// Records returns the number of complete records in a data file of size
// bytes, its header included: those a file still being written holds so
// far, or a file cut short keeps.
func Records(size int64) int {
	return int(max(size-HeaderSize, 0) / RecordSize)
}

// Writer writes a data file, buffered: call Flush at the end.
type Writer struct {
	w   *bufio.Writer
	err error
	n   int
}

// NewWriter returns a writer to w, writing the header first.
func NewWriter(w io.Writer) *Writer {
	bw := bufio.NewWriterSize(w, 64*1024)
	_, err := bw.Write(header())
	return &Writer{w: bw, err: err}
}

// Write writes one record.
func (w *Writer) Write(r Record) error {
	p, err := Pack(r)
	if err != nil {
		return err
	}
	return w.WritePacked(p)
}

// WritePacked writes one packed record.
func (w *Writer) WritePacked(p Packed) error {
	if w.err != nil {
		return w.err
	}
	if _, err := w.w.Write(p[:]); err != nil {
		w.err = err
		return err
	}
	w.n++
	return nil
}

// Count returns the number of records written.
func (w *Writer) Count() int { return w.n }

// Flush writes out the buffered records.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.err = w.w.Flush()
	return w.err
}

// WriteAll writes recs to w as a data file, the header first, and
// flushes it: the file ReadAll reads back.
func WriteAll(w io.Writer, recs []Record) error {
	tw := NewWriter(w)
	for _, r := range recs {
		if err := tw.Write(r); err != nil {
			return err
		}
	}
	return tw.Flush()
}

// Reader reads a data file.
type Reader struct {
	r *bufio.Reader
	n int // records read
}

// NewReader returns a reader of r, reading and checking the header.
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 64*1024)
	h := make([]byte, HeaderSize)
	if n, err := io.ReadFull(br, h); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("trainingdata: truncated header: %d of %d bytes", n, HeaderSize)
		}
		return nil, err
	}
	if string(h[:8]) != Magic {
		return nil, fmt.Errorf("trainingdata: not a Luft data file (magic %q)", h[:8])
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != Version {
		return nil, fmt.Errorf("trainingdata: format version %d, want %d", v, Version)
	}
	if s := binary.LittleEndian.Uint32(h[12:]); s != RecordSize {
		return nil, fmt.Errorf("trainingdata: record size %d, want %d", s, RecordSize)
	}
	return &Reader{r: br}, nil
}

// ReadPacked returns the next record undecoded; io.EOF at the end of a
// well-formed file.
func (r *Reader) ReadPacked() (Packed, error) {
	var p Packed
	n, err := io.ReadFull(r.r, p[:])
	switch {
	case err == io.EOF:
		return p, io.EOF
	case err == io.ErrUnexpectedEOF:
		return p, fmt.Errorf("trainingdata: truncated file: record %d has %d of %d bytes: %w", r.n+1, n, RecordSize, err)
	case err != nil:
		return p, err
	}
	r.n++
	return p, nil
}

// Read returns the next record decoded; io.EOF at the end of a
// well-formed file.
func (r *Reader) Read() (Record, error) {
	p, err := r.ReadPacked()
	if err != nil {
		return Record{}, err
	}
	rec, err := p.Unpack()
	if err != nil {
		return Record{}, fmt.Errorf("record %d: %w", r.n, err)
	}
	return rec, nil
}

// Count returns the number of records read.
func (r *Reader) Count() int { return r.n }

// ReadEach reads the data file r, its header and then every record, and
// calls f with each record undecoded, in order. It returns the first error
// of the file, or of f, which ends the reading: f's error tells the
// record's number.
func ReadEach(r io.Reader, f func(p *Packed) error) error {
	rd, err := NewReader(r)
	if err != nil {
		return err
	}
	for {
		p, err := rd.ReadPacked()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := f(&p); err != nil {
			return fmt.Errorf("record %d: %w", rd.Count(), err)
		}
	}
}

// ReadAll reads the data file r, as ReadEach does, and returns its records
// decoded; on an error, those before it and the error.
func ReadAll(r io.Reader) ([]Record, error) {
	var recs []Record
	err := ReadEach(r, func(p *Packed) error {
		rec, err := p.Unpack()
		if err == nil {
			recs = append(recs, rec)
		}
		return err
	})
	return recs, err
}
