// Vantage's service worker: fast starts, a clear offline page, and the alerts a player
// turned on.
// - the app shell's hashed scripts and styles (read from index.html at install), the
//   icons, the manifest and the offline page are cached; /assets/* and /icons/* are
//   served cache-first (their names change with their content);
// - a page navigation goes to the network; when that fails, the offline page answers;
// - /api/* (balances, bets, payments), other origins and every non-GET request are
//   never touched: the browser sends them as if there were no service worker.
// Push messages (opt-in per kind in Settings) are shown as notifications; a click opens
// the page the message names.
const CACHE = "vantage-shell-v1";
// Workers static assets serve offline.html at /offline (its canonical, unredirected path).
const OFFLINE_PAGE = "/offline";
const PRECACHE = [OFFLINE_PAGE, "/offline.css", "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png"];

/** The shell's own scripts and styles, as index.html links them (hashed /assets/ files). */
async function shellAssets() {
  try {
    const response = await fetch("/", { cache: "no-store" });
    if (!response.ok) return [];
    const html = await response.text();
    return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
  } catch {
    return [];
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(PRECACHE);
      await cache.addAll(await shellAssets());
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

function isCacheFirst(path) {
  return path.startsWith("/assets/") || path.startsWith("/icons/") || PRECACHE.includes(path);
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    return (
      (await caches.match(OFFLINE_PAGE)) ?? new Response("You are offline.", { status: 503, headers: { "Content-Type": "text/plain" } })
    );
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/") || url.pathname === "/sw.js") return;
  if (request.mode === "navigate") event.respondWith(networkOrOffline(request));
  else if (isCacheFirst(url.pathname)) event.respondWith(cacheFirst(request));
});

// An alert the player turned on (Settings → Alerts): shown as a notification, one per
// event (the tag), opening the page it names within this site.
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.eventId === "string" ? message.eventId : undefined,
      icon: "/icons/icon-192.png",
      data: { url: typeof message.url === "string" ? message.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
      } else {
        await self.clients.openWindow(url);
      }
    })(),
  );
});
