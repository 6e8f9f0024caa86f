// A NUL character or a lone surrogate in any text field of any route is refused with 400 naming
// the field, never a 500 from the database (found by an attack on the foundation).
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';

const t = useApiTestContext();
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

/** Route, the field that carries the bad text, how messages name it, and a body that is valid apart from it. */
const JSON_ROUTES: [path: string, field: string, named: string, body: (bad: string) => Record<string, unknown>][] = [
  ['/api/auth/login', 'username', 'username', (bad) => ({ username: bad, password: 'correct horse battery' })],
  ['/api/auth/login', 'password', 'password', (bad) => ({ username: 'admin', password: bad })],
  [
    '/api/auth/change-password',
    'newPassword',
    'newPassword',
    (bad) => ({ currentPassword: 'correct horse battery', newPassword: `long ${bad} enough` }),
  ],
  ['/api/author/update', 'name', 'The name', (bad) => ({ name: bad })],
  ['/api/author/update', 'bio', 'The bio', (bad) => ({ name: 'Mara', bio: bad })],
  ['/api/author/update', 'tagline', 'The tagline', (bad) => ({ name: 'Mara', tagline: bad })],
  ['/api/socials/update', 'website', 'The website link', (bad) => ({ website: `https://a.example/${bad}` })],
  ['/api/stories/create', 'title', 'The title', (bad) => ({ title: bad, slug: 'a-story' })],
  ['/api/stories/create', 'blurb', 'The blurb', (bad) => ({ title: 'A story', slug: 'a-story', blurb: bad })],
  ['/api/stories/update', 'description', 'The description', (bad) => ({ id: 1, description: bad })],
  [
    '/api/chapters/create',
    'content',
    'The content',
    (bad) => ({ story_id: 1, title: 'One', slug: 'one', content: bad, chapter_number: 1 }),
  ],
  ['/api/chapters/update', 'title', 'The title', (bad) => ({ id: 1, title: bad })],
  ['/api/galleries/create', 'title', 'The title', (bad) => ({ title: bad, slug: 'a-gallery' })],
  ['/api/galleries/update', 'description', 'The description', (bad) => ({ id: 1, description: bad })],
  ['/api/images/gallery-update', 'alt_text', 'The alt text', (bad) => ({ id: 1, alt_text: bad })],
  ['/api/chapters/comments/create', 'author_name', 'author_name', (bad) => ({ chapter_id: 1, author_name: bad, content: 'Nice.' })],
  ['/api/chapters/comments/create', 'content', 'content', (bad) => ({ chapter_id: 1, content: bad })],
  ['/api/images/gallery-comment-create', 'content', 'content', (bad) => ({ image_id: 1, content: bad })],
];

const QUERY_ROUTES: [path: string, field: string][] = [
  ['/api/stories/list?slug=', 'slug'],
  ['/api/chapters/list?story_slug=', 'story_slug'],
  ['/api/galleries/list?slug=', 'slug'],
  ['/api/images/gallery-list?gallery_id=1&q=', 'q'],
];

describe.each([
  ['a NUL character', NUL, 'must not contain NUL characters'],
  ['a lone surrogate', LONE_SURROGATE, 'must not contain NUL characters or broken Unicode'],
])('%s', (_name, bad, problem) => {
  it.each(JSON_ROUTES)('in %s %s is refused with 400 naming the field', async (path, field, named, body) => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call(path, { cookie, json: body(bad) });
    expect(res.status).toBe(400);
    const error = `${named} ${problem}`;
    expect(await res.json()).toEqual({ success: false, error, fields: { [field]: error } });
  });
});

describe('in query parameters', () => {
  it.each(QUERY_ROUTES)('%s with a NUL character answers 400 naming %s', async (path, field) => {
    const res = await t.call(`${path}a%00b`);
    expect(res.status).toBe(400);
    const error = `${field} must not contain NUL characters`;
    expect(await res.json()).toEqual({ success: false, error, fields: { [field]: error } });
  });

  it.each(QUERY_ROUTES)('%s with an encoded lone surrogate or broken UTF-8 never answers 500', async (path) => {
    for (const bad of ['%ED%A0%80', '%C3', '%FF%FE', '%']) {
      const res = await t.call(`${path}${bad}`);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('in a field name', () => {
  it('is refused with 400 and never echoed raw', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/author/update', { cookie, json: { name: 'Mara', 'x\u0000y': 1 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Unknown field: x?y' });
  });
});

describe('an unknown-fields error', () => {
  it('stays short however many fields a huge request names', async () => {
    const json: Record<string, unknown> = { username: 'admin', password: 'correct horse battery' };
    for (let i = 0; i < 15_000; i++) json[`k${i}${'x'.repeat(40)}`] = 1; // ~750 KB of keys
    const res = await t.call('/api/auth/login', { json });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(400);
    expect(JSON.parse(text).error).toMatch(/^Unknown fields: k0x{38}…, k1x{38}…, k2x{38}…, k3x{38}…, k4x{38}… and 14995 more$/);
  });
});
