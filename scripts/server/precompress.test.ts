import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressSite } from './precompress.ts';

let dir: string;
const page = '<p>It was a dark and stormy night; the rain fell in torrents.</p>\n'.repeat(200);
const write = (file: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
};
const exists = (file: string) => fs.existsSync(path.join(dir, file));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-test-'));
  write('index.html', page);
  write('storytime/story/a/index.html', page);
  write('_astro/app.123.js', 'console.log("a long enough script");\n'.repeat(100));
  write('_astro/app.123.css', 'body { color: red; }\n'.repeat(100));
  write('sitemap-0.xml', '<url><loc>https://example.com/</loc></url>\n'.repeat(50));
  write('site.webmanifest', JSON.stringify({ name: 'x'.repeat(2000) }));
  write('tiny.html', '<p>short</p>');
  // Random bytes do not compress: a copy would be larger than the original.
  write('random.js', randomBytes(4096));
  write('images/cover.png', Buffer.alloc(4096));
  write('download.txt.gz', zlib.gzipSync('already compressed'.repeat(100)));
  await precompressSite(dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressSite', () => {
  it.each(['index.html', 'storytime/story/a/index.html', '_astro/app.123.js', '_astro/app.123.css', 'sitemap-0.xml', 'site.webmanifest'])(
    'writes .br and .gz copies of %s that decompress to the original and are smaller',
    (file) => {
      const original = fs.readFileSync(path.join(dir, file));
      const br = fs.readFileSync(path.join(dir, `${file}.br`));
      const gz = fs.readFileSync(path.join(dir, `${file}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
    },
  );

  it(`skips files under ${MIN_BYTES} bytes`, () => {
    expect(exists('tiny.html.br')).toBe(false);
    expect(exists('tiny.html.gz')).toBe(false);
  });

  it('keeps no copy that is not smaller than the original', () => {
    expect(exists('random.js.br')).toBe(false);
    expect(exists('random.js.gz')).toBe(false);
  });

  it('leaves images and files that are already compressed alone', () => {
    expect(fs.readdirSync(path.join(dir, 'images'))).toEqual(['cover.png']);
    expect(exists('download.txt.gz.gz')).toBe(false);
    expect(exists('download.txt.gz.br')).toBe(false);
  });

  it('reports what it wrote, and a second run over the same folder adds nothing new', async () => {
    const before = fs.readdirSync(dir, { recursive: true }).length;
    const result = await precompressSite(dir);
    expect(result).toEqual({ files: 8, br: 6, gz: 6 });
    expect(fs.readdirSync(dir, { recursive: true }).length).toBe(before);
  });
});
