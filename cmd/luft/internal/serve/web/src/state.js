// The page's state, shared by its modules.

export const app = {
  config: null, // GET /api/config
  cg: null, // the chessground board
  state: null, // the game's State from the server
  id: null, // the game's id
  positions: [], // FEN before each move and after the last
  view: null, // the ply shown while looking back; null for the live position
  orientation: 'white',
  lines: [], // the engine's latest lines on the live position, by MultiPV
  clockAt: 0, // performance.now() when the clocks in state were read
  events: null, // the EventSource of the game
  boardOf: null, // the game whose position the board shows
  tookBack: false, // a move of this game was taken back: it is not rated
  ladderNote: '', // what the game's result did to the person's ladder
  review: null, // the review of the game, under way or done (review.js)
};

export const $ = (id) => document.getElementById(id);
