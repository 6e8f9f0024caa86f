// GET /api/uploads/* in parts and without buffering: byte ranges, If-Range, and a download that
// takes from the storage only as much as the client has read (decision 20).
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { CountingStorage } from '#scripts/test/counting-storage.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { fixture } from './test-kit.ts';

const t = useApiTestContext();

const PNG = fixture('automatic1111_cropped.png');
const URL = '/api/uploads/covers/a.png';
const get = (headers: Record<string, string>) => t.call(URL, { headers });

async function stored(): Promise<string> {
  await t.deps.storage.put('covers/a.png', PNG, 'image/png');
  return (await t.call(URL, { method: 'HEAD' })).headers.get('ETag')!;
}

async function expectPart(res: Response, start: number, end: number): Promise<void> {
  expect(res.status).toBe(206);
  expect(res.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/${PNG.length}`);
  expect(res.headers.get('Content-Length')).toBe(String(end - start + 1));
  // The type is still the file's, read from its first bytes, whichever part is sent.
  expect(res.headers.get('Content-Type')).toBe('image/png');
  expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG.subarray(start, end + 1));
}

async function expectWhole(res: Response): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Range')).toBeNull();
  expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
}

describe('GET /api/uploads/* with Range', () => {
  it('says it takes byte ranges', async () => {
    await stored();
    const res = await get({});
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    await expectWhole(res);
  });

  it('sends one range: from the start, from the middle, to the end, the last bytes', async () => {
    await stored();
    await expectPart(await get({ range: 'bytes=0-99' }), 0, 99);
    await expectPart(await get({ range: 'bytes=100-199' }), 100, 199);
    await expectPart(await get({ range: `bytes=${PNG.length - 10}-` }), PNG.length - 10, PNG.length - 1);
    await expectPart(await get({ range: 'bytes=-7' }), PNG.length - 7, PNG.length - 1);
    await expectPart(await get({ range: `bytes=5-${PNG.length * 2}` }), 5, PNG.length - 1);
  });

  it.each(['bytes=99999999-', 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
    await stored();
    const res = await get({ range });
    expect(res.status).toBe(416);
    expect(res.headers.get('Content-Range')).toBe(`bytes */${PNG.length}`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it.each([
    ['several ranges', 'bytes=0-1,5-6'],
    ['a thousand ranges', `bytes=${Array.from({ length: 1000 }, (_, i) => `${i * 2}-${i * 2}`).join(',')}`],
    ['a range that ends before it starts', 'bytes=9-1'],
    ['another unit', 'items=0-1'],
    ['nonsense', 'bytes=zero-one'],
  ])('sends the whole file for %s', async (_case, range) => {
    await stored();
    await expectWhole(await get({ range }));
  });

  it('sends the range while If-Range names the current file, else the whole file', async () => {
    const etag = await stored();
    await expectPart(await get({ range: 'bytes=0-9', 'if-range': etag }), 0, 9);
    for (const ifRange of ['"an-older-version"', `W/${etag}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      await expectWhole(await get({ range: 'bytes=0-9', 'if-range': ifRange }));
    }
  });

  it('answers 304 to If-None-Match before looking at the range', async () => {
    const etag = await stored();
    const res = await get({ range: 'bytes=0-9', 'if-none-match': etag });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
  });

  it('answers HEAD for the whole file, whatever the range', async () => {
    await stored();
    const res = await t.call(URL, { method: 'HEAD', headers: { range: 'bytes=0-9' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Length')).toBe(String(PNG.length));
  });
});

describe('GET /api/uploads/* of a large file', () => {
  const SIZE = 8 * 1024 * 1024;

  it('takes from the storage only as much as the client reads', async () => {
    const storage = new CountingStorage(new MemoryStorage());
    t.deps.storage = storage;
    await storage.put('general/big.png', new Uint8Array(SIZE), 'image/png');
    const res = await t.call('/api/uploads/general/big.png');
    expect(res.headers.get('Content-Length')).toBe(String(SIZE));
    // Nothing read yet: the storage has handed out the first chunk or two, not the file.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storage.handedOut).toBeLessThanOrEqual(4 * 64 * 1024);
    const reader = res.body!.getReader();
    let received = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value.byteLength;
    expect(received).toBe(SIZE);
  });
});
