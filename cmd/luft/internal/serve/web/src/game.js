// The game's life on the page: its state from the server, the event
// stream, and the copy in localStorage that survives a reload.
import * as api from './api.js';
import * as ladder from './ladder.js';
import { app } from './state.js';
import { positions } from './notation.js';
import { render, renderThinking, showMessage } from './render.js';
import * as sound from './sound.js';

const KEY = 'luft.game.v1';

// setState takes a new state of the game from the server.
export function setState(st) {
  if (!st) return;
  const same = app.state && app.state.id === st.id;
  if (same && st.version < app.state.version) return; // a reply overtaken by an event
  if (same && st.moves.length === app.state.moves.length + 1) sound.play(st.moves[st.moves.length - 1].san.includes('x'));
  app.state = st;
  app.id = st.id;
  app.clockAt = performance.now();
  app.positions = positions(st);
  if (!same) {
    app.orientation = st.settings.analysis ? 'white' : st.settings.color;
    app.view = null;
  } else if (app.view !== null && app.view >= app.positions.length) {
    app.view = null;
  }
  app.lines = st.lines.filter((l) => l.ply <= st.moves.length);
  keep(st);
  connect(st.id);
  countResult(st);
  render();
}

// keep stores what it takes to restore the game after a reload.
function keep(st) {
  const saved = {
    id: st.id, settings: st.settings, startFen: st.startFen, moves: st.moves.map((m) => m.uci),
    result: st.result, tookBack: app.tookBack,
  };
  localStorage.setItem(KEY, JSON.stringify(saved));
}

// tookBack notes that a move of a game against Luft was taken back (when
// ok): the game no longer counts on the ladder.
export function tookBack(ok) {
  if (!ok || !app.state || app.state.settings.analysis || app.tookBack) return;
  app.tookBack = true;
  keep(app.state);
  render();
}

// restore brings back the stored game: the same game if the server still
// has it, or else a new one from its moves. It reports whether there was one.
export async function restore() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(KEY));
  } catch (e) {
    saved = null;
  }
  if (!saved || !saved.id) return false;
  app.tookBack = !!saved.tookBack;
  try {
    setState(await api.getState(saved.id));
    return true;
  } catch (e) {
    if (e.status !== 404) {
      showMessage(e.message, true);
      return true;
    }
  }
  if (saved.result && saved.result !== '*') {
    // The game had ended (and counted); setting it up again from its
    // moves would reopen a game lost on time or by resigning.
    localStorage.removeItem(KEY);
    return false;
  }
  try {
    const settings = { ...saved.settings, fen: saved.startFen, moves: saved.moves };
    setState(await api.newGame(settings));
    // luft.wasm starts afresh with each page: the game is always set up again.
    showMessage(api.inWorker ? 'Your game was set up again from your moves.'
      : 'The server had closed your game; it was set up again from your moves.');
    return true;
  } catch (e) {
    showMessage('Your last game could not be restored: ' + e.message, true);
    return false;
  }
}

// startGame starts a game with the settings and then ends the current
// one (first, if the server has no room for both).
export async function startGame(settings) {
  await replaceGame(() => api.newGame(settings));
}

// replaceGame starts a game by the request create, whose reply is its
// state, and then ends the current one (first, if the server has no room
// for both).
export async function replaceGame(create) {
  const old = app.id;
  let st;
  try {
    st = await create();
  } catch (e) {
    if (e.status !== 503 || !old) throw e;
    await api.deleteGame(old).catch(() => {});
    st = await create();
  }
  if (app.events) app.events.close();
  app.events = null;
  if (old) api.deleteGame(old).catch(() => {});
  app.state = null;
  app.ladderNote = '';
  app.tookBack = false;
  setState(st);
}

// connect opens the game's event stream, unless it is open already.
function connect(id) {
  if (app.events && app.events.gameId === id) return;
  if (app.events) app.events.close();
  const es = api.openEvents(id);
  es.gameId = id;
  es.addEventListener('state', (e) => setState(JSON.parse(e.data)));
  es.addEventListener('info', (e) => onInfo(JSON.parse(e.data)));
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED && app.events === es) {
      app.events = null;
      setTimeout(restore, 1000);
    }
  };
  app.events = es;
}

// onInfo takes a line of the engine's thinking.
export function onInfo(line) {
  if (!app.state || line.ply !== app.state.moves.length) return;
  if (app.lines[0] && app.lines[0].ply !== line.ply) app.lines = [];
  app.lines[line.multipv - 1] = line;
  renderThinking();
}

// countResult adds a finished game to the person's ladder, once.
function countResult(st) {
  if (st.result === '*' || st.settings.analysis || !app.config) return;
  const level = app.config.levels.find((l) => l.elo === st.settings.elo);
  if (!level) return;
  const white = st.settings.color === 'white';
  const score = st.result === '1/2-1/2' ? 0.5 : (st.result === '1-0') === white ? 1 : 0;
  const why = ladder.unrated(st, app.tookBack);
  if (why) {
    app.ladderNote = `Not rated: ${why}.`;
    return;
  }
  const l = ladder.load(app.config.levels);
  const delta = ladder.record(l, st.id, level, score);
  if (delta === null) return;
  ladder.save(l);
  app.ladderNote = `Your estimate: ${l.rating} (${delta >= 0 ? '+' : '−'}${Math.abs(delta)}).`;
}
