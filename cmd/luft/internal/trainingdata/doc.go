// Package trainingdata reads and writes Luft's training data for an NNUE:
// positions, each with the score and best move of a search and the result
// of the game it occurred in, in a compact binary format. luft datagen
// writes it (package datagen) and luft train reads it (package train).
//
// # File format
//
// All numbers are little-endian. A file is a 32-byte header followed by
// 32-byte records, and nothing else; its size is 32 × (1 + records).
//
// The header:
//
//	offset size  field
//	0      8     magic, the ASCII bytes "LUFTDATA"
//	8      4     version, uint32, currently 1
//	12     4     record size in bytes, uint32, 32
//	16     16    zero
//
// To merge files, keep the first file's header and strip the others' first
// 32 bytes (tail -c +33 FILE).
//
// A file may be compressed with zstd, its name then ending in ".zst"
// (CompressedExt): Open reads it decompressed, as a stream, and Compress
// writes one; `zstd -d` gives the plain file back. Its size, checksum and
// record count are those of the plain file.
//
// A record:
//
//	offset size  field
//	0      8     occupancy, uint64: bit s set when square s holds a piece,
//	             a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63
//	8      16    piece codes, 4 bits each, one per set bit of the occupancy
//	             in ascending square order: the i-th piece (from 0) is in
//	             byte 8 + i/2, in the low nibble when i is even and the
//	             high nibble when i is odd; nibbles beyond the last piece
//	             are 0. At most 32 pieces.
//	24     1     flags: bit 0 the side to move (0 White, 1 Black);
//	             bits 1-4 the castling rights K, Q, k, q (bit 1 White
//	             king side ... bit 4 Black queen side); bits 5-6 the
//	             result; bit 7 zero
//	25     1     en-passant file 0-7 (a-h), or 8 for none; the target
//	             square is on the sixth rank of the side to move. As in
//	             Luft's FEN, it is set only when a pawn can capture there.
//	26     1     halfmove clock (plies since the last capture or pawn
//	             move), clamped at 255 (self-play games end at 100)
//	27     1     fullmove number, 1-255, clamped at 255
//	28     2     score, int16, centipawns from the side to move's point
//	             of view, never a mate score
//	30     2     best move, uint16, in board.Move's encoding: origin
//	             square in bits 0-5, target in bits 6-11, kind in bits
//	             12-13 (0 normal, 1 promotion, 2 en passant, 3 castling,
//	             stored as the king moving onto its own rook's square),
//	             promotion piece in bits 14-15 (0 knight ... 3 queen)
//
// A piece code is the colour plus twice the type: type 0 pawn, 1 knight,
// 2 bishop, 3 rook, 4 queen, 5 king; colour 0 White, 1 Black. So 0 is a
// white pawn, 1 a black pawn, ..., 10 a white king, 11 a black king (the
// values of board.Piece).
//
// The result is the game's final result from the side to move's point of
// view, like the score: 0 a loss, 1 a draw, 2 a win (3 is invalid). In
// Go it is an outcome.Result, White's view as everywhere: Pack and
// Packed.SetResult write it from the side to move's, and Packed.Result
// reads it back. A record packed before its game ended holds 3 until
// SetResult gives it the result.
//
// Decoding a record gives back the position's FEN exactly, except that a
// fullmove number or halfmove clock above 255 reads as 255, and that a
// position of a Chess960 game is recorded without its castling rights
// (whose rooks need not stand on the corners; the network does not see
// castling rights, and its searched score and move are kept). A best move
// that castles is stored as above, the king onto its rook's square.
package trainingdata
