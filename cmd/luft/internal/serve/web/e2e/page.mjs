// What the browser tests of the page share: Chromium, and the moves and
// dialogs of a person at the board. test.mjs tests luft serve's page,
// static.mjs the static build of make web.
import { chromium } from 'playwright-core';

const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';

// launch starts a headless Chromium. As root (CI) Chromium needs
// --no-sandbox; on this closed network the background services must be
// off, or Chromium keeps trying to reach Google. Playwright gives each
// launch a new, empty --user-data-dir.
export function launch() {
  return chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

// square returns the page coordinates of a square's centre.
export async function square(page, key) {
  const box = await page.locator('#board cg-board').boundingBox();
  const white = (await page.locator('#board').getAttribute('class')).includes('orientation-white');
  const file = key.charCodeAt(0) - 97;
  const rank = parseInt(key[1], 10) - 1;
  const size = box.width / 8;
  const col = white ? file : 7 - file;
  const row = white ? 7 - rank : rank;
  return { x: box.x + (col + 0.5) * size, y: box.y + (row + 0.5) * size };
}

export async function click(page, from, to) {
  for (const key of [from, to]) {
    const p = await square(page, key);
    await page.mouse.click(p.x, p.y);
  }
}

export async function drag(page, from, to) {
  const a = await square(page, from);
  const b = await square(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

export const moves = (page) => page.locator('#moves button.move').allTextContents();
export const rows = (page) => page.locator('#moves li').allTextContents();

export async function waitMoves(page, n) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves button.move').length === n, n, { timeout: 20000 });
}

// pieces returns the pieces on the board by square: { c1: 'white king' }.
export function pieces(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#board cg-board piece')]
    .filter((p) => !p.classList.contains('ghost')).map((p) => [p.cgKey, p.className.replace(/ (anim|fading|dragging)/g, '')])));
}

// newGame starts a game from the dialog: against Luft, or in analysis
// mode (whose dialog hides the colour, level and time).
export async function newGame(page, { mode = 'play', color = 'white', elo = '1400', time = 'move:500', fen = '', variant = 'standard', start960 = '' }) {
  // The dialog is filled once the page has the API's config: at once from
  // luft serve, after luft.wasm has started in the static build.
  await page.waitForSelector('#level-select option', { state: 'attached', timeout: 60000 });
  if (!(await page.locator('#new-dialog').evaluate((d) => d.open))) await page.click('#btn-new');
  await page.selectOption('select[name=mode]', mode);
  await page.selectOption('select[name=variant]', variant);
  if (variant === 'chess960') await page.fill('input[name=start960]', start960);
  if (mode === 'play') {
    await page.check(`input[name=color][value=${color}]`);
    await page.selectOption('#level-select', elo);
    await page.selectOption('select[name=time]', time);
  }
  await page.fill('input[name=fen]', fen);
  await page.click('#btn-start');
  await page.waitForFunction(() => !document.getElementById('new-dialog').open);
}

// castle266 plays, in Chess960 start position 266 (NRKNBBQR), Nd1-e3 and
// then castling by clicking the king on c1 and its rook on b1 (the king
// stays where it is), waits for Luft's replies and returns the moves.
export async function castle266(page) {
  await click(page, 'd1', 'e3');
  await waitMoves(page, 2);
  await page.waitForSelector('#status:has-text("Your move")');
  await click(page, 'c1', 'b1');
  await waitMoves(page, 4);
  return moves(page);
}
