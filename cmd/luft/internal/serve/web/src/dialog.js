// The new-game dialog.
import * as ladder from './ladder.js';
import { app, $ } from './state.js';
import { startGame } from './game.js';
import { render } from './render.js';

export function setupDialog() {
  const form = $('new-form');
  const select = $('level-select');
  for (const lv of app.config.levels) {
    const o = select.appendChild(document.createElement('option'));
    o.value = String(lv.elo);
    o.textContent = lv.elo === 0 ? `${lv.label} (about ${lv.rating})` : lv.label;
  }
  fillTimes($('time-select'), app.config);
  select.addEventListener('change', showNote);
  form.elements.mode.addEventListener('change', showMode);
  form.elements.variant.addEventListener('change', showVariant);
  form.addEventListener('submit', onSubmit);
}

// clocks are the clocks offered, base and increment in seconds.
const clocks = [[3, 2], [5, 3], [10, 5], [15, 10]];

// fillTimes offers Luft's times per move that the server allows, its
// default chosen, and then the clocks.
function fillTimes(select, config) {
  const times = [500, 1000, 3000, 5000, config.moveTimeMs].filter((t) => t <= config.maxMoveTimeMs);
  for (const ms of [...new Set(times)].sort((a, b) => a - b)) {
    const o = select.appendChild(document.createElement('option'));
    o.value = `move:${ms}`;
    o.textContent = `${ms / 1000} s a move for Luft, no clock`;
    o.selected = ms === config.moveTimeMs;
  }
  for (const [base, inc] of clocks) {
    const o = select.appendChild(document.createElement('option'));
    o.value = `clock:${base * 60000}:${inc * 1000}`;
    o.textContent = `Clock ${base}+${inc} for both`;
  }
}

function showNote() {
  const lv = app.config.levels.find((l) => String(l.elo) === $('level-select').value);
  $('level-note').textContent = lv ? lv.note : '';
}

function showMode() {
  const analysis = $('new-form').elements.mode.value === 'analysis';
  for (const el of document.querySelectorAll('.play-only')) el.hidden = analysis;
}

// The FEN field's example in each variant: the standard start, and
// Chess960's start position 0 in Shredder-FEN.
const fenExamples = {
  standard: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  chess960: 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1',
};

function showVariant() {
  const f = $('new-form').elements;
  const c960 = f.variant.value === 'chess960';
  for (const el of document.querySelectorAll('.c960-only')) el.hidden = !c960;
  f.start960.disabled = !c960; // and so not validated
  f.fen.placeholder = fenExamples[f.variant.value];
  $('fen-default').textContent = c960 ? 'empty: the numbered or random start position' : 'empty: the standard position';
}

// openDialog shows the dialog with the suggested level chosen.
export function openDialog() {
  const next = ladder.suggest(ladder.load(app.config.levels), app.config.levels);
  $('level-select').value = String(next.elo);
  $('new-error').textContent = '';
  showNote();
  showMode();
  showVariant();
  $('new-dialog').showModal();
}

// settings reads the form into a new game's settings.
function settings(form) {
  const f = form.elements;
  const start = { fen: f.fen.value.trim() };
  if (f.variant.value === 'chess960') {
    start.variant = 'chess960';
    if (f.start960.value !== '') start.start960 = parseInt(f.start960.value, 10);
  }
  if (f.mode.value === 'analysis') return { analysis: true, ...start };
  let color = f.color.value;
  if (color === 'random') color = Math.random() < 0.5 ? 'white' : 'black';
  const s = { color, elo: parseInt(f.elo.value, 10), ...start };
  const [kind, a, b] = f.time.value.split(':');
  if (kind === 'move') s.moveTimeMs = parseInt(a, 10);
  else Object.assign(s, { baseMs: parseInt(a, 10), incMs: parseInt(b, 10) });
  return s;
}

async function onSubmit(e) {
  if (e.submitter && e.submitter.value === 'cancel') return;
  e.preventDefault();
  const form = e.target;
  $('btn-start').disabled = true;
  try {
    await startGame(settings(form));
    $('new-dialog').close();
  } catch (err) {
    $('new-error').textContent = err.message;
  } finally {
    $('btn-start').disabled = false;
    render();
  }
}
