// "Keep this story for offline reading" on the story page (docs/product.md, Installing the site
// and reading offline): stores the story page, every published chapter page and what they load
// (scripts, fonts, images) in the cache the offline worker falls back on. Shown only where the
// browser has a service worker and the Cache API. It imports nothing the islands share, so the
// story page loads no extra script for it.
import { chapterPath } from '#lib/reader-urls.ts';
import { moduleImportUrls, OFFLINE_CACHES, pageResourceUrls } from '#lib/offline-cache.ts';

const button = document.querySelector<HTMLButtonElement>('[data-keep-offline]');
const status = document.querySelector<HTMLElement>('[data-keep-status]');
/** Pages fetched at once: enough to be quick, few enough to leave the server alone. */
const PARALLEL = 4;
const KEEP_LABEL = 'Keep this story for offline reading';
const KEPT_LABEL = 'Kept for offline reading';

const sameOrigin = (path: string) => new URL(path, location.origin).href;

function storyPages(button: HTMLButtonElement): string[] {
  const slug = button.dataset['story']!;
  const numbers = (button.dataset['chapters'] ?? '').split(' ').filter(Boolean).map(Number);
  return [location.pathname, ...numbers.map((number) => `${chapterPath(slug, number)}/`)].map(sameOrigin);
}

async function isKept(cache: Cache, urls: string[]): Promise<boolean> {
  const found = await Promise.all(urls.map((url) => cache.match(url)));
  return found.every(Boolean);
}

/** A copy the cache can give to a navigation: one that came through a redirect cannot be. */
async function storable(response: Response): Promise<Response> {
  return response.redirected ? new Response(await response.blob(), { status: response.status, headers: response.headers }) : response;
}

async function keepPages(cache: Cache, urls: string[], onProgress: (done: number) => void): Promise<Set<string>> {
  const resources = new Set<string>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const response = await fetch(url, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const html = await response.clone().text();
      await cache.put(url, await storable(response));
      for (const resource of pageResourceUrls(html, url)) resources.add(resource);
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return resources;
}

/** Stores each resource (taken from another cache of ours when it is there), and the modules each script imports. */
async function keepResources(cache: Cache, resources: Set<string>): Promise<void> {
  const queue = [...resources];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const url = queue.shift()!;
    let response = await cache.match(url);
    if (!response) {
      response = (await caches.match(url)) ?? (await fetch(url));
      if (!response.ok) continue; // an image gone from the server is not worth failing the rest
      await cache.put(url, response.clone());
    }
    if (!/\.m?js$/.test(new URL(url).pathname)) continue;
    for (const imported of moduleImportUrls(await response.text(), url)) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
}

async function keep(button: HTMLButtonElement, status: HTMLElement): Promise<void> {
  const urls = storyPages(button);
  const chapters = urls.length - 1;
  button.disabled = true;
  try {
    const cache = await caches.open(OFFLINE_CACHES.kept);
    const resources = await keepPages(cache, urls, (done) => {
      status.textContent = `Keeping for offline reading: ${Math.min(done, chapters)} of ${chapters} chapters`;
    });
    await keepResources(cache, resources);
    button.textContent = KEPT_LABEL;
    status.textContent = `${KEPT_LABEL}: ${chapters === 1 ? '1 chapter' : `${chapters} chapters`}.`;
  } catch (error) {
    console.warn('Keeping the story failed', error);
    button.disabled = false;
    status.textContent = navigator.onLine
      ? 'Keeping the story failed. Please try again.'
      : 'You are offline: keeping the story needs the network.';
  }
}

if (button && status && 'caches' in window && 'serviceWorker' in navigator) {
  const urls = storyPages(button);
  void caches
    .open(OFFLINE_CACHES.kept)
    .then((cache) => isKept(cache, urls))
    .then((kept) => {
      button.textContent = kept ? KEPT_LABEL : KEEP_LABEL;
      button.disabled = kept;
      button.hidden = false;
    });
  button.addEventListener('click', () => void keep(button, status));
}
