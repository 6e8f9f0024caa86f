// Security suite (docs/product.md, Security): cross-site requests. A page on another site can make the reader's
// browser send a form (urlencoded, multipart, text/plain, or no type) with the author's cookie;
// those are refused unless they come from the site's own origin. JSON cannot be sent cross-site
// without a CORS preflight, which this API never grants (here: a preflight without any
// Access-Control header), and a write naming another Origin is refused whatever its body
// (functions/core/guards.ts).
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';
import { galleryUploadForm, pngBytes } from '#functions/images/test-kit.ts';

const t = useApiTestContext();
const EVIL = 'https://evil.example';

let cookie: string;
beforeEach(async () => {
  cookie = await t.signedInAs('admin');
  expect((await t.call('/api/author/update', { cookie, json: { name: 'Ada' } })).status).toBe(200);
});

const profileName = async () => (await (await t.call('/api/author/get')).json()).profile.name;

/** A form a foreign page can send without a preflight, with each content type a browser allows. */
const FORMS: [string, () => { body: BodyInit; headers: Record<string, string> }][] = [
  ['text/plain', () => ({ body: '{"name":"Pwned"}', headers: { 'content-type': 'text/plain' } })],
  ['text/plain with a charset', () => ({ body: '{"name":"Pwned"}', headers: { 'content-type': 'text/plain;charset=UTF-8' } })],
  [
    'text/plain naming JSON in a parameter',
    () => ({ body: '{"name":"Pwned"}', headers: { 'content-type': 'text/plain; x=application/json' } }),
  ],
  ['application/x-www-form-urlencoded', () => ({ body: 'name=Pwned', headers: { 'content-type': 'application/x-www-form-urlencoded' } })],
  ['upper-case urlencoded', () => ({ body: 'name=Pwned', headers: { 'content-type': 'APPLICATION/X-WWW-FORM-URLENCODED' } })],
  [
    'multipart/form-data',
    () => {
      const form = new FormData();
      form.append('name', 'Pwned');
      return { body: form, headers: {} };
    },
  ],
  // A byte body gets no content type from fetch: the header is simply absent.
  ['no content type', () => ({ body: new TextEncoder().encode('{"name":"Pwned"}'), headers: {} })],
];

/** Where a cross-site request says it comes from. */
const FOREIGN_SOURCES: [string, Record<string, string>][] = [
  ['a foreign Origin', { origin: EVIL }],
  ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ['a look-alike Origin', { origin: `${TEST_ORIGIN}.evil.example` }],
  ['the same host on another port', { origin: 'http://localhost:9999' }],
  ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
];

describe('CSRF on a state-changing admin route (POST /api/author/update)', () => {
  it.each(FOREIGN_SOURCES.flatMap(([source, from]) => FORMS.map(([type, make]) => [`${type} from ${source}`, from, make] as const)))(
    '%s is refused and changes nothing',
    async (_name, from, make) => {
      const { body, headers } = make();
      // Straight to the app: t.call would add the site's own Origin.
      const res = await t.app.request(`${TEST_ORIGIN}/api/author/update`, {
        method: 'POST',
        body,
        headers: { cookie, ...headers, ...from },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await profileName()).toBe('Ada');
    },
  );

  it.each(FORMS)('%s from the site itself passes the guard, and the route still takes only JSON', async (_type, make) => {
    const { body, headers } = make();
    const res = await t.call('/api/author/update', { cookie, body, headers });
    expect(res.status).toBe(400);
    expect(await profileName()).toBe('Ada');
  });

  it('a form from a foreign Origin gets 403', async () => {
    const res = await t.call('/api/author/update', {
      cookie,
      body: 'name=Pwned',
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
  });

  it('JSON from a foreign Origin: the browser asks first (preflight), and no CORS grant ever comes back', async () => {
    const preflight = await t.app.request(`${TEST_ORIGIN}/api/author/update`, {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBeLessThan(500);
    for (const header of [
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'access-control-allow-methods',
      'access-control-allow-headers',
    ]) {
      expect(preflight.headers.get(header), header).toBeNull();
    }
    // Without the grant the browser never sends the POST; sent anyway (not from a browser), the
    // answer carries no grant either, so no foreign page could read it.
    const res = await t.call('/api/author/get', { headers: { origin: EVIL } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the session cookie is SameSite=Lax and HttpOnly, so a cross-site POST does not carry it anyway', async () => {
    await t.createUser('cookie-user', 'correct horse battery');
    const res = await t.call('/api/auth/login', { json: { username: 'cookie-user', password: 'correct horse battery' } });
    const session = res.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c))!;
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=(Lax|Strict)/i);
  });
});

describe('CSRF elsewhere', () => {
  it('a multipart upload from a foreign Origin stores nothing', async () => {
    const { id } = await t.database.db
      .insertInto('galleries')
      .values({ slug: 'g', title: 'G', rating: 'PG' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.call('/api/images/gallery-upload', {
      cookie,
      body: galleryUploadForm(id, [{ name: 'a.png', bytes: await pngBytes() }]),
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(await t.database.db.selectFrom('gallery_images').selectAll().execute()).toEqual([]);
  });

  it('a comment form from a foreign Origin stores nothing', async () => {
    const kit = chapterTestKit(t);
    const [chapterId] = await kit.insertChapters(await kit.insertStory(), { chapter_number: 1 });
    for (const [, make] of FORMS) {
      const { body, headers } = make();
      const res = await t.call('/api/chapters/comments/create', { body, headers: { ...headers, origin: EVIL } });
      expect(res.status).toBe(403);
    }
    const json = JSON.stringify({ chapter_id: chapterId, content: 'Hello' });
    expect(
      (await t.call('/api/chapters/comments/create', { body: json, headers: { 'content-type': 'text/plain', origin: EVIL } })).status,
    ).toBe(403);
    expect(await t.database.db.selectFrom('chapter_comments').selectAll().execute()).toEqual([]);
  });

  it('a sign-in form from a foreign Origin is refused (login CSRF)', async () => {
    await t.createUser('victim', 'correct horse battery');
    const res = await t.call('/api/auth/login', {
      body: 'username=victim&password=correct+horse+battery',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => /session=/.test(c))).toEqual([]);
  });

  it("with the site's URL configured, a form is judged by it, not by the Host header the request names", async () => {
    const app = createApp({ ...t.deps, siteOrigin: 'https://author.example' });
    // A DNS-rebinding page at evil.example: its own Origin and the Host header agree.
    const res = await app.request('http://evil.example/api/author/update', {
      method: 'POST',
      body: 'name=Pwned',
      headers: { cookie, origin: 'http://evil.example', host: 'evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect(await profileName()).toBe('Ada');
  });
});
