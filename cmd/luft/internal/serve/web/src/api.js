// The server's JSON API (see the Go package's doc comment).

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
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError('cannot reach the server: is luft serve still running?', 0);
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
export const eventsURL = (id) => game(id) + '/events';
