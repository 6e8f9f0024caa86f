import { describe, expect, it } from 'vitest';
import { icoFromPngs } from './make-icons.ts';

describe('the favicon.ico writer', () => {
  it('writes a directory of PNG images that points at each image', () => {
    const a = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);
    const b = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2, 3]);
    const ico = icoFromPngs([
      { size: 16, png: a },
      { size: 256, png: b },
    ]);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 2]);
    const entry = (index: number) => {
      const at = 6 + 16 * index;
      return {
        width: view.getUint8(at),
        bits: view.getUint16(at + 6, true),
        size: view.getUint32(at + 8, true),
        offset: view.getUint32(at + 12, true),
      };
    };
    expect(entry(0)).toEqual({ width: 16, bits: 32, size: 5, offset: 38 });
    expect(entry(1)).toEqual({ width: 0, bits: 32, size: 6, offset: 43 }); // 0 means 256
    expect(ico.slice(38, 43)).toEqual(a);
    expect(ico.slice(43)).toEqual(b);
  });
});
