// The server's JSON API (see the Go package's doc comment), over either
// transport (transport.js).
import { request, events, readLines, unreachable, inWorker } from './transport.js';

// ApiError is a failed request: the server's message and HTTP status.
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await request(path, init);
  } catch (e) {
    throw new ApiError(unreachable, 0);
  }
  if (res.status === 204) return null;
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    // not JSON: fall through with data null
  }
  if (!res.ok) throw new ApiError((data && data.error) || res.statusText, res.status);
  return data;
}

const game = (id) => '/api/games/' + encodeURIComponent(id);

export const getConfig = () => call('GET', '/api/config');
export const newGame = (settings) => call('POST', '/api/games', settings);
export const getState = (id) => call('GET', game(id));
export const deleteGame = (id) => call('DELETE', game(id));
export const move = (id, uci) => call('POST', game(id) + '/move', { move: uci });
export const takeback = (id) => call('POST', game(id) + '/takeback');
export const resign = (id) => call('POST', game(id) + '/resign');
export const pgnURL = (id) => game(id) + '/pgn';
export const importPGN = (pgn) => call('POST', '/api/import', { pgn });

// review posts a review of the game and calls onLine with each JSON line
// of the reply as it comes (progress, then the review); it resolves when
// the reply ends. signal aborts it.
export async function review(id, signal, onLine) {
  let res;
  try {
    res = await request(game(id) + '/review', { method: 'POST', signal });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(unreachable, 0);
  }
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    throw new ApiError((data && data.error) || res.statusText, res.status);
  }
  await readLines(res, (line) => {
    if (line.trim()) onLine(JSON.parse(line));
  });
}

// events opens the game's event stream, an EventSource or its like.
export const openEvents = (id) => events(game(id) + '/events');

// downloadPGN saves the game's PGN, which in the worker has no URL to
// link to, as a file named by the reply's Content-Disposition.
export async function downloadPGN(id) {
  const res = await request(pgnURL(id));
  if (!res.ok) throw new ApiError(res.statusText, res.status);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '');
  const a = document.createElement('a');
  a.href = URL.createObjectURL(await res.blob());
  a.download = name ? name[1] : 'luft.pgn';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export { inWorker };
