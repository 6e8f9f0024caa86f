// Security suite (docs/product.md, Security): oversized and malformed request bodies on every route that reads
// one. Each is refused with 400 or 413 (never 500), before it can change anything.
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';

const t = useApiTestContext();

let cookie: string;
beforeEach(async () => {
  cookie = await t.signedInAs('admin');
  const kit = chapterTestKit(t);
  await kit.insertChapters(await kit.insertStory(), { chapter_number: 1 });
});

/** Every route that reads a JSON body; anonymous ones get no cookie. */
const JSON_ROUTES: [path: string, signedIn: boolean][] = [
  ['/api/auth/login', false],
  ['/api/auth/change-password', true],
  ['/api/author/update', true],
  ['/api/socials/update', true],
  ['/api/stories/create', true],
  ['/api/stories/update', true],
  ['/api/stories/delete', true],
  ['/api/chapters/create', true],
  ['/api/chapters/update', true],
  ['/api/chapters/delete', true],
  ['/api/chapters/like', false],
  ['/api/chapters/comments/create', false],
  ['/api/galleries/create', true],
  ['/api/galleries/update', true],
  ['/api/galleries/delete', true],
  ['/api/images/gallery-update', true],
  ['/api/images/gallery-delete', true],
  ['/api/images/gallery-like', false],
  ['/api/images/gallery-comment-create', false],
  ['/api/images/manage', true],
  ['/api/admin/comments/moderate', true],
  ['/api/admin/ban-ip', true],
  ['/api/admin/unban-ip', true],
  ['/api/analytics/ingest', false],
  ['/api/subscribe', false],
  ['/api/subscribe/confirm', false],
  ['/api/unsubscribe', false],
  ['/api/admin/subscribers/import', true],
];
/** Multipart routes, with their own (larger) size limits. */
const UPLOAD_ROUTES = ['/api/images/upload', '/api/images/gallery-upload', '/api/chapters/bulk-upload'];

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Bodies that are not a JSON object of the route's fields. */
const MALFORMED: [string, string][] = [
  ['empty', ''],
  ['invalid JSON', '{"name": '],
  ['JSON with trailing garbage', '{"name":"a"} x'],
  ['single-quoted JSON', "{'name':'a'}"],
  ['a JSON array', '[{"name":"a"}]'],
  ['a JSON number', '42'],
  ['a JSON string', '"name"'],
  ['JSON null', 'null'],
  ['JSON true', 'true'],
  ['10,000 nested arrays in a field', `{"name":${deep(10_000)}}`],
  ['10,000 nested objects', deepObject(10_000)],
  ['100,000 nested arrays', deep(100_000)],
  ['a number too large for a double', '{"id":1e400,"chapter_id":1e400,"image_id":1e400}'],
  ['a negative huge number', '{"id":-1e400}'],
  ['a number beyond 2^53', '{"id":9007199254740993,"chapter_id":9007199254740993,"image_id":9007199254740993}'],
  ['a 10,000-digit number', `{"id":${'9'.repeat(10_000)}}`],
  ['a fraction where an id goes', '{"id":1.5,"chapter_id":1.5,"image_id":1.5}'],
  ['__proto__ smuggling', '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
  ['a lone surrogate', '{"name":"\\ud800","title":"\\ud800","content":"\\udfff","author_name":"\\ud800"}'],
];

/** A browser's user agent: analytics answers robots 204 without reading their body. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function send(path: string, body: BodyInit, headers: Record<string, string>, signedIn: boolean) {
  return t.call(path, { ...(signedIn ? { cookie } : {}), body, headers: { 'user-agent': BROWSER, ...headers }, ip: '192.0.2.9' });
}

describe('malformed JSON bodies', () => {
  it.each(JSON_ROUTES)('%s refuses each with 400', async (path, signedIn) => {
    const wrong: string[] = [];
    for (const [name, body] of MALFORMED) {
      const res = await send(path, body, { 'content-type': 'application/json' }, signedIn);
      if (res.status !== 400) wrong.push(`${name}: ${res.status} ${(await res.text()).slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });

  it('duplicate keys: the last one counts, as JSON.parse reads it, and nothing fails', async () => {
    const res = await send('/api/author/update', '{"name":"First","name":"Second"}', { 'content-type': 'application/json' }, true);
    expect(res.status).toBe(200);
    expect((await (await t.call('/api/author/get')).json()).profile.name).toBe('Second');
  });
});

describe('oversized bodies', () => {
  const TWO_MB = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });

  it.each(JSON_ROUTES)('%s refuses 2 MB of JSON with 400 or 413', async (path, signedIn) => {
    const res = await send(path, TWO_MB, { 'content-type': 'application/json' }, signedIn);
    expect([400, 413]).toContain(res.status);
    // The answer does not echo the body back.
    expect((await res.text()).length).toBeLessThan(2000);
  });

  it('a refused 2 MB profile changed nothing', async () => {
    await send('/api/author/update', TWO_MB, { 'content-type': 'application/json' }, true);
    expect((await (await t.call('/api/author/get')).json()).profile.name).not.toMatch(/^x+$/);
  });

  it('an answer about unknown fields does not echo thousands of keys back', async () => {
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`field_${i}`, 1]));
    const res = await send('/api/author/update', JSON.stringify({ name: 'a', ...keys }), { 'content-type': 'application/json' }, true);
    expect(res.status).toBe(400);
    expect((await res.text()).length).toBeLessThan(2000);
  });

  /** A body that says it is 300 MB long and sends a few bytes: the limit is judged before reading. */
  async function declaredHuge(path: string, contentType: string, signedIn: boolean): Promise<Response> {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"a"}'));
        controller.close();
      },
    });
    const headers: Record<string, string> = {
      origin: TEST_ORIGIN,
      'user-agent': BROWSER,
      'content-type': contentType,
      'content-length': String(300 * 1024 * 1024),
    };
    if (signedIn) headers['cookie'] = cookie;
    return t.app.request(`${TEST_ORIGIN}${path}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  }

  it.each(JSON_ROUTES)('%s refuses a declared 300 MB JSON body', async (path, signedIn) => {
    const res = await declaredHuge(path, 'application/json', signedIn);
    expect([400, 413]).toContain(res.status);
  });

  it.each(UPLOAD_ROUTES)('%s refuses a declared 300 MB upload with 413', async (path) => {
    const res = await declaredHuge(path, 'multipart/form-data; boundary=x', true);
    expect(res.status).toBe(413);
  });

  it.each(UPLOAD_ROUTES)('%s refuses a multipart body that is not multipart with 400', async (path) => {
    for (const body of ['', 'garbage', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated']) {
      const res = await t.call(path, { cookie, body, headers: { 'content-type': 'multipart/form-data; boundary=x' } });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});
