// Package syzygy probes Syzygy endgame tablebases: WDL tables (.rtbw),
// which give a position's result with the fifty-move rule, and DTZ tables
// (.rtbz), which give the distance to the next capture or pawn move on
// the way to it. It is pure Go: files are memory-mapped on first use and
// probes allocate nothing and may run from many goroutines at once.
//
//	tb, err := syzygy.Open("/tables/3-4-5:/tables/6") // err: what was skipped
//	defer tb.Close()
//	if wdl, ok := tb.ProbeWDL(pos); ok { ... }
//	if dtz, ok := tb.ProbeDTZ(pos); ok { ... }
//	if moves, byDTZ, ok := tb.ProbeRoot(pos, nil); ok { ... } // best first
//
// ProbeWDL serves a search below its root; ProbeRoot ranks the moves of
// the root, by DTZ and the fifty-move counter, so that an engine can keep
// to those that hold the result. NOTES.md says how the probes are tested
// against fathom and how fast they are.
//
// # Finding a table
//
// A table covers one material balance and is named by it, White's side
// first: KRPvKR.rtbw. Only one colouring of each balance is stored; a
// position whose White has the material of the name's second side (KRvKRP)
// is probed with the colours swapped and, with pawns, the board turned
// upside down. A table is looked up by a key that packs the count of each
// piece type of each colour. In a symmetric balance (KPvKP) the side to
// move always plays the name's first side.
//
// # File layout
//
// A file starts with a four-byte little-endian magic number (0x5d23e871
// for WDL, 0xa50c66d7 for DTZ) and a flags byte whose low bit says that a
// WDL file holds both sides to move; a DTZ file holds one, and a
// symmetric WDL table needs only one. A file's size is always 16 more than
// a multiple of 64.
//
// A table is made of sub-tables: one per side to move in a pawnless
// table, and in a pawn table one per side and per file (a to d) of the
// leading pawn. The header lists, for each sub-table, the order in which
// its pieces are numbered: one byte for the order of the leading group,
// a second with pawns of both colours for the other colour's pawns, then
// a byte per piece, the low four bits for the first side to move and the
// high four for the second (piece type 1 pawn to 6 king, plus 8 for
// Black). After the lists (padded to an even offset) come the sub-tables'
// compression headers, for DTZ the value maps, then the index tables of
// every sub-table, their block-size tables, and their data blocks, each
// sub-table's blocks starting on a 64-byte boundary.
//
// # Numbering positions
//
// Each sub-table numbers the placements of its pieces. The symmetries of
// the board are used first: without pawns the leading piece is brought to
// the a1-d1-d4 triangle by mirroring files, ranks and the diagonal; with
// pawns only files are mirrored, the leading pawn (the first in a fixed
// order of squares) onto files a-d. The leading group is then numbered as
// a whole: two kings by a table of the 462 ways to place them, three
// unique pieces by a formula over the triangle, or the pawns of the
// leading colour within the leading pawn's file. Every further group of
// like pieces is numbered as a combination (the sorted squares, each less
// the squares earlier groups took) and the numbers are combined in mixed
// radix, in the order the header gives. The tables behind these numbers
// are built by code at init (indices.go).
//
// # Compression
//
// A sub-table's values are stored as a sequence of symbols. Each symbol
// stands either for a single value or for a pair of other symbols, so
// that one symbol can stand for a long string of values; the symbols are
// coded with a canonical Huffman code. The sequence is cut into blocks of
// a fixed size, each holding a whole number of symbols; a size table gives
// how many values each block holds, and an index table, every 2^k
// positions, the block and the offset in it of that position. Finding a
// value takes one index entry, a walk of a few block sizes, the decoding
// of symbols up to the one that covers the position, and a descent of
// that symbol's pairs. A sub-table where every position has the same
// value stores only that value.
//
// # Values
//
// A WDL value is 0 to 4 for loss, blessed loss, draw, cursed win and win
// of the side to move. A DTZ value is a distance in moves or plies, in a
// DTZ file that holds one side to move; maps in the file, one per result,
// can translate the stored numbers into distances. Flags per sub-table say
// which side is stored, whether maps are used, whether their entries take
// one byte or two, and whether wins and losses are stored in plies
// (cursed wins and blessed losses are always in moves, doubled on
// reading).
//
// # What the tables leave out
//
// The tables assume no castling rights, the fifty-move counter at zero
// and no en-passant right. Where a capture changes a position's value
// the stored value is whatever compresses best, so a probe searches the
// captures too, down to smaller tables, and takes the best of them and the
// stored value. An en-passant capture is searched the same way; when it is
// the only legal move, the stored value (of a stalemate) is discarded.
// For DTZ, a position whose best move is a capture or a pawn move has a
// DTZ of 1 (or 101 for a cursed win), found by WDL probes; and when the
// DTZ file holds only the other side to move, a one-ply search over the
// moves that do not zero the counter gives the distance.
package syzygy
