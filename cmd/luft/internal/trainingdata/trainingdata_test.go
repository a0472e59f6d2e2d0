package trainingdata

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/board/suites"
	"github.com/luftchess/luft/engine/game/outcome"
)

// summary is what a record must keep through a round trip.
type summary struct {
	FEN    string
	Score  int16
	Result outcome.Result
	Move   board.Move
}

func summarize(r Record) summary {
	return summary{r.Pos.FEN(), r.Score, r.Result, r.Move}
}

// testPositions returns the positions of the board package's EPD suites
// and of random games from the start position.
func testPositions(t *testing.T) []*board.Position {
	t.Helper()
	var ps []*board.Position
	for _, fen := range suites.StandardFENs(t) {
		ps = append(ps, boardtest.Position(t, fen))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var l board.MoveList
	for range 20 {
		p := board.NewPosition()
		for range 200 {
			p.GenerateLegal(&l)
			if l.Len() == 0 {
				break
			}
			p.Make(l.Moves()[rng.IntN(l.Len())])
			ps = append(ps, p.Clone())
		}
	}
	return ps
}

// TestRoundTrip packs, writes, reads and unpacks positions with a legal
// move, a score and a result each, and checks that nothing is lost.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var l board.MoveList
	var want []summary
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, p := range testPositions(t) {
		p.GenerateLegal(&l)
		m := board.NoMove
		if l.Len() > 0 {
			m = l.Moves()[rng.IntN(l.Len())]
		}
		r := Record{Pos: p, Score: int16(rng.IntN(65536) - 32768), Result: outcome.Result(1 + rng.IntN(3)), Move: m}
		if err := w.Write(r); err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		want = append(want, summarize(r))
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, wantSize := buf.Len(), HeaderSize+RecordSize*len(want); got != wantSize {
		t.Fatalf("file of %d bytes, want %d", got, wantSize)
	}
	recs, err := ReadAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var got []summary
	for _, r := range recs {
		if r.Move != board.NoMove && !r.Pos.IsLegal(r.Move) {
			t.Errorf("%s: move %v not legal after decoding", r.Pos.FEN(), r.Move)
		}
		got = append(got, summarize(r))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

// TestCounters checks the clamping of the fullmove number and the fields
// of a hand-checked record.
func TestCounters(t *testing.T) {
	tests := []struct {
		fen, want string
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3 b - - 150 255", "4k3/8/8/8/8/8/8/4K3 b - - 150 255"},
		{"4k3/8/8/8/8/8/8/4K3 b - - 99 256", "4k3/8/8/8/8/8/8/4K3 b - - 99 255"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 3 9999", "4k3/8/8/8/8/8/8/4K3 w - - 3 255"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3"},
	}
	for _, tt := range tests {
		pk, err := Pack(Record{Pos: boardtest.Position(t, tt.fen), Result: outcome.Draw})
		if err != nil {
			t.Fatal(err)
		}
		got, err := pk.FEN()
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%s: decoded as %s, want %s", tt.fen, got, tt.want)
		}
	}
	// Kings only, e1 and e8, Black to move, no castling, no en passant;
	// Black won.
	p, _ := board.ParseFEN("4k3/8/8/8/8/8/8/4K3 b - - 7 42")
	pk, _ := Pack(Record{Pos: p, Score: -2, Result: outcome.BlackWins, Move: 0x0fff})
	want := Packed{
		0x10, 0, 0, 0, 0, 0, 0, 0x10, // e1, e8
		byte(board.MakePiece(board.White, board.King)) | byte(board.MakePiece(board.Black, board.King))<<4,
		24: 1 | 2<<5, 25: 8, 26: 7, 27: 42, 28: 0xfe, 29: 0xff, 30: 0xff, 31: 0x0f,
	}
	if diff := cmp.Diff(want, pk); diff != "" {
		t.Errorf("packed record (-want +got):\n%s", diff)
	}
}

func TestRecords(t *testing.T) {
	tests := []struct {
		size int64
		want int
	}{
		{0, 0},
		{HeaderSize - 1, 0}, // a header not yet written whole
		{HeaderSize, 0},
		{HeaderSize + RecordSize - 1, 0},
		{HeaderSize + RecordSize, 1},
		{HeaderSize + 5*RecordSize + RecordSize/2, 5}, // a record cut in half
	}
	var got, want []int
	for _, tt := range tests {
		got, want = append(got, Records(tt.size)), append(want, tt.want)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records of each size (-want +got):\n%s", diff)
	}
}

// TestResult checks the result of a record, White's view in Go and the
// side to move's in the file, and that a record packed without one is
// refused until SetResult gives it one.
func TestResult(t *testing.T) {
	type row struct {
		Result outcome.Result
		Code   byte // bits 5-6 of the flags
	}
	white, black := board.NewPosition(), boardtest.Position(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	tests := []struct {
		pos  *board.Position
		want []row // for Unfinished, WhiteWins, BlackWins, Draw
	}{
		{white, []row{{outcome.Unfinished, 3}, {outcome.WhiteWins, 2}, {outcome.BlackWins, 0}, {outcome.Draw, 1}}},
		{black, []row{{outcome.Unfinished, 3}, {outcome.WhiteWins, 0}, {outcome.BlackWins, 2}, {outcome.Draw, 1}}},
	}
	for _, tt := range tests {
		var got []row
		for _, r := range []outcome.Result{outcome.Unfinished, outcome.WhiteWins, outcome.BlackWins, outcome.Draw} {
			p, err := Pack(Record{Pos: tt.pos, Result: r})
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, row{p.Result(), p[24] >> 5})
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: results (-want +got):\n%s", tt.pos.FEN(), diff)
		}
	}
	p, _ := Pack(Record{Pos: black, Score: 5})
	if _, err := p.Unpack(); err == nil {
		t.Error("a record without a result unpacks")
	}
	p.SetResult(outcome.WhiteWins)
	if rec, err := p.Unpack(); err != nil || rec.Result != outcome.WhiteWins || rec.Score != 5 {
		t.Errorf("after SetResult(WhiteWins): %+v, %v", rec, err)
	}
	if _, err := Pack(Record{Pos: black, Result: outcome.Draw + 1}); err == nil {
		t.Error("Pack takes a result beyond Draw")
	}
}

// TestReaderErrors checks that damaged files give clear errors.
func TestReaderErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteAll(&buf, slices.Repeat([]Record{{Pos: board.NewPosition(), Result: outcome.Draw}}, 3)); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	badMagic := bytes.Clone(good)
	badMagic[0] = 'X'
	badVersion := bytes.Clone(good)
	badVersion[8] = 9
	badPiece := bytes.Clone(good)
	badPiece[HeaderSize+8] = 0xcc // codes 12: no piece
	badEP := bytes.Clone(good)
	badEP[HeaderSize+25] = 9
	badResult := bytes.Clone(good)
	badResult[HeaderSize+24] |= 3 << 5
	// Black in check with White to move: the side bit flipped.
	checked, _ := board.ParseFEN("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")
	pk, _ := Pack(Record{Pos: checked, Result: outcome.Draw})
	pk[24] &^= 1
	illegal := append(bytes.Clone(good[:HeaderSize]), pk[:]...)

	tests := []struct {
		name    string
		data    []byte
		records int    // read before the error
		want    string // in the error; "" for none
	}{
		{"good", good, 3, ""},
		{"empty", nil, 0, "truncated header: 0 of 32 bytes"},
		{"short header", good[:10], 0, "truncated header: 10 of 32 bytes"},
		{"header only", good[:HeaderSize], 0, ""},
		{"truncated record", good[:len(good)-10], 2, "truncated file: record 3 has 22 of 32 bytes"},
		{"bad magic", badMagic, 0, "not a Luft data file"},
		{"bad version", badVersion, 0, "format version 9"},
		{"bad piece", badPiece, 0, "record 1: trainingdata: bad record: bad piece code"},
		{"bad en passant", badEP, 0, "en-passant file 9"},
		{"bad result", badResult, 0, "bad record: flags"},
		{"illegal", illegal, 0, "bad record: fen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := ReadAll(bytes.NewReader(tt.data))
			if len(recs) != tt.records {
				t.Errorf("read %d records, want %d", len(recs), tt.records)
			}
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("error %v, want none", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one with %q", err, tt.want)
			}
		})
	}
}
