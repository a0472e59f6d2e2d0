// The person's moves on the board, with the chooser for a promotion.
import * as api from './api.js';
import { app, $ } from './state.js';
import { render, showMessage } from './render.js';
import { setState } from './game.js';
import { dropped, turnOf } from './notation.js';

let pending = null; // the promotion waiting for a piece: {dest, uci, color}

// onBoardMove is chessground's callback after the person moved a piece:
// the state's drops name the move it plays (in Chess960 castling, the
// king dropped on its rook or on its castling square).
export function onBoardMove(orig, dest) {
  const move = app.state && dropped(app.state.drops, orig, dest);
  if (!move) {
    render(); // cannot happen: the board offers the drops only
    return;
  }
  if (move.promotion) {
    const color = turnOf(app.positions[app.positions.length - 1]);
    pending = { dest, uci: move.uci.slice(0, 4), color };
    $('promotion').hidden = false;
    $('promotion').querySelector('button').focus();
    return;
  }
  if (move.uci !== orig + dest) placeRook(move.uci, dest);
  send(move.uci);
}

// placeRook puts the rook beside the king that castled by its castling
// square, dest, in Chess960 ("e1g1" for e1h1): chessground moved the king
// only. (Dropped on its rook, chessground moves both.)
function placeRook(uci, dest) {
  const from = uci.slice(2, 4);
  const rook = app.cg.state.pieces.get(from);
  if (!rook || rook.role !== 'rook') return;
  const to = (dest[0] === 'g' ? 'f' : 'd') + dest[1];
  app.cg.setPieces(new Map([[from, undefined], [to, rook]]));
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
    send(p.uci + (role === 'knight' ? 'n' : role[0]));
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
