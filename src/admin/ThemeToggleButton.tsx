import { Moon, Sun } from '#lib/icons.tsx';
import { useEffect, useState } from 'react';
import { currentTheme, type Theme, toggleTheme } from '#lib/theme.ts';

export function ThemeToggleButton() {
  const [theme, setTheme] = useState<Theme>('dark');
  useEffect(() => setTheme(currentTheme()), []);
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';

  return (
    <button
      type="button"
      className="button button-ghost icon-button"
      onClick={() => setTheme(toggleTheme())}
      aria-label={label}
      title={label}
    >
      {theme === 'dark' ? <Sun size={18} aria-hidden="true" /> : <Moon size={18} aria-hidden="true" />}
    </button>
  );
}
