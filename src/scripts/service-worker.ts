// The service worker (/sw.js, bundled with Workbox at publish time by scripts/server/service-worker.ts):
// keeps the pages and images a reader opened so they open offline, and falls back to what
// "Keep this story for offline reading" stored. The rules of what is kept: src/lib/offline-cache.ts;
// why: docs/decisions/0047-offline-reading.md.
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { type BrowsingCache, isStaleCache, OFFLINE_CACHES, offlineCacheFor } from '#lib/offline-cache.ts';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
}
const worker = self as unknown as WorkerScope;
const DAY = 24 * 60 * 60;

/** Offline and not in this strategy's cache: any other cache of ours, "Kept" stories included. */
const anyCache = {
  handlerDidError: async ({ request }: { request: Request }) => (await caches.match(request, { ignoreSearch: true })) ?? undefined,
};

/** A page "Kept" for offline reading is replaced by each newer copy the network gives. */
const refreshKept = {
  fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
    const url = new URL(request.url);
    url.search = '';
    const kept = await caches.open(OFFLINE_CACHES.kept);
    if (response.ok && !response.redirected && (await kept.match(url.href))) await kept.put(url.href, response.clone());
    return response;
  },
};

const strategies: Record<BrowsingCache, NetworkFirst | CacheFirst> = {
  // A page is always asked of the network first, so a new release replaces the stored copy; after
  // 4 s without an answer (a weak signal) the stored copy is shown.
  pages: new NetworkFirst({
    cacheName: OFFLINE_CACHES.pages,
    networkTimeoutSeconds: 4,
    matchOptions: { ignoreSearch: true },
    plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true }), refreshKept, anyCache],
  }),
  assets: new CacheFirst({
    cacheName: OFFLINE_CACHES.assets,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }), anyCache],
  }),
  images: new CacheFirst({
    cacheName: OFFLINE_CACHES.images,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }), anyCache],
  }),
};

// Requests no rule names (the admin, the API, feeds, books) are left to the browser as if there were no worker.
for (const [cache, strategy] of Object.entries(strategies)) {
  registerRoute(({ request }) => offlineCacheFor(request, worker.location.origin) === cache, strategy);
}

// A new worker takes over at once: it reads and writes the same caches as the one before, and an
// open chapter's scripts stay in the assets cache under their hashed names, so nothing it still
// needs goes away (docs/decisions/0047-offline-reading.md).
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter(isStaleCache).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});
