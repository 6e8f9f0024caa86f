// A ranked list with a small horizontal bar per row: top stories, audience segments and the
// retention of a story's chapters. The bar only repeats the figure written beside it, so it is
// hidden from screen readers.
import type { ReactNode } from 'react';

export interface BarItem {
  key: string;
  label: ReactNode;
  /** Written at the row's end: '1,204 views · 311 visitors'. */
  figure: string;
  /** The bar's length, 0 to 1. */
  fraction: number;
}

export function BarList({ items, label }: { items: BarItem[]; label: string }) {
  return (
    <ol className="bar-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <div className="bar-list-row">
            <span className="bar-list-label">{item.label}</span>
            <span className="bar-list-figure">{item.figure}</span>
          </div>
          <div className="bar-list-track" aria-hidden="true">
            <div className="bar-list-fill" style={{ width: `${Math.min(1, Math.max(0, item.fraction)) * 100}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
