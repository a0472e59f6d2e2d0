// Package board is Luft's chess position: bitboards with a mailbox beside
// them, incremental make/unmake with an undo stack, Zobrist keys, legal
// move generation, FEN, draw rules and static exchange evaluation.
//
// Squares run from A1 (0) to H8 (63), file first. Moves are 16 bits;
// castling is encoded as the king capturing its own rook, so that the
// same code serves standard chess and Chess960. All attack tables are
// built by code at package initialisation.
//
// A position from ParseFEN960 is played by the Chess960 rules: its
// castling rights belong to the rooks on any files, read from X-FEN or
// Shredder-FEN, and its moves are written with Move.UCI(true), castling as
// king takes rook. The squares each right needs empty and safe are worked
// out when the FEN is read, so that the move generator only looks them
// up. Standard chess is Chess960's position 518 with its own notation:
// its keys, and so its Polyglot book keys, are the same in both.
package board
