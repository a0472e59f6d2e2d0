// Unit tests of the ladder's arithmetic (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expected, fresh, record, suggest, load, save, unrated, START_FEN } from '../src/ladder.js';

const levels = [1400, 1500, 1600, 1700, 1800, 1900, 2000, 2100, 2200]
  .map((elo) => ({ elo, rating: elo, label: 'Luft ' + elo }))
  .concat([{ elo: 0, rating: 2300, label: 'Luft full strength' }]);

test('expected score', () => {
  assert.equal(expected(1500, 1500), 0.5);
  assert.ok(Math.abs(expected(1800, 1400) - 0.909) < 0.001);
  assert.ok(Math.abs(expected(1400, 1800) + expected(1800, 1400) - 1) < 1e-12);
});

test('a win against an equal level gains half the K factor, once per game', () => {
  const l = fresh(levels);
  assert.equal(record(l, 'g1', levels[0], 1), 20);
  assert.equal(l.rating, 1420);
  assert.equal(record(l, 'g1', levels[0], 1), null);
  assert.deepEqual(l.records['1400'], { w: 1, d: 0, l: 0 });
  record(l, 'g2', levels[0], 0.5);
  record(l, 'g3', levels[0], 0);
  assert.deepEqual(l.records['1400'], { w: 1, d: 1, l: 1 });
  assert.equal(l.games, 3);
});

test('the estimate settles with a smaller K after ten games', () => {
  const l = fresh(levels);
  for (let i = 0; i < 10; i++) record(l, 'g' + i, levels[0], 0.5);
  const before = l.rating;
  const delta = record(l, 'last', levels[0], 1);
  assert.ok(delta <= 10 && delta > 0, 'delta ' + delta);
  assert.equal(l.rating, before + delta);
});

test('suggested level follows the estimate', () => {
  assert.equal(suggest({ rating: 1400 }, levels).elo, 1400);
  assert.equal(suggest({ rating: 1560 }, levels).elo, 1600);
  assert.equal(suggest({ rating: 2290 }, levels).elo, 0);
  assert.equal(suggest({ rating: 2900 }, levels).elo, 0);
  assert.equal(suggest({ rating: 900 }, levels).elo, 1400);
});

test('stored ladders survive damage', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  assert.deepEqual(load(levels, storage), fresh(levels));
  const l = fresh(levels);
  record(l, 'g', levels[2], 1);
  save(l, storage);
  assert.deepEqual(load(levels, storage), l);
  store.set('luft.ladder.v1', '{not json');
  assert.deepEqual(load(levels, storage), fresh(levels));
  store.set('luft.ladder.v1', '{"rating":1500,"records":{}}');
  assert.deepEqual(load(levels, storage), fresh(levels));
});

test('an unknown player starts at the lowest level, whatever the ladder', () => {
  assert.equal(fresh(levels).rating, 1400);
  const wider = [{ elo: 1000, rating: 1000 }, ...levels];
  assert.equal(fresh(wider).rating, 1000);
  assert.equal(suggest(fresh(wider), wider).elo, 1000);
});

test('only games of standard chess from its start without takebacks are rated', () => {
  const game = (settings, startFen = START_FEN) => ({ settings, startFen });
  assert.equal(unrated(game({ color: 'white', elo: 1400 }), false), '');
  assert.match(unrated(game({ color: 'white', elo: 1400 }), true), /taken back/);
  assert.match(unrated(game({ color: 'black', elo: 0 }, 'k7/2P5/1K6/8/8/8/8/8 w - - 0 1'), false), /position of your own/);
  assert.equal(unrated(game({ analysis: true }), false), 'analysis');
  // Chess960's start position 518 is standard chess's, with the same FEN.
  assert.match(unrated(game({ color: 'white', elo: 1400, variant: 'chess960' }), false), /standard chess only/);
  assert.equal(unrated(game({ color: 'white', elo: 1400, variant: 'standard' }), false), '');
});
