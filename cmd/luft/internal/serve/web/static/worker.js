// The web worker of Luft's static build (make web): it runs luft.wasm,
// luft serve's handlers compiled to WebAssembly, which answers the page's
// API requests (transport.js posts them; cmd/luft/internal/webworker/wasm
// says how). The requests that come before luft.wasm has started wait
// in self.pending, which it takes over.
importScripts('wasm_exec.js');

self.pending = [];
self.onmessage = (e) => self.pending.push(e.data);

// load compiles luft.wasm as it downloads, or, from a host that does not
// serve it as application/wasm, once it has.
async function load(imports) {
  try {
    return await WebAssembly.instantiateStreaming(fetch('luft.wasm'), imports);
  } catch (e) {
    const res = await fetch('luft.wasm');
    if (!res.ok) throw new Error('luft.wasm: ' + res.status + ' ' + res.statusText);
    return WebAssembly.instantiate(await res.arrayBuffer(), imports);
  }
}

const go = new Go();
load(go.importObject)
  .then(({ instance }) => go.run(instance))
  .then(() => self.postMessage({ fatal: 'Luft in this page has stopped; reload the page' }))
  .catch((e) => self.postMessage({ fatal: 'Luft cannot start in this browser: ' + e.message }));
