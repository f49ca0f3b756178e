// Tessera's service worker (platform §7). The build writes this file to dist/sw.js with the
// build's id in place of __TESSERA_BUILD__, so every release is a new worker, which makes open
// pages reload into the new code. It never caches API answers: those are per user and live.
const BUILD = '__TESSERA_BUILD__';
const CACHE = `tessera-${BUILD}`;
// The last app page the network gave, served when the network is gone (offline start).
const SHELL = '/__tessera-shell';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('tessera-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    // Hashed file names never change content, so the cache copy is always right.
    event.respondWith(cacheFirst(request));
  }
});

async function networkFirstPage(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('Content-Type') ?? '').includes('text/html')) {
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
