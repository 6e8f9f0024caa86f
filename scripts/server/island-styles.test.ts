import { expect, it } from 'vitest';
import { moveIslandStyle } from './island-styles.ts';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

it("moves Astro's island style from the body to the end of the head", () => {
  const page = `<html><head><title>t</title></head><body><h1>x</h1>${STYLE}<script>1</script><astro-island></astro-island></body></html>`;
  expect(moveIslandStyle(page)).toBe(
    `<html><head><title>t</title>${STYLE}</head><body><h1>x</h1><script>1</script><astro-island></astro-island></body></html>`,
  );
});

it('leaves a page without islands, or with the style already in its head, as it is', () => {
  const plain = '<html><head><style>p{color:red}</style></head><body><style>x{}</style></body></html>';
  const done = `<html><head>${STYLE}</head><body></body></html>`;
  expect(moveIslandStyle(plain)).toBe(plain);
  expect(moveIslandStyle(done)).toBe(done);
});
