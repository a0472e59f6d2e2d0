// The page of luft serve: boots the board, restores the game kept in
// localStorage and wires the controls.
import 'chessground/assets/chessground.base.css';
import 'chessground/assets/chessground.brown.css';
import 'chessground/assets/chessground.cburnett.css';
import './style.css';
import { Chessground } from 'chessground';
import * as api from './api.js';
import * as ladder from './ladder.js';
import * as sound from './sound.js';
import { app, $ } from './state.js';
import { render, renderClocks, showMessage, viewPly } from './render.js';
import { onBoardMove, setupPromotion } from './promotion.js';
import { setupDialog, openDialog } from './dialog.js';
import { setState, restore, tookBack } from './game.js';
import { setupImport } from './import.js';
import { startReview, stopReview } from './review.js';

async function boot() {
  app.cg = Chessground($('board'), {
    coordinates: true,
    movable: { free: false, showDests: true, events: { after: onBoardMove } },
    premovable: { enabled: false },
    draggable: { showGhost: true },
    highlight: { lastMove: true, check: true },
    animation: { duration: 180 },
  });
  app.navigate = navigate;
  setupPromotion();
  setupControls();
  setupImport();
  try {
    app.config = await api.getConfig();
  } catch (e) {
    showMessage(e.message, true);
    return;
  }
  setupDialog();
  render();
  if (!(await restore())) openDialog();
  setInterval(renderClocks, 200);
}

function setupControls() {
  $('btn-new').addEventListener('click', () => app.config && openDialog());
  $('btn-sound').addEventListener('click', () => {
    sound.toggle();
    showSound();
    sound.play(false);
  });
  showSound();
  $('btn-flip').addEventListener('click', () => {
    app.orientation = app.orientation === 'white' ? 'black' : 'white';
    render();
  });
  $('btn-takeback').addEventListener('click', () => act(() => api.takeback(app.id)).then(tookBack));
  $('btn-resign').addEventListener('click', () => {
    if (confirm('Resign this game?')) act(() => api.resign(app.id));
  });
  $('btn-review').addEventListener('click', () => startReview(render));
  if (api.inWorker) {
    $('btn-pgn').addEventListener('click', (e) => {
      e.preventDefault();
      if (app.id) api.downloadPGN(app.id).catch((err) => showMessage(err.message, true));
    });
  }
  window.addEventListener('pagehide', stopReview);
  $('nav-first').addEventListener('click', () => navigate(0));
  $('nav-prev').addEventListener('click', () => navigate(viewPly() - 1));
  $('nav-next').addEventListener('click', () => navigate(viewPly() + 1));
  $('nav-last').addEventListener('click', () => navigate(Infinity));
  $('moves').addEventListener('click', (e) => {
    const ply = e.target.dataset && e.target.dataset.ply;
    if (ply !== undefined) navigate(parseInt(ply, 10));
  });
  $('btn-ladder-reset').addEventListener('click', () => {
    if (app.config && confirm('Forget your record against every level?')) {
      ladder.save(ladder.fresh(app.config.levels));
      render();
    }
  });
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => app.cg.redrawAll());
}

function onKey(e) {
  if (e.target.closest && e.target.closest('input, select, textarea, dialog')) return;
  const keys = { ArrowLeft: viewPly() - 1, ArrowRight: viewPly() + 1, Home: 0, End: Infinity };
  if (e.key in keys) {
    e.preventDefault();
    navigate(keys[e.key]);
  }
}

function showSound() {
  const on = sound.enabled();
  $('btn-sound').textContent = on ? 'Sound: on' : 'Sound: off';
  $('btn-sound').setAttribute('aria-pressed', String(on));
}

// navigate shows the position after ply moves; the last one is live.
function navigate(ply) {
  if (!app.state) return;
  const last = app.positions.length - 1;
  const p = Math.max(0, Math.min(ply, last));
  app.view = p === last ? null : p;
  render();
}

// act runs a request whose reply is the game's new state, and reports
// whether it succeeded.
async function act(request) {
  if (!app.id) return false;
  try {
    setState(await request());
    return true;
  } catch (e) {
    showMessage(e.message, true);
    return false;
  }
}

boot();
