// Notation helpers for the page: chess.js replays the game and writes
// numbered lines; scores read from White's point of view.
import { Chess } from 'chess.js';

// positions returns the FEN before each move and after the last one.
export function positions(startFen, moves) {
  const chess = new Chess(startFen);
  const out = [chess.fen()];
  for (const m of moves) {
    chess.move({ from: m.uci.slice(0, 2), to: m.uci.slice(2, 4), promotion: m.uci[4] });
    out.push(chess.fen());
  }
  return out;
}

// dests returns the legal moves of fen as chessground wants them: each
// origin square with its destinations.
export function dests(fen) {
  const map = new Map();
  for (const m of new Chess(fen).moves({ verbose: true })) {
    if (!map.has(m.from)) map.set(m.from, []);
    map.get(m.from).push(m.to);
  }
  return map;
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
