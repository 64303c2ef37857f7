// The service worker (play/views/install.py): static files and the offline page only. Pages
// and actions always go to the network (the server is the referee: no game is kept here);
// with no network a page asked for gets the offline page instead.
const CACHE = "static-v1";
const PRECACHED = {{ precached|safe }};
const STATIC = {{ static_prefix|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHED)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC)) {
    // Hashed names: a kept file is never stale.
    event.respondWith(
      caches.match(request).then((kept) => kept || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })),
    );
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(PRECACHED[0])));
  }
});
