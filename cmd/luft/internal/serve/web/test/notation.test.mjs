// Unit tests of the page's notation helpers (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positions, dests, numbered, scoreText, whiteShare } from '../src/notation.js';

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('positions replays UCI moves, promotions included', () => {
  const p = positions('k7/2P5/1K6/8/8/8/8/8 w - - 0 1', [{ uci: 'c7c8n' }]);
  assert.equal(p.length, 2);
  assert.equal(p[1].split(' ')[0], 'k1N5/8/1K6/8/8/8/8/8');
});

test('dests lists the legal moves by origin', () => {
  const d = dests(start);
  assert.deepEqual(d.get('g1').sort(), ['f3', 'h3']);
  assert.equal([...d.values()].flat().length, 20);
});

test('numbered writes move numbers from the position', () => {
  assert.equal(numbered(start, ['e4', 'e5', 'Nf3']), '1. e4 e5 2. Nf3');
  const black = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  assert.equal(numbered(black, ['c5', 'Nf3', 'd6']), '1... c5 2. Nf3 d6');
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
