// End-to-end test of luft serve in a real headless Chromium: starts the
// binary that LUFT names on a free port, plays a short game by
// clicking and dragging, reloads the page, takes back, resigns a rated
// game, promotes a pawn to mate from a FEN, checks the move list, the
// result, the ladder and the PGN, plays Chess960 and castles there by
// clicking and by dragging, analyses, imports a PGN and reviews it,
// fits a phone's screen, and saves
// screenshots in out/. Run by run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { launch, castle266, click, drag, moves, rows, waitMoves, pieces, newGame } from './page.mjs';

const luft = process.env.LUFT;
const out = new URL('./out/', import.meta.url).pathname;

// serve starts luft serve on a free port and resolves to its URL.
function serve() {
  const proc = spawn(luft, ['serve', '-addr', '127.0.0.1:0', '-move-time', '300ms', '-review-nodes', '30000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    proc.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/play at (http:\/\/\S+)/);
      if (m) resolve({ proc, url: m[1] });
    });
    proc.on('exit', (code) => reject(new Error('luft serve exited with ' + code)));
  });
}

test('play Luft in the browser', async (t) => {
  mkdirSync(out, { recursive: true });
  const { proc, url } = await serve();
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    proc.kill('SIGINT');
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept()); // "Resign this game?"
  await page.goto(url);

  await t.test('a game by clicks and a drag, with Luft replying', async () => {
    await newGame(page, { time: 'clock:300000:3000' });
    await click(page, 'e2', 'e4');
    await waitMoves(page, 2);
    await page.waitForSelector('#status:has-text("Your move")');
    await drag(page, 'g1', 'f3');
    await waitMoves(page, 4);
    assert.equal((await moves(page))[2], 'Nf3');
    const m = await moves(page);
    assert.deepEqual(await rows(page), [`1.${m[0]}${m[1]}`, `2.${m[2]}${m[3]}`], 'the move list, numbered');
    await page.waitForFunction(() => !document.getElementById('t-depth').textContent.includes('–'));
  });

  await t.test('the game survives a reload', async () => {
    const before = await moves(page);
    await page.reload();
    await waitMoves(page, 4);
    assert.deepEqual(await moves(page), before);
    await page.waitForFunction(() => document.querySelectorAll('#t-lines li').length > 0);
    assert.match(await page.textContent('#player-bottom .clock'), /^[45]:\d\d$/);
    await page.waitForTimeout(300); // the last move's animation
    await page.screenshot({ path: out + 'game.png' });
  });

  await t.test('take back', async () => {
    await page.waitForSelector('#status:has-text("Your move")');
    await page.click('#btn-takeback');
    await waitMoves(page, 2);
    assert.equal((await moves(page))[0], 'e4');
    await page.waitForSelector('#status:has-text("Not rated: a move was taken back")');
  });

  await t.test('resign: a rated loss on the ladder', async () => {
    await newGame(page, { elo: '1500', time: 'move:500' });
    await page.waitForSelector('#status:has-text("Your move")');
    await click(page, 'd2', 'd4');
    await waitMoves(page, 2);
    await page.waitForSelector('#status:has-text("Your move")');
    await page.click('#btn-resign');
    await page.waitForSelector('#status.result');
    assert.match(await page.textContent('#status'), /^0-1 · White resigns\. Your estimate: \d+ \(−\d+\)\.$/);
    assert.match(await page.textContent('#ladder-summary'), /after 1 game/);
    assert.deepEqual(await page.locator('#ladder-rows tr:nth-child(2) td').allTextContents(), ['1500', '0', '0', '1']);
    assert.equal(await page.textContent('#moves li.result'), '0-1');
  });

  await t.test('Black: Luft opens, the board turned', async () => {
    await newGame(page, { color: 'black', time: 'move:500' });
    await waitMoves(page, 1);
    assert.match(await page.getAttribute('#board', 'class'), /orientation-black/);
    assert.equal(await page.textContent('#player-bottom .name'), 'You');
    await page.waitForSelector('#status:has-text("Your move")');
    await click(page, 'e7', 'e6'); // legal after any first move
    await waitMoves(page, 3);
    assert.equal((await moves(page))[1], 'e6');
    assert.match((await rows(page))[0], /^1\.\S+e6$/);
  });

  await t.test('promotion to mate from a FEN', async () => {
    await newGame(page, { fen: 'k7/2P5/1K6/8/8/8/8/8 w - - 0 1' });
    await waitMoves(page, 0);
    await click(page, 'c7', 'c8');
    await page.waitForSelector('#promotion:not([hidden])');
    await page.click('[data-testid=promo-q]');
    await waitMoves(page, 1);
    assert.deepEqual(await moves(page), ['c8=Q#']);
    await page.waitForSelector('#status.result');
    assert.match(await page.textContent('#status'), /^1-0 · White mates\. Not rated: it started from a position of your own\.$/);
    assert.match(await page.textContent('#ladder-summary'), /after 1 game/); // the resigned game only
    const pgn = await (await page.request.get(new URL(await page.getAttribute('#btn-pgn', 'href'), url).href)).text();
    assert.match(pgn, /\[Result "1-0"\]/);
    assert.match(pgn, /\[FEN "k7\/2P5\/1K6\/8\/8\/8\/8\/8 w - - 0 1"\]/);
    assert.match(pgn, /1\. c8=Q# /);
    await page.screenshot({ path: out + 'mate.png' });
  });

  await t.test('take back the mate', async () => {
    await page.click('#btn-takeback');
    await waitMoves(page, 0);
    await page.waitForSelector('#status:has-text("Your move")');
  });

  await t.test('Chess960: castling by clicking the king and then its rook', async () => {
    // Start position 266, NRKNBBQR: after Nd1-e3 the king on c1 castles
    // with the rook on b1 and stays where it is.
    await newGame(page, { variant: 'chess960', start960: '266' });
    assert.match(await page.textContent('#opponent'), /^against Luft \S+ \(1400\) · Chess960 #266$/);
    await page.waitForSelector('#status:has-text("Your move. Not rated: the ladder counts standard chess only.")');
    const m = await castle266(page);
    assert.deepEqual(m.slice(0, 3), ['Ne3', m[1], 'O-O-O']);
    await page.click('#nav-prev'); // the position after O-O-O, before Luft's reply
    const after = await pieces(page);
    assert.deepEqual([after.a1, after.b1, after.c1, after.d1], ['white knight', undefined, 'white king', 'white rook']);
    await page.click('#nav-last');
    await page.reload();
    await waitMoves(page, 4);
    assert.deepEqual(await moves(page), m);
    assert.match(await page.textContent('#opponent'), /· Chess960 #266$/);
    const pgn = await (await page.request.get(new URL(await page.getAttribute('#btn-pgn', 'href'), url).href)).text();
    assert.match(pgn, /\[Variant "Chess960"\]\n\[SetUp "1"\]\n\[FEN "nrknbbqr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/NRKNBBQR w KQkq - 0 1"\]/);
    assert.match(pgn, /1\. Ne3 \S+ 2\. O-O-O /);
    await page.waitForTimeout(300);
    await page.screenshot({ path: out + 'chess960.png' });
  });

  await t.test('Chess960 analysis: the king dragged onto its castling square', async () => {
    await newGame(page, { mode: 'analysis', variant: 'chess960', fen: '3k4/3p1p2/8/8/8/8/PPP5/1K5R w H - 0 1' });
    await drag(page, 'b1', 'g1'); // O-O: the king crosses the board, the rook to f1
    await waitMoves(page, 1);
    assert.deepEqual(await moves(page), ['O-O']);
    const after = await pieces(page);
    assert.deepEqual([after.b1, after.f1, after.g1, after.h1], [undefined, 'white rook', 'white king', undefined]);
    await page.click('#btn-takeback');
    await waitMoves(page, 0);
  });

  await t.test('analysis: both sides, three lines', async () => {
    await newGame(page, { mode: 'analysis' });
    await click(page, 'e2', 'e4');
    await waitMoves(page, 1);
    await click(page, 'e7', 'e5');
    await waitMoves(page, 2);
    await page.waitForFunction(() => document.querySelectorAll('#t-lines li').length === 3, null, { timeout: 20000 });
    await page.screenshot({ path: out + 'analysis.png' });
    await page.click('#btn-takeback');
    await waitMoves(page, 1);
  });

  await t.test('import a PGN: a malformed one is refused with a reason', async () => {
    await page.click('#btn-import');
    await page.fill('#import-text', '1. e4 e5 2. Ke3 *');
    await page.click('#btn-import-go');
    await page.waitForSelector('#import-error:has-text("move 2. Ke3")');
    assert.ok(await page.locator('#import-dialog').evaluate((d) => d.open), 'the dialog stays open');
    await page.fill('#import-text', '[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 2. Nf3 Qh4 3. Nc3 Nc6 4. Nxh4 *');
    await page.click('#btn-import-go');
    await page.waitForFunction(() => !document.getElementById('import-dialog').open);
    await waitMoves(page, 7);
    assert.deepEqual(await moves(page), ['e4', 'e5', 'Nf3', 'Qh4', 'Nc3', 'Nc6', 'Nxh4']);
  });

  await t.test('review: the graph, the marks, a click to a move and its better move', async () => {
    await page.click('#btn-review');
    await page.waitForSelector('#review:not([hidden])');
    await page.waitForSelector('#review-graph polyline', { timeout: 60000 });
    assert.equal(await page.locator('#review-graph circle').count() > 0, true, 'judged moves are dotted');
    assert.match(await page.textContent('#review-summary'), /^White accuracy [\d.]+%, \d+ \?!, \d+ \?, \d+ \?\? · Black accuracy [\d.]+%, \d+ \?!, \d+ \?, [1-9] \?\?$/);
    assert.equal((await moves(page))[3], 'Qh4??');
    assert.match(await page.getAttribute('#moves button[data-ply="4"]', 'class'), /j-blunder/);
    await page.click('#review-graph circle[data-ply="4"]');
    assert.match(await page.getAttribute('#moves button[data-ply="4"]', 'class'), /current/);
    const after = await pieces(page);
    assert.equal(after.h4, 'black queen', 'the board shows the position after 2... Qh4');
    // The better move's arrow, in chessground's green brush.
    await page.waitForSelector('#board line[marker-end="url(#arrowhead-g)"]', { state: 'attached' });
    assert.match(await page.textContent('#review-line'), /^Blunder: Qh4\?\?\. Better was 2\.\.\. \S+/);
    await page.setViewportSize({ width: 1100, height: 1000 }); // the graph and the line below the board
    await page.waitForTimeout(300);
    await page.screenshot({ path: out + 'review.png' });
    await page.setViewportSize({ width: 1100, height: 760 });
  });

  await t.test('a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    const box = await page.locator('#board cg-board').boundingBox();
    assert.ok(box.width <= 390 && box.width > 300, 'board fits: ' + box.width);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide on a 390 px screen`);
    await page.screenshot({ path: out + 'phone.png', fullPage: true });
  });

  assert.deepEqual(errors, []);
});
