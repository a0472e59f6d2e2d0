// Drawing the page from app's state.
import * as api from './api.js';
import * as ladder from './ladder.js';
import { app, $ } from './state.js';
import { dests, inCheck, moveNumber, numbered, scoreText, turnOf, variantText, whiteShare } from './notation.js';
import { current as currentReview, judged, renderReview } from './review.js';

export function render() {
  renderBoard();
  renderMoves();
  renderPlayers();
  renderClocks();
  renderStatus();
  renderThinking();
  renderControls();
  renderLadder();
  renderReview(viewPly(), app.navigate);
}

// viewPly is the number of moves before the position on the board.
export function viewPly() {
  return app.view === null ? app.positions.length - 1 : app.view;
}

// canMove reports whether the person may move on the board now.
export function canMove() {
  const st = app.state;
  if (!st || app.view !== null || st.result !== '*' || st.thinking && !st.settings.analysis) return false;
  return st.settings.analysis || st.turn === st.settings.color;
}

function renderBoard() {
  const st = app.state;
  if (!st) {
    app.cg.set({ orientation: app.orientation, movable: { color: undefined, dests: new Map() } });
    return;
  }
  const ply = app.view === null ? app.positions.length - 1 : app.view;
  const fen = app.positions[ply];
  const turn = turnOf(fen);
  const last = ply > 0 ? st.moves[ply - 1].uci : null;
  const live = canMove();
  const jump = app.boardOf !== st.id; // a new or restored game appears at once, unanimated
  app.boardOf = st.id;
  app.cg.set({
    animation: { enabled: !jump },
    fen,
    orientation: app.orientation,
    turnColor: turn,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : undefined,
    check: inCheck(st, ply) ? turn : false,
    movable: { color: live ? turn : undefined, dests: live ? dests(st.drops) : new Map() },
  });
  if (jump) app.cg.set({ animation: { enabled: true } });
  renderArrow();
}

// renderArrow draws the better move of a move the review judged, when
// the board shows the position after it, and otherwise the engine's best
// move on the live position.
function renderArrow() {
  const m = app.state && judged(viewPly());
  if (m) {
    app.cg.setAutoShapes([{ orig: m.bestUci.slice(0, 2), dest: m.bestUci.slice(2, 4), brush: 'green' }]);
    return;
  }
  const best = app.view === null && app.lines[0] && app.lines[0].pv[0];
  const showFor = app.state && (app.state.settings.analysis || app.state.result !== '*');
  app.cg.setAutoShapes(best && showFor ? [{ orig: best.slice(0, 2), dest: best.slice(2, 4), brush: 'paleBlue' }] : []);
}

function renderMoves() {
  const ol = $('moves');
  ol.textContent = '';
  const st = app.state;
  if (!st) return;
  const current = app.view === null ? st.moves.length : app.view;
  let { number, white } = moveNumber(st.startFen);
  let row = null;
  const rv = currentReview();
  const marks = rv && rv.result ? rv.result.moves : [];
  st.moves.forEach((m, i) => {
    if (white || row === null) {
      row = ol.appendChild(document.createElement('li'));
      const num = row.appendChild(document.createElement('span'));
      num.className = 'num';
      num.textContent = number + '.';
      if (!white) {
        const gap = row.appendChild(document.createElement('span'));
        gap.className = 'move empty';
        gap.textContent = '…';
      }
    }
    const b = row.appendChild(document.createElement('button'));
    b.type = 'button';
    const mark = marks[i] && marks[i].judgement;
    b.className = 'move' + (i + 1 === current ? ' current' : '') + (mark ? ' j-' + mark.toLowerCase() : '');
    b.dataset.ply = String(i + 1);
    b.textContent = m.san + (mark ? marks[i].nag : '');
    if (mark) b.title = `${mark}: ${marks[i].best} was best`;
    if (!white) number++;
    white = !white;
  });
  if (st.result !== '*') {
    const end = ol.appendChild(document.createElement('li'));
    end.className = 'result';
    end.textContent = st.result;
  }
  const cur = ol.querySelector('.current');
  const box = $('moves-box');
  if (cur) box.scrollTop = cur.offsetTop - box.clientHeight / 2; // the list only, never the page
}

function renderPlayers() {
  const st = app.state;
  const names = { white: 'White', black: 'Black' };
  if (st && !st.settings.analysis) {
    const luft = st.settings.color === 'white' ? 'black' : 'white';
    names[st.settings.color] = 'You';
    names[luft] = st.luft;
  }
  const bottom = app.orientation;
  const top = bottom === 'white' ? 'black' : 'white';
  $('player-top').querySelector('.name').textContent = names[top];
  $('player-bottom').querySelector('.name').textContent = names[bottom];
  $('player-top').dataset.color = top;
  $('player-bottom').dataset.color = bottom;
  const variant = variantText(st);
  $('opponent').textContent = st ? (st.settings.analysis ? 'Analysis' : 'against ' + st.luft) + (variant ? ' · ' + variant : '') : '';
}

