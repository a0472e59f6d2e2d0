// Notation helpers for the page. The server is the page's one source of
// the rules (standard chess and Chess960 alike): its states carry the
// position after each move, the legal moves of the live position and the
// moves in SAN. Scores read from White's point of view.

// positions returns the FEN before each move of the state's game and
// after the last one.
export function positions(st) {
  return [st.startFen, ...st.moves.map((m) => m.fen)];
}

// inCheck reports whether the side to move is in check in the position
// after ply moves of the state's game: a move's SAN says so.
export function inCheck(st, ply) {
  return ply === 0 ? !!st.startCheck : /[+#]$/.test(st.moves[ply - 1].san);
}

// dests returns the state's drops as chessground wants them: each origin
// square with its destinations.
export function dests(drops) {
  const map = new Map();
  for (const key of Object.keys(drops || {})) {
    const from = key.slice(0, 2);
    if (!map.has(from)) map.set(from, []);
    map.get(from).push(key.slice(2, 4));
  }
  return map;
}

// dropped returns the UCI move that dropping the piece on orig onto dest
// plays, and whether it promotes a pawn (the piece then to be chosen);
// null when it plays none.
export function dropped(drops, orig, dest) {
  const uci = drops && drops[orig + dest];
  return uci ? { uci, promotion: uci.length === 5 } : null;
}

// turnOf returns the side to move in fen: "white" or "black".
export function turnOf(fen) {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

// moveNumber returns the number and side of the move played in fen.
export function moveNumber(fen) {
  const f = fen.split(' ');
  return { number: parseInt(f[5], 10) || 1, white: f[1] === 'w' };
}

// numbered writes SAN moves played from fen with move numbers:
// "12... Nf6 13. Bg5".
export function numbered(fen, sans) {
  let { number, white } = moveNumber(fen);
  const parts = [];
  sans.forEach((san, i) => {
    if (white) parts.push(number + '. ' + san);
    else parts.push(i === 0 ? number + '... ' + san : san);
    if (!white) number++;
    white = !white;
  });
  return parts.join(' ');
}

// scoreText writes a line's score for people: "+0.35", "−1.20", "#3", "#−2".
export function scoreText(line) {
  if (!line) return '–';
  if (line.mate) return '#' + (line.mate < 0 ? '−' + -line.mate : line.mate);
  const p = line.cp / 100;
  return (p > 0 ? '+' : p < 0 ? '−' : '') + Math.abs(p).toFixed(2);
}

// whiteShare is how much of the evaluation bar is White's, from 0 to 1.
export function whiteShare(line) {
  if (!line) return 0.5;
  if (line.mate) return line.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.pow(10, -line.cp / 400));
}

// variantText names the state's game's variant for people, with the
// number of its Chess960 start position: "Chess960 #266"; "" in standard
// chess.
export function variantText(st) {
  if (!st || st.settings.variant !== 'chess960') return '';
  return st.start960 === undefined || st.start960 === null ? 'Chess960' : `Chess960 #${st.start960}`;
}
