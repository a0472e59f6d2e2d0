// Unit tests of the page's notation helpers (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positions, inCheck, dests, dropped, turnOf, numbered, scoreText, whiteShare, variantText } from '../src/notation.js';

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// A state of a Chess960 game (start position 266, "NRKNBBQR") as the
// server sends it, after 1. Ne3 Ne6 with White to move: the king on c1
// castles dropped on its rook on b1 (and stays); its drop on d1 is a step.
const c960 = {
  settings: { variant: 'chess960' },
  start960: 266,
  startFen: 'nrknbbqr/pppppppp/8/8/8/8/PPPPPPPP/NRKNBBQR w KQkq - 0 1',
  moves: [
    { uci: 'd1e3', san: 'Ne3', fen: 'nrknbbqr/pppppppp/8/8/8/4N3/PPPPPPPP/NRK1BBQR b KQkq - 1 1' },
    { uci: 'd8e6', san: 'Ne6', fen: 'nrk1bbqr/pppppppp/4n3/8/8/4N3/PPPPPPPP/NRK1BBQR w KQkq - 2 2' },
  ],
  drops: { c1b1: 'c1b1', c1d1: 'c1d1', e3g4: 'e3g4', a2a3: 'a2a3' }, // some of them
};

test('positions are the start and the position after each move', () => {
  assert.deepEqual(positions(c960), [c960.startFen, c960.moves[0].fen, c960.moves[1].fen]);
  assert.deepEqual(positions({ startFen: start, moves: [] }), [start]);
});

test('check from the SAN of the move before, or the start', () => {
  assert.equal(inCheck(c960, 0), false);
  assert.equal(inCheck(c960, 1), false);
  assert.equal(inCheck(c960, 2), false);
  assert.equal(inCheck({ moves: [{ san: 'Bb5+' }] }, 1), true);
  assert.equal(inCheck({ startCheck: true, moves: [] }, 0), true);
  assert.equal(inCheck({ moves: [{ san: 'Qh4#' }] }, 1), true);
});

test('dests lists the drops by origin, castling onto the rook included', () => {
  const d = dests(c960.drops);
  assert.deepEqual(d.get('c1').sort(), ['b1', 'd1']);
  assert.deepEqual([...d.keys()].sort(), ['a2', 'c1', 'e3']);
  assert.equal(dests({}).size, 0);
  assert.equal(dests(undefined).size, 0);
});

test('a drop names its move: castling, a castling square, a promotion', () => {
  assert.deepEqual(dropped(c960.drops, 'c1', 'b1'), { uci: 'c1b1', promotion: false });
  assert.deepEqual(dropped({ e1g1: 'e1h1', e1h1: 'e1h1' }, 'e1', 'g1'), { uci: 'e1h1', promotion: false });
  assert.deepEqual(dropped({ c7c8: 'c7c8q' }, 'c7', 'c8'), { uci: 'c7c8q', promotion: true });
  assert.equal(dropped(c960.drops, 'c1', 'c2'), null);
});

test('the side to move and the variant for people', () => {
  assert.equal(turnOf(start), 'white');
  assert.equal(turnOf(c960.moves[0].fen), 'black');
  assert.equal(variantText(c960), 'Chess960 #266');
  assert.equal(variantText({ settings: { variant: 'chess960' } }), 'Chess960');
  assert.equal(variantText({ settings: { variant: 'standard' } }), '');
  assert.equal(variantText({ settings: {} }), '');
  assert.equal(variantText(null), '');
});

test('numbered writes move numbers from the position', () => {
  assert.equal(numbered(start, ['e4', 'e5', 'Nf3']), '1. e4 e5 2. Nf3');
  const black = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  assert.equal(numbered(black, ['c5', 'Nf3', 'd6']), '1... c5 2. Nf3 d6');
  assert.equal(numbered(c960.moves[1].fen, ['O-O-O', 'Nd4']), '2. O-O-O Nd4');
});

test('scores for people and the bar', () => {
  assert.equal(scoreText({ cp: 35 }), '+0.35');
  assert.equal(scoreText({ cp: -120 }), '−1.20');
  assert.equal(scoreText({ cp: 0 }), '0.00');
  assert.equal(scoreText({ cp: 0, mate: 3 }), '#3');
  assert.equal(scoreText({ cp: 0, mate: -2 }), '#−2');
  assert.equal(scoreText(undefined), '–');
  assert.equal(whiteShare({ cp: 0 }), 0.5);
  assert.equal(whiteShare({ mate: -1 }), 0);
  assert.ok(whiteShare({ cp: 400 }) > 0.9);
});
