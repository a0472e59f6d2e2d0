// The service worker of Luft's static build (make web): it keeps the
// page, luft.wasm (the engine and its network) and the worker in the
// browser's cache, so that they download once, and the page opens offline.
// A static host cannot be told how long to cache them, and the names stay
// the same from build to build; instead make web writes a hash of the
// files into VERSION, so that a new build is a new service worker (the
// browser checks sw.js itself on every visit) with a new cache, and the
// old cache goes once it takes over.
const VERSION = 'luft-@VERSION@';
const FILES = ['./', 'app.js', 'app.css', 'licenses.txt', 'worker.js', 'wasm_exec.js', 'luft.wasm'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(VERSION).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('luft-') && k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(caches.open(VERSION)
    .then((c) => c.match(e.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(e.request)));
});
