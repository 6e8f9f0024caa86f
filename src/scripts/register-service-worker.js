// Inline in every public page's <head> (src/layouts/BaseLayout.astro, hashed into the CSP by
// astro.config.mjs): registers the offline worker once the page has loaded, so its download never
// competes with the page's own (docs/decisions/0047-offline-reading.md).
if ('serviceWorker' in navigator) {
  addEventListener('load', () => navigator.serviceWorker.register('/sw.js').catch(() => {}));
}
