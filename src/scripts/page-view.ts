// The page view of a page that has no other script (landing page, not-found pages): every public
// page is counted (docs/product.md, What the pages record). The analytics code is fetched once the page has loaded, so nothing of
// it competes with the page's own first paint (the landing page's portrait is its LCP).
addEventListener(
  'load',
  () => {
    void import('./analytics.ts').then(({ trackPageView }) => trackPageView());
  },
  { once: true },
);
