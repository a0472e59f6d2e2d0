// The API's transport. The page talks to one API: over HTTP to luft serve,
// or, in the static build (make web, whose index.html has data-api="worker"),
// by messages to worker.js, where luft.wasm runs luft serve's own handlers
// compiled to WebAssembly (package webworker). Either way request resolves
// to a Response and events to an EventSource's like, so the modules above
// cannot tell which one runs.

export const inWorker = document.documentElement.dataset.api === 'worker';

// Error says why a request failed before it had a reply.
export const unreachable = inWorker
  ? 'Luft in this page has stopped; reload the page'
  : 'cannot reach the server: is luft serve still running?';

let worker = null;
let nextId = 1;
const replies = new Map(); // by request id: { head, chunk, end, fail }
let fatal = null; // why the worker stopped, once it has

// request sends a request (fetch's path and init: method, body, signal).
export function request(path, init = {}) {
  return inWorker ? workerFetch(path, init) : fetch(path, init);
}

// events opens the event stream at path.
export function events(path) {
  return inWorker ? new WorkerEvents(path) : new EventSource(path);
}

// readLines calls onLine with each line of the reply's body as it comes,
// and resolves when the body ends.
export async function readLines(res, onLine) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    let nl;
    while ((nl = text.indexOf('\n')) >= 0) {
      onLine(text.slice(0, nl));
      text = text.slice(nl + 1);
    }
  }
}

// startWorker starts the worker and, where the browser has them, the
// service worker that keeps the page and luft.wasm in its cache (sw.js).
function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.fatal) {
      fatal = m.fatal;
      for (const r of replies.values()) r.fail(new Error(fatal));
      replies.clear();
      return;
    }
    const r = replies.get(m.id);
    if (!r) return;
    if (m.status) r.head(m);
    else if (m.chunk) r.chunk(m.chunk);
    else if (m.end) {
      replies.delete(m.id);
      r.end();
    }
  };
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
}

// workerFetch is fetch for the worker: it posts the request and resolves
// to a Response whose body streams as the handler writes it.
function workerFetch(path, init) {
  if (!worker) startWorker();
  return new Promise((resolve, reject) => {
    if (fatal) throw new Error(fatal);
    const id = nextId++;
    let body;
    const stream = new ReadableStream({
      start(c) {
        body = c;
      },
      cancel() {
        abort();
      },
    });
    const abort = () => {
      if (!replies.delete(id)) return;
      worker.postMessage({ abort: id });
      const err = new DOMException('the request was aborted', 'AbortError');
      reject(err);
      body.error(err);
    };
    replies.set(id, {
      head: (m) => {
        const empty = m.status === 204 || m.status === 304;
        resolve(new Response(empty ? null : stream, { status: m.status, headers: m.headers }));
      },
      chunk: (b) => body.enqueue(b),
      end: () => body.close(),
      fail: (err) => {
        reject(err);
        body.error(err);
      },
    });
    if (init.signal) init.signal.addEventListener('abort', abort);
    worker.postMessage({ id, method: init.method || 'GET', url: path, body: init.body || '' });
  });
}

// WorkerEvents is an EventSource over the worker: it reads the stream of
// Server-Sent Events (event and data lines, a blank line after each) that
// the handler writes. It does not reconnect: when the stream ends it is
// CLOSED and calls onerror, as an EventSource does when it gives up.
class WorkerEvents {
  constructor(path) {
    this.readyState = 0; // CONNECTING
    this.onerror = null;
    this.listeners = {};
    this.controller = new AbortController();
    this.read(path);
  }

  addEventListener(name, f) {
    (this.listeners[name] ||= []).push(f);
  }

  close() {
    this.readyState = 2; // CLOSED
    this.controller.abort();
  }

  async read(path) {
    let name = 'message';
    let data = [];
    try {
      const res = await workerFetch(path, { signal: this.controller.signal });
      if (!res.ok) throw new Error(res.statusText);
      this.readyState = 1; // OPEN
      await readLines(res, (line) => {
        if (line === '') {
          if (data.length) for (const f of this.listeners[name] || []) f({ data: data.join('\n') });
          name = 'message';
          data = [];
        } else if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      });
    } catch (e) {
      // ended: below
    }
    if (this.readyState === 2) return;
    this.readyState = 2;
    if (this.onerror) this.onerror();
  }
}
