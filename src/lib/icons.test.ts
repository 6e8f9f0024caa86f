import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Heart, X } from './icons.tsx';

describe('icons', () => {
  it('draw a 24-unit outline in the text colour, hidden from screen readers, at the size asked', () => {
    const svg = renderToStaticMarkup(createElement(X, { size: 18, className: 'close' }));
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="close"><path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>',
    );
  });

  it('take the fill a caller gives (a liked heart is filled)', () => {
    expect(renderToStaticMarkup(createElement(Heart, { fill: 'currentColor' }))).toContain('fill="currentColor"');
  });
});
