import { describe, expect, it } from 'vitest';
import { withoutUpload } from './markdown-references.ts';

const KEY = 'general/map.png';

describe('withoutUpload', () => {
  it.each([
    ['an image', 'Before.\n\n![The map](/api/uploads/general/map.png)\n\nAfter.', 'Before.\n\n\n\nAfter.'],
    ['an image with a title', 'See ![map](/api/uploads/general/map.png "The north") here.', 'See  here.'],
    ['an image by an absolute address', '![](https://author.example/api/uploads/general/map.png)', ''],
    ["an image by the PHP site's address", '![map](uploads/general/map.png)', ''],
    ['an image in angle brackets', '![map](</api/uploads/general/map.png>)', ''],
    ['an HTML image', 'A <img src="/api/uploads/general/map.png" alt="map"> B', 'A  B'],
    ['a link, which keeps its text', 'The [full map](/api/uploads/general/map.png) is big.', 'The full map is big.'],
    [
      'a reference definition and its uses',
      'A ![map][m] and [the map][M].\n\n[m]: /api/uploads/general/map.png "Map"\n',
      'A  and the map.\n\n',
    ],
  ])('removes %s', (_case, markdown, expected) => {
    expect(withoutUpload(markdown, KEY)).toBe(expected);
  });

  it('leaves other files, and a file whose name only starts the same, alone', () => {
    const markdown = '![a](/api/uploads/general/map.png2) ![b](/api/uploads/covers/map.png) [c](/api/uploads/general/other.png)';
    expect(withoutUpload(markdown, KEY)).toBe(markdown);
  });
});
