// The review of a game: Luft searches every position on the server and
// the page shows the evaluation graph, the judged moves and their better
// lines. One review runs at a time; starting another game or closing the
// page aborts it, which stops the work on the server.
import * as api from './api.js';
import { app, $ } from './state.js';
import { numbered } from './notation.js';
import { graphPoints, plyAt, summaryText } from './graph.js';

// startReview reviews the current game, showing its progress as it goes;
// navigate(ply) is what a click on the graph calls.
export async function startReview(render) {
  const st = app.state;
  if (!st || st.moves.length === 0) return;
  stopReview();
  const controller = new AbortController();
  const run = { gameId: st.id, plies: st.moves.length, controller, done: 0, total: st.moves.length + 1, result: null, error: '' };
  app.review = run;
  render();
  try {
    await api.review(st.id, controller.signal, (line) => {
      if (app.review !== run) return;
      if (line.error) run.error = line.error;
      if (line.total) Object.assign(run, { done: line.done, total: line.total });
      if (line.review) run.result = line.review;
      render();
    });
  } catch (e) {
    if (app.review === run && e.name !== 'AbortError') run.error = e.message;
  }
  if (app.review === run) {
    run.controller = null;
    render();
  }
}

// stopReview aborts the review under way, if any, and forgets the last.
export function stopReview() {
  if (app.review && app.review.controller) app.review.controller.abort();
  app.review = null;
}

// current returns the review of the game on the board, if there is one
// for its moves as they stand.
export function current() {
  const r = app.review;
  const st = app.state;
  return r && st && r.gameId === st.id && r.plies === st.moves.length ? r : null;
}

// judged returns the review of the move that led to the position after
// ply moves when it was judged, or null.
export function judged(ply) {
  const r = current();
  const m = r && r.result && ply > 0 ? r.result.moves[ply - 1] : null;
  return m && m.judgement ? m : null;
}

// renderReview draws the review panel: the progress, the summary, the
// graph and the better line of the move on the board.
export function renderReview(ply, navigate) {
  const r = current();
  if (app.review && !r) stopReview(); // the game changed under it
  const st = app.state;
  $('btn-review').disabled = !st || st.moves.length === 0 || (!st.settings.analysis && st.result === '*') || !!(r && r.controller);
  $('review').hidden = !r;
  if (!r) return;
  const bar = $('review-progress');
  bar.hidden = !r.controller;
  bar.max = r.total;
  bar.value = r.done;
  $('review-status').textContent = r.error ? 'Review failed: ' + r.error
    : r.controller ? `Reviewing: ${r.done} of ${r.total} positions searched…` : '';
  $('review-status').className = r.error ? 'error' : 'muted';
  const res = r.result;
  $('review-summary').textContent = res ? summaryText('White', res.white) + ' · ' + summaryText('Black', res.black) : '';
  drawGraph(res, ply, navigate);
  const m = judged(ply);
  $('review-line').textContent = m ? `${m.judgement}: ${m.san}${m.nag}. Better was ${numbered(app.positions[ply - 1], m.line)}` : '';
}

const SVG = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 120;

// drawGraph draws White's winning chances after each move, with a dot on
// each judged move and a line at the ply on the board; a click goes to
// the move under it.
function drawGraph(res, ply, navigate) {
  const svg = $('review-graph');
  svg.textContent = '';
  svg.hidden = !res;
  if (!res) return;
  const wins = [res.startWin, ...res.moves.map((m) => m.win)];
  const pts = graphPoints(wins, W, H);
  const add = (name, attrs) => {
    const el = svg.appendChild(document.createElementNS(SVG, name));
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  add('rect', { x: 0, y: 0, width: W, height: H, class: 'g-black' });
  const line = pts.map(([x, y]) => `${x},${y}`).join(' ');
  add('polygon', { points: `0,${H} ${line} ${W},${H}`, class: 'g-white' });
  add('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'g-mid' });
  add('polyline', { points: line, class: 'g-line' });
  add('line', { x1: pts[ply][0], y1: 0, x2: pts[ply][0], y2: H, class: 'g-now' });
  res.moves.forEach((m, i) => {
    const [cx, cy] = pts[i + 1];
    if (m.judgement) add('circle', { cx, cy, r: 5, class: 'g-dot j-' + m.judgement.toLowerCase(), 'data-ply': i + 1 });
  });
  svg.onclick = (e) => {
    const box = svg.getBoundingClientRect();
    navigate(plyAt((e.clientX - box.left) / box.width, wins.length - 1));
  };
}
