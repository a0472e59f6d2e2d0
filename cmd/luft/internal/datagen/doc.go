// Package datagen generates training data for an NNUE evaluation by
// self-play, or converts it from the games of other runs (ConvertPGN), in
// the format of package trainingdata, and keeps the data store of the
// files it wrote (Store).
//
// # Generation
//
// Run plays games of Luft against itself: each game starts from the start
// position or a line of an opening file, or, for a fraction of the games
// (Config.Chess960), from one of the 960 start positions of Chess960 and
// by its rules; then it plays a number of random legal moves (drawn by
// openings.Drawer, as genfens' are, again while they end the game), then
// lets a single-threaded engine search every move at a fixed node budget.
// Each game has its own random source, seeded from the run's seed and the
// game's number, and its own engine cleared by NewGame, so a game is
// reproducible on its own; with one thread the whole output is, byte for
// byte. With several threads the games are written in the order they end.
//
// A game ends by the rules (outcome.Judge: checkmate, stalemate, a dead
// position, threefold repetition, the fifty-move rule), or by
// adjudication (an outcome.Adjudicator): a win when the search reports a
// mate score, or a score of at least WinScore (1000 centipawns) for the
// same side for WinMoves moves of each side in a row (6 plies); a draw
// from move DrawMove (80) on when |score| <= DrawScore (9 centipawns,
// under 10) for DrawMoves moves of each side in a row (10 plies); and a
// draw at the ply cap (Config.MaxPlies searched plies).
//
// Every searched position is a candidate. It is left out when the side to
// move is in check, when the best move is a capture (en passant included)
// or a promotion, when the score is a mate score, or when a Chess960
// game's best move castles (a record cannot hold the castling rights of
// Chess960); of the others, a fraction Config.Keep is kept, chosen by the
// game's random source. The random opening plies are never searched and so
// never written.
//
// # Conversion
//
// ConvertPGN makes the same records of games played elsewhere: OpenBench's
// DATAGEN workloads (fastchess or cutechess-cli) and luft match write each
// move's evaluation in its comment ("+0.35/12 0.120s"). The position
// before each move with an evaluation is a candidate, the move played its
// best move, the game's result its result, left out by the filters above;
// moves without an evaluation (book moves) are left out too.
//
// # Stores and banks
//
// A Store is the directory a run of luft datagen adds its file to, with a
// manifest of how each was made, the network's scale included
// (Entry.LabelScale), so that training can bring scores searched at
// different scales to one. Only the local store is written, and
// settled when a run was killed. A bank (OpenBank) is a store kept off
// the machine, read-only, whose files are compressed with zstd; it
// outlives the machine, so that a round can always merge fresh local data
// into it (Store.Export puts finished local files there). TrainingFiles
// returns the files of several stores, oldest first by start time and
// copies (by checksum) once; Tally counts what they hold.
//
// Reproducibility holds for one build: another version of the search (its
// bench signature), of the Go standard library's random numbers, or
// another node budget gives other games.
package datagen
