// Package serve is luft serve: a web page to play Luft in the browser,
// and the HTTP server behind it.
//
// The page (web/, built into web/dist and embedded in the binary) draws
// the board and talks to a small JSON API under /api/. Every game owns
// one engine, run in-process by uci.Run over a pair of pipes and driven
// through uci/client as a GUI drives any UCI engine: the server has no
// other path into the search but reviews, which run package review with
// an engine of their own, one thread, for the length of their request. The server keeps the game record, checks
// every move against the rules, runs the clocks and streams the engine's
// thinking to the page as Server-Sent Events. A game is of standard
// chess or of Chess960 (Settings.Variant); in Chess960 its engine plays
// with UCI_Chess960 on. The page has no rules of its own: each State carries
// the position after every move, the moves in SAN and the legal moves of
// the position as the board plays them (Drops).
//
// The engine is a UCI engine on purpose, though it runs in the server's
// process: every game exercises the protocol exactly as GUIs do (options
// set at the handshake, a search stopped at any moment, a legal bestmove
// always), and the protocol's loop already gives the server what it
// needs, a search that runs while requests come in and stops when told.
// The terminal game (package play) searches one move at a time with
// nothing to stop, and drives a player.Player directly.
//
// make web compiles these same handlers to WebAssembly for a page with no
// server: they run in the page's web worker (package webworker), and
// Config.Browser makes the levels' notes say what a browser's speed does
// to them (web/README.md).
//
// The API:
//
//	GET    /api/config            levels, default and maximum times
//	POST   /api/games             new game (Settings); 201 and its State
//	GET    /api/games/{id}        the game's State
//	DELETE /api/games/{id}        ends the game and frees its engine
//	POST   /api/games/{id}/move   {"move":"e2e4"}: the person's move
//	POST   /api/games/{id}/takeback  takes back the person's last move
//	POST   /api/games/{id}/resign the person resigns
//	GET    /api/games/{id}/pgn    the game in PGN, with tags
//	GET    /api/games/{id}/events Server-Sent Events: "state" after every
//	                              change, "info" for each line of thinking
//	POST   /api/games/{id}/review the game's review, streamed as JSON lines:
//	                              progress, then the review (handleReview)
//	POST   /api/import            {"pgn":"..."}: an analysis game of the PGN's
//	                              first game; 201 and its State
//
// Errors are JSON objects {"error": "..."} with a 4xx or 5xx status.
package serve
