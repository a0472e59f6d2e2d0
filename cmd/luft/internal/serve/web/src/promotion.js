// The person's moves on the board, with the chooser for a promotion.
import { Chess } from 'chess.js';
import * as api from './api.js';
import { app, $ } from './state.js';
import { render, showMessage } from './render.js';
import { setState } from './game.js';

let pending = null; // the promotion waiting for a piece: {orig, dest, color}

// onBoardMove is chessground's callback after the person moved a piece.
export function onBoardMove(orig, dest) {
  const fen = app.positions[app.positions.length - 1];
  const piece = new Chess(fen).get(orig);
  if (piece && piece.type === 'p' && (dest[1] === '8' || dest[1] === '1')) {
    pending = { orig, dest, color: piece.color === 'w' ? 'white' : 'black' };
    $('promotion').hidden = false;
    $('promotion').querySelector('button').focus();
    return;
  }
  send(orig + dest);
}

export function setupPromotion() {
  const box = $('promotion');
  box.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    box.hidden = true;
    const p = pending;
    pending = null;
    if (!p) return;
    if (!b) {
      render(); // clicked beside the chooser: the move is cancelled
      return;
    }
    const role = b.dataset.role;
    app.cg.setPieces(new Map([[p.dest, { role, color: p.color, promoted: true }]]));
    send(p.orig + p.dest + (role === 'knight' ? 'n' : role[0]));
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && pending) {
      box.hidden = true;
      pending = null;
      render();
    }
  });
}

// send plays the move on the server; the board follows the reply.
async function send(uci) {
  app.cg.set({ movable: { color: undefined, dests: new Map() } });
  try {
    setState(await api.move(app.id, uci));
  } catch (e) {
    showMessage(e.message, true);
    render();
  }
}
