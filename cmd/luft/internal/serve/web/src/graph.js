// The arithmetic of the review's evaluation graph and summary, apart
// from the page so that node --test can check it.

// graphPoints returns the points of White's winning percentages wins
// (before the first move, then after each move) on a graph width wide and
// height high: the moves spread evenly from left to right, 100% at the
// top and 0% at the bottom.
export function graphPoints(wins, width, height) {
  const step = wins.length > 1 ? width / (wins.length - 1) : 0;
  return wins.map((w, i) => [i * step, height - (Math.max(0, Math.min(w, 100)) * height) / 100]);
}

// plyAt returns the ply nearest to a click at fraction (0 at the left
// edge, 1 at the right) of a graph of plies moves.
export function plyAt(fraction, plies) {
  return Math.max(0, Math.min(Math.round(fraction * plies), plies));
}

// summaryText sums up a side's review: "White accuracy 87.3%, 1 ?!, 0 ?,
// 0 ??"; a side that made no move has accuracy null, written "–".
export function summaryText(side, p) {
  const acc = p.accuracy === null ? '–' : p.accuracy.toFixed(1) + '%';
  return `${side} accuracy ${acc}, ${p.inaccuracies} ?!, ${p.mistakes} ?, ${p.blunders} ??`;
}
