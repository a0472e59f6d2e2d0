// Unit tests of the review graph's arithmetic (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphPoints, plyAt, summaryText } from '../src/graph.js';

test('graph points: moves spread over the width, 100% at the top', () => {
  const cases = [
    { wins: [50], want: [[0, 60]] },
    { wins: [50, 100, 0], want: [[0, 60], [300, 0], [600, 120]] },
    { wins: [120, -5], want: [[0, 0], [600, 120]] }, // clamped
  ];
  for (const { wins, want } of cases) assert.deepEqual(graphPoints(wins, 600, 120), want, String(wins));
});

test('a click goes to the nearest ply', () => {
  const cases = [[0, 10, 0], [0.04, 10, 0], [0.06, 10, 1], [1, 10, 10], [1.2, 10, 10], [-0.1, 10, 0], [0.5, 0, 0]];
  for (const [fraction, plies, want] of cases) assert.equal(plyAt(fraction, plies), want, `${fraction} of ${plies}`);
});

test('summary', () => {
  assert.equal(summaryText('White', { accuracy: 87.25, inaccuracies: 1, mistakes: 0, blunders: 2 }), 'White accuracy 87.3%, 1 ?!, 0 ?, 2 ??');
  assert.equal(summaryText('Black', { accuracy: null, inaccuracies: 0, mistakes: 0, blunders: 0 }), 'Black accuracy –, 0 ?!, 0 ?, 0 ??');
});
