// Runs in <head> before the page paints, so a light-theme reader never sees a dark flash.
// Mirrors src/lib/theme.ts (dark by default; "theme" key in localStorage).
(function () {
  var theme = 'dark';
  try {
    if (localStorage.getItem('theme') === 'light') theme = 'light';
  } catch (e) {}
  var root = document.documentElement;
  root.classList.remove('dark', 'light');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
