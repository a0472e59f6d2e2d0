// End-to-end test of make web's static build in a real headless Chromium:
// serves WEB_DIR with a plain static file server (python3 -m http.server),
// with no luft serve anywhere, and plays through the page, its API
// answered in a web worker by luft.wasm: a game at a level in standard
// chess to its end by mate, its PGN and its review; the levels' notes; a game of Chess960 at
// full strength with castling, reloaded (the worker starts afresh and the
// page sets the game up again from its moves) and resigned, and one to
// its end by mate, reviewed;
// analysis, a move made while Luft thinks;
// then the page opened with the file server stopped, from the service
// worker's cache. Run by run.sh static DIR.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { launch, castle266, click, moves, waitMoves, pieces, newGame } from './page.mjs';

const dir = process.env.WEB_DIR;
const out = new URL('./out/', import.meta.url).pathname;

// staticServer serves dir on a free port and resolves to its URL; log
// gets each request line it prints.
function staticServer(log) {
  const proc = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stderr.on('data', (d) => log.push(...String(d).split('\n').filter(Boolean)));
  return new Promise((resolve, reject) => {
    let text = '';
    proc.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/port (\d+)/);
      if (m) resolve({ proc, url: `http://127.0.0.1:${m[1]}/` });
    });
    proc.on('exit', (code) => reject(new Error('the file server exited with ' + code)));
  });
}

// review reviews the game on the board and waits for its graph.
async function review(page) {
  await page.click('#btn-review');
  await page.waitForSelector('#review:not([hidden])');
  // A graph of a won game can be a flat line, which Playwright counts as
  // hidden: wait for the summary that comes with it.
  await page.waitForFunction(() => document.getElementById('review-summary').textContent !== '', null, { timeout: 180000 });
  await page.waitForSelector('#review-graph polyline', { state: 'attached' });
  assert.match(await page.textContent('#review-summary'), /^White accuracy [\d.]+%, \d+ \?!, \d+ \?, \d+ \?\? · Black accuracy/);
}

test('play Luft from a static host', async (t) => {
  mkdirSync(out, { recursive: true });
  const log = [];
  const server = await staticServer(log);
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    server.proc.kill();
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept()); // "Resign this game?"
  await page.goto(server.url);

  await t.test('a level, standard chess: Luft moves, the person mates', async () => {
    // Black to move has only Kb8, and then Rh8 mates.
    await newGame(page, { elo: '1400', fen: 'k7/8/1K6/8/8/8/8/7R b - - 0 1' });
    await waitMoves(page, 1);
    assert.deepEqual(await moves(page), ['Kb8']);
    await page.waitForSelector('#status:has-text("Your move")');
    await click(page, 'h1', 'h8');
    await waitMoves(page, 2);
    await page.waitForSelector('#status.result');
    assert.match(await page.textContent('#status'), /^1-0 · White mates\./);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-pgn')]);
    assert.match(download.suggestedFilename(), /^luft-\d{8}-\d{6}\.pgn$/);
    const pgn = readFileSync(await download.path(), 'utf8');
    assert.match(pgn, /\[Result "1-0"\]/);
    assert.match(pgn, /\[FEN "k7\/8\/1K6\/8\/8\/8\/8\/7R b - - 0 1"\]/);
    assert.match(pgn, /1\.\.\. Kb8 2\. Rh8# /);
  });

  await t.test('its review', async () => {
    await review(page);
    await page.screenshot({ path: out + 'static-review.png' });
  });

  await t.test('the levels say what a browser\'s speed does to them', async () => {
    await page.click('#btn-new');
    await page.selectOption('#level-select', '2400');
    assert.match(await page.textContent('#level-note'), /; at most \d+ nodes a move, in this browser too, /);
    await page.selectOption('#level-select', '0');
    assert.match(await page.textContent('#level-note'), /^in this browser: what Luft reaches in its time a move /);
  });

  await t.test('full strength, Chess960: castling, a reload, resigning', async () => {
    // Start position 266, NRKNBBQR: after Nd1-e3 the king on c1 castles
    // with the rook on b1 and stays where it is.
    await newGame(page, { variant: 'chess960', start960: '266', elo: '0', time: 'move:500' });
    assert.match(await page.textContent('#opponent'), /^against Luft \S+ · Chess960 #266$/);
    const m = await castle266(page);
    assert.deepEqual(m.slice(0, 3), ['Ne3', m[1], 'O-O-O']);
    await page.reload();
    await waitMoves(page, 4);
    assert.deepEqual(await moves(page), m);
    assert.match(await page.textContent('#opponent'), /· Chess960 #266$/);
    await page.waitForSelector('#status:has-text("Your move")');
    const after = await pieces(page);
    assert.deepEqual([after.b1, after.c1, after.d1], [undefined, 'white king', 'white rook']);
    await page.click('#btn-resign');
    await page.waitForSelector('#status.result');
    assert.match(await page.textContent('#status'), /^0-1 · White resigns\./);
  });

  await t.test('full strength, Chess960: Luft moves, the person mates, the review', async () => {
    await newGame(page, { variant: 'chess960', elo: '0', fen: 'k7/8/1K6/8/8/8/8/7R b - - 0 1' });
    await waitMoves(page, 1);
    await click(page, 'h1', 'h8');
    await waitMoves(page, 2);
    await page.waitForSelector('#status.result');
    assert.match(await page.textContent('#status'), /^1-0 · White mates\./);
    assert.deepEqual(await moves(page), ['Kb8', 'Rh8#']);
    await review(page);
    await page.screenshot({ path: out + 'static-chess960.png' });
  });

  await t.test('analysis: three lines, and a move taken while Luft thinks', async () => {
    await newGame(page, { mode: 'analysis' });
    await page.waitForFunction(() => document.querySelectorAll('#t-lines li').length === 3, null, { timeout: 30000 });
    // Analysis searches for 20 s; the move comes long before, as the
    // search lets the worker's event loop run (engine/yield_js.go).
    await click(page, 'e2', 'e4');
    await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 1, null, { timeout: 8000 });
  });

  await t.test('no request reached a server but for the static files', () => {
    const api = log.filter((l) => l.includes('/api/'));
    assert.deepEqual(api, []);
    assert.ok(log.some((l) => l.includes('GET /luft.wasm')), 'luft.wasm was fetched:\n' + log.join('\n'));
  });

  await t.test('offline: the page and luft.wasm from the service worker\'s cache', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready);
    server.proc.kill();
    await page.reload();
    await newGame(page, { elo: '1400' });
    await click(page, 'e2', 'e4');
    await waitMoves(page, 2);
  });

  assert.deepEqual(errors, []);
});
