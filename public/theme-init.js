// Runs in <head> before the page paints, so a light-theme reader never sees a dark flash and
// reader settings never make the text jump. Mirrors src/lib/theme.ts (dark by default; "theme"
// key), src/lib/reader-settings.ts ("reader-settings" key; keep the values in step) and
// src/lib/adult-content.ts (the 18+ answer).
(() => {
  var root = document.documentElement;
  var theme = 'dark';
  try {
    if (localStorage.getItem('theme') === 'light') theme = 'light';
  } catch {}
  root.classList.remove('dark', 'light');
  // "scripted": controls that need a script (the search) show from the first paint, not later.
  root.classList.add(theme, 'scripted');
  root.style.colorScheme = theme;

  try {
    const s = JSON.parse(localStorage.getItem('reader-settings') || '{}');
    const sizes = ['1rem', '1.125rem', '1.25rem', '1.375rem', '1.5rem'];
    const heights = { compact: '1.55', normal: '1.75', relaxed: '2' };
    const widths = { narrow: '32rem', normal: '38rem', wide: '48rem' };
    if (sizes[s.size]) root.style.setProperty('--reader-font-size', sizes[s.size]);
    if (heights[s.spacing]) root.style.setProperty('--reader-line-height', heights[s.spacing]);
    if (widths[s.width]) root.style.setProperty('--reader-width', widths[s.width]);
    if (s.family === 'serif') root.classList.add('reader-serif');
  } catch {}

  // The 18+ answer (src/lib/adult-content.ts): adult story text shows at once, never flashes.
  try {
    if (localStorage.getItem('gallery-adult-confirmed') === 'yes') root.classList.add('adult-confirmed');
  } catch {}
})();
