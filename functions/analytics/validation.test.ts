import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { withoutFields } from '#functions/chapters/test-kit.ts';
import { JSON_MAX_DEPTH } from '#core/json-text.ts';
import { META_MAX_BYTES } from './schema.ts';
import { CHROME_ON_WINDOWS, ingest, pageView, storedEvents } from './test-kit.ts';

const t = useApiTestContext();

/** A value nested `levels` deep in arrays. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

async function expect400(response: Promise<Response>, error: string | RegExp) {
  const res = await response;
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(withoutFields(body)).toEqual({ success: false, error: typeof error === 'string' ? error : expect.stringMatching(error) });
  expect(await storedEvents(t)).toEqual([]);
}

describe('POST /api/analytics/ingest: refused input (400, nothing stored)', () => {
  const depth = (value_num: unknown) => pageView({ event_type: 'chapter_depth', value_num });
  const cases: [string, unknown, string | RegExp][] = [
    ['an unknown event type', pageView({ event_type: 'purchase' }), /^event_type must be one of: page_view, story_view/],
    ['a missing event type', { url_path: '/' }, /^event_type must be one of: page_view/],
    ['an unknown field', pageView({ ip: '1.2.3.4' }), 'Unknown field: ip'],
    ['a session id that is not a UUID', pageView({ session_id: 'no-storage' }), 'session_id must be a UUID'],
    ['a session id of 65 characters', pageView({ session_id: 'a'.repeat(65) }), 'session_id must be a UUID'],
    ['a missing url_path', { event_type: 'page_view' }, 'url_path is required'],
    [
      'a url_path that is a full URL',
      pageView({ url_path: 'https://evil.example/' }),
      'url_path must be a path on this site, starting with /',
    ],
    ['a protocol-relative url_path', pageView({ url_path: '//evil.example/x' }), 'url_path must be a path on this site, starting with /'],
    ['an empty url_path', pageView({ url_path: '' }), 'url_path must not be empty'],
    ['a url_path over 2048 characters', pageView({ url_path: `/${'a'.repeat(2048)}` }), 'url_path is too long (at most 2048 characters)'],
    ['a url_path with a line break', pageView({ url_path: '/story\nSet-Cookie: x' }), 'url_path must not contain control characters'],
    ['a url_path that is a number', pageView({ url_path: 42 }), 'url_path must be a string'],
    ['a NUL byte in url_path', pageView({ url_path: '/a\u0000b' }), 'url_path must not contain NUL characters'],
    ['a referrer that is not a URL', pageView({ referrer: 'not a url' }), 'referrer must be a URL'],
    ['an empty referrer', pageView({ referrer: '' }), 'referrer must be a URL'],
    [
      'a referrer over 2048 characters',
      pageView({ referrer: `https://a.example/${'a'.repeat(2040)}` }),
      'referrer is too long (at most 2048 characters)',
    ],
    ['a content_type over 32 characters', pageView({ content_type: 'a'.repeat(33) }), 'content_type is too long (at most 32 characters)'],
    [
      'a content_type with markup',
      pageView({ content_type: '<b>story</b>' }),
      'content_type must be a lowercase name (letters, digits and _)',
    ],
    ['a content_id over 200 characters', pageView({ content_id: 'a'.repeat(201) }), 'content_id is too long (at most 200 characters)'],
    ['a content_id that is an object', pageView({ content_id: { id: 1 } }), 'content_id must be a string or a number'],
    ['a parent_id that is true', pageView({ parent_id: true }), 'parent_id must be a string or a number'],
    ['a parent_id with a tab', pageView({ parent_id: 'a\tb' }), 'parent_id must not contain control characters'],
    ['a value_num given as a string', pageView({ value_num: '0.5' }), 'value_num must be a number'],
    ['a depth above 1', depth(1.5), 'value_num must be a reading depth between 0 and 1 for chapter_depth'],
    ['a negative depth', depth(-0.1), 'value_num must be a reading depth between 0 and 1 for chapter_depth'],
    ['a depth event without a depth', depth(null), 'value_num must be a reading depth between 0 and 1 for chapter_depth'],
    ['meta that is a list', pageView({ meta: [1, 2] }), 'meta must be a record'],
    ['meta that is a string', pageView({ meta: 'x' }), 'meta must be a record'],
    ['meta over 2 KB', pageView({ meta: { text: 'x'.repeat(META_MAX_BYTES) } }), 'meta is too large (at most 2048 bytes of JSON)'],
    [
      'meta of 2 KB in multi-byte characters',
      pageView({ meta: { text: 'é'.repeat(1100) } }),
      'meta is too large (at most 2048 bytes of JSON)',
    ],
    ['a NUL byte in a meta value', pageView({ meta: { a: 'x\u0000' } }), 'meta.a must not contain NUL characters'],
    ['a NUL byte in a meta key', pageView({ meta: { 'a\u0000': 1 } }), 'meta must not contain NUL characters or broken Unicode'],
    ['an unpaired surrogate in meta', pageView({ meta: { a: '\ud800' } }), 'meta.a must not contain NUL characters or broken Unicode'],
  ];
  for (const [what, body, error] of cases) {
    it(`refuses ${what}`, () => expect400(ingest(t, body), error));
  }

  it('refuses malformed JSON, a JSON array and a body that is not JSON', async () => {
    const headers = { 'user-agent': CHROME_ON_WINDOWS, 'content-type': 'application/json' };
    await expect400(t.call('/api/analytics/ingest', { body: '{"event_type": "page_view",', headers }), /./);
    await expect400(ingest(t, [pageView()]), 'The request body must be a JSON object.');
    await expect400(
      t.call('/api/analytics/ingest', {
        body: 'event_type=page_view',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'Send the request body as JSON (Content-Type: application/json).',
    );
  });

  it('refuses a value_num too large for a number (JSON 1e400 reads as Infinity)', () =>
    expect400(
      t.call('/api/analytics/ingest', {
        body: JSON.stringify(pageView({ value_num: 0 })).replace('"value_num":0', '"value_num":1e400'),
        headers: { 'user-agent': CHROME_ON_WINDOWS, 'content-type': 'application/json' },
      }),
      /^value_num must be/,
    ));

  it('refuses a body over the 1 MB JSON limit', () =>
    expect400(ingest(t, pageView({ meta: { text: 'x'.repeat(1_100_000) } })), /too large/));

  it('accepts meta of exactly 2 KB and nesting up to the JSON depth limit', async () => {
    const exact = { text: 'x'.repeat(META_MAX_BYTES - '{"text":""}'.length) };
    // The body and meta are two levels; a JSON body may nest JSON_MAX_DEPTH levels in all.
    for (const meta of [exact, { deep: nested(JSON_MAX_DEPTH - 2) }]) expect((await ingest(t, pageView({ meta }))).status).toBe(204);
    expect(await storedEvents(t)).toHaveLength(2);
  });

  it('refuses nesting past the limit with 400 before any other work, however deep', async () => {
    const tooDeep = `Too deeply nested JSON (at most ${JSON_MAX_DEPTH} levels of arrays and objects).`;
    await expect400(ingest(t, pageView({ meta: { deep: nested(JSON_MAX_DEPTH - 1) } })), tooDeep);
    // 250,000 levels once overflowed the stack of the checks on meta (a 500 after seconds of work).
    const levels = 250_000;
    const body = JSON.stringify(pageView({ meta: 'HERE' })).replace('"HERE"', `${'['.repeat(levels)}${']'.repeat(levels)}`);
    const started = performance.now();
    await expect400(
      t.call('/api/analytics/ingest', { body, headers: { 'user-agent': CHROME_ON_WINDOWS, 'content-type': 'application/json' } }),
      tooDeep,
    );
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('reads brackets inside strings as text, not nesting', async () => {
    expect((await ingest(t, pageView({ meta: { name: '['.repeat(1000), quote: '\\"{{{' } }))).status).toBe(204);
  });
});
