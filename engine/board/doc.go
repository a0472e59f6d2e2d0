// Package board is Luft's chess position: bitboards with a mailbox beside
// them, incremental make/unmake with an undo stack, Zobrist keys, legal
// move generation, FEN, draw rules and static exchange evaluation.
//
// Squares run from A1 (0) to H8 (63), file first. Moves are 16 bits;
// castling is encoded as the king capturing its own rook, so that the
// same code serves Chess960 once it is enabled. All attack tables are
// built by code at package initialisation.
package board