export function renderClocks() {
  const st = app.state;
  for (const id of ['player-top', 'player-bottom']) {
    const el = $(id);
    const color = el.dataset.color;
    const c = st && st.clock;
    const span = el.querySelector('.clock');
    if (!c) {
      span.textContent = '';
      continue;
    }
    let ms = color === 'white' ? c.whiteMs : c.blackMs;
    if (c.running === color) ms -= performance.now() - app.clockAt;
    span.textContent = clockText(Math.max(ms, 0));
    el.classList.toggle('running', c.running === color);
  }
}

function clockText(ms) {
  const s = Math.ceil(ms / 1000);
  const m = Math.floor(s / 60);
  const rest = String(s % 60).padStart(2, '0');
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

let message = null;

// showMessage shows a notice (an error when error is set) until the next change.
export function showMessage(text, error = false) {
  message = { text, error };
  renderStatus();
}

function renderStatus() {
  const el = $('status');
  const st = app.state;
  let text = '';
  let cls = '';
  if (st && st.result !== '*') {
    text = `${st.result} · ${st.reason}.`;
    if (app.ladderNote && !st.settings.analysis) text += ' ' + app.ladderNote;
    cls = 'result';
  } else if (st && st.settings.analysis) {
    text = st.thinking ? 'Luft is analysing…' : 'Analysis: move either side.';
  } else if (st) {
    text = st.thinking ? 'Luft is thinking…' : st.turn === st.settings.color ? 'Your move.' : '';
    const why = ladder.unrated(st, app.tookBack);
    if (why) text += ` Not rated: ${why}.`;
  }
  if (app.view !== null) text = 'Looking back: press → or >| to return. ' + text;
  if (message) {
    text = message.text;
    cls = message.error ? 'error' : 'note';
    message = null;
  }
  el.textContent = text;
  el.className = cls;
}

export function renderThinking() {
  const lines = app.lines.filter(Boolean);
  const best = lines[0];
  $('t-depth').textContent = best ? `depth ${best.depth}${best.seldepth ? '/' + best.seldepth : ''}` : 'depth –';
  $('t-score').textContent = scoreText(best);
  $('t-nps').textContent = best ? `${Math.round(best.nps / 1000)} kn/s` : '– kn/s';
  const ol = $('t-lines');
  ol.textContent = '';
  for (const l of lines) {
    const fen = app.positions[l.ply];
    const li = ol.appendChild(document.createElement('li'));
    li.appendChild(document.createElement('b')).textContent = scoreText(l) + ' ';
    li.appendChild(document.createTextNode(fen ? numbered(fen, l.san) : l.pv.join(' ')));
  }
  $('t-idle').hidden = !!best;
  $('thinking').querySelector('.stats').hidden = !best;
  const share = finalShare(app.state) ?? whiteShare(best);
  const whiteBottom = app.orientation === 'white';
  const fill = $('evalfill');
  fill.style.height = `${(whiteBottom ? share : 1 - share) * 100}%`;
  fill.className = whiteBottom ? 'white' : 'black';
  $('evalbar').classList.toggle('flipped', !whiteBottom);
  $('evaltext').textContent = best || !app.state || app.state.result === '*' ? scoreText(best) : app.state.result;
  if (app.cg) renderArrow();
}

// finalShare is the evaluation bar's White share when the game is over
// and Luft has no line on its last position (a mate, a resignation).
function finalShare(st) {
  if (!st || st.result === '*' || app.view !== null || app.lines.some(Boolean)) return null;
  return { '1-0': 1, '0-1': 0 }[st.result] ?? 0.5;
}

function renderControls() {
  const st = app.state;
  const open = st && st.result === '*';
  const lostOnTime = st && (st.termination === 'time forfeit' || st.termination === 'resignation');
  $('btn-takeback').disabled = !st || st.moves.length === 0 || lostOnTime;
  $('btn-resign').disabled = !open || st.settings.analysis;
  $('btn-pgn').href = st ? api.pgnURL(st.id) : '#';
  $('btn-pgn').classList.toggle('disabled', !st);
  const last = app.positions.length - 1;
  const ply = app.view === null ? last : app.view;
  $('nav-first').disabled = $('nav-prev').disabled = !st || ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = !st || app.view === null;
}

export function renderLadder() {
  if (!app.config) return;
  const l = ladder.load(app.config.levels);
  const next = ladder.suggest(l, app.config.levels);
  $('ladder-summary').textContent = l.games === 0
    ? `No rated games yet: your estimate starts at ${l.rating}. Suggested: ${next.label}.`
    : `Estimated rating ${l.rating} after ${l.games} game${l.games === 1 ? '' : 's'}. Suggested next: ${next.label}.`;
  const tbody = $('ladder-rows');
  tbody.textContent = '';
  for (const lv of app.config.levels) {
    const r = l.records[String(lv.elo)] || { w: 0, d: 0, l: 0 };
    const tr = tbody.appendChild(document.createElement('tr'));
    if (lv === next) tr.className = 'suggested';
    for (const v of [lv.label.replace('Luft ', ''), r.w, r.d, r.l]) tr.appendChild(document.createElement('td')).textContent = v;
  }
}
