// The Worker's handlers with fake platform pieces: a test database for Neon, memory for S3, a
// recording rebuild trigger and a fake ASSETS binding that serves a few pages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { hashTestPassword } from '#scripts/test/passwords.ts';
import { userStore } from '#functions/auth/store.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';
import { sharpImages } from '#scripts/server/sharp-images.ts';
import type { MailMessage, MailTransport } from '#core/mail.ts';
import { MAIL_OFF_PUBLIC } from '#functions/subscriptions/messages.ts';
import { ANALYTICS_CRON, clientIpOf, createWorker, type WaitUntil, type WorkerEnv, type WorkerRebuild } from './handler.ts';
import { PAGE_CSP } from '#core/page-security.ts';

const t = useApiTestContext();
const { insertStory, insertChapters, chapterRows } = chapterTestKit(t);

const ENV = {
  DATABASE_URL: 'postgres://site:secret@ep-test.eu-central-1.aws.neon.tech/site',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  SITE_URL: 'https://author.example',
  S3_BUCKET: 'author-uploads',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'key-secret',
};

/** The pages the fake asset server has, by the address Cloudflare serves them at. */
const PAGES: Record<string, string> = {
  '/404': '<h1>Chapter not found</h1>',
  '/gallery-not-found/': '<p>Gallery not found.</p>',
  '/admin/': '<div id="admin"></div>',
};

function fakeAssets() {
  const asked: string[] = [];
  const binding = {
    async fetch(request: Request) {
      const path = new URL(request.url).pathname;
      asked.push(`${request.method} ${path}`);
      const page = PAGES[path];
      return page
        ? new Response(request.method === 'HEAD' ? null : page, { headers: { 'content-type': 'text/html', etag: '"p1"' } })
        : new Response('not found', { status: 404 });
    },
  };
  return { binding, asked };
}

function recordingRebuild() {
  const calls: string[] = [];
  const rebuild: WorkerRebuild = {
    schedule: (reason) => void calls.push(`schedule: ${reason}`),
    state: () => ({ publishing: false, last_published_at: null, last_error: null }),
    idle: async () => void calls.push('idle'),
    runDue: async () => void calls.push('runDue'),
  };
  return { rebuild, calls };
}

/** The page of chapter 1 of the chapter test kit's story, which a test "deploys" by adding it to PAGES. */
const CHAPTER_PAGE = '/storytime/story/the-lantern-fleet/chapter/1/';

/** A story with one chapter as given, and a confirmed follower of every story. */
async function followedStory(chapter: Parameters<typeof insertChapters>[1]): Promise<void> {
  await insertChapters(await insertStory(), chapter);
  await t.database.db
    .insertInto('subscribers')
    .values({ email: 'reader@example.com', status: 'confirmed', confirmed_at: new Date() })
    .execute();
}

const MAIL_ENV = { SMTP_URL: 'smtps://news:secret@smtp.example:465', MAIL_FROM: 'Ada Quill <news@author.example>' };

/** The SMTP transports the worker made, each recording what it sent and whether it was closed. */
function recordingMail() {
  const transports: { host: string; sent: MailMessage[]; closed: boolean }[] = [];
  const make = (config: { smtpUrl: URL }): MailTransport => {
    const transport = { host: config.smtpUrl.hostname, sent: [] as MailMessage[], closed: false };
    transports.push(transport);
    return {
      send: async (message) => void transport.sent.push(message),
      close: async () => {
        transport.closed = true;
      },
    };
  };
  return { transports, make };
}

let assets: ReturnType<typeof fakeAssets>;
let mail: ReturnType<typeof recordingMail>;
let rebuild: ReturnType<typeof recordingRebuild>;
let closed: number;
let background: Promise<unknown>[];
let env: WorkerEnv;
const ctx: WaitUntil = { waitUntil: (promise) => void background.push(promise) };

const worker = createWorker({
  openDatabase: () => ({ db: t.database.db, close: async () => void closed++ }),
  rebuildTrigger: () => rebuild.rebuild,
  images: sharpImages,
  storage: () => new MemoryStorage(),
  mailTransport: (config) => mail.make(config),
  now: () => t.clock.now ?? new Date(),
});

const get = (path: string, init?: RequestInit) => worker.fetch(new Request(`https://author.example${path}`, init), env, ctx);

beforeEach(() => {
  assets = fakeAssets();
  rebuild = recordingRebuild();
  mail = recordingMail();
  closed = 0;
  background = [];
  env = { ASSETS: assets.binding, ...ENV };
});
afterEach(() => {
  vi.restoreAllMocks();
  delete PAGES[CHAPTER_PAGE];
});

describe('worker fetch: the API', () => {
  it('answers /api/* (with and without .php) from the Hono app, never from the assets', async () => {
    await t.database.db.insertInto('author_profile').values({ id: 1, name: 'Mara Quill' }).execute();
    const profile = await get('/api/author/get');
    expect(profile.status).toBe(200);
    expect((await profile.json()).profile.name).toBe('Mara Quill');
    expect((await get('/api/author/get.php')).status).toBe(200);
    expect(await (await get('/api/no-such-route')).json()).toEqual({ success: false, error: 'No such API route.' });
    expect(assets.asked).toEqual([]);
  });

  it('lets readers follow with SMTP_URL set: the confirmation is queued for the cron, and the unused transport closed', async () => {
    const subscribe = () =>
      get('/api/subscribe', {
        method: 'POST',
        headers: { origin: 'https://author.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader@example.com' }),
      });
    const off = await subscribe();
    expect([off.status, await off.json()]).toEqual([503, { success: false, error: MAIL_OFF_PUBLIC }]);
    expect(mail.transports).toEqual([]);

    env = { ...env, ...MAIL_ENV };
    expect((await subscribe()).status).toBe(202);
    await Promise.all(background);
    expect(mail.transports).toMatchObject([{ host: 'smtp.example', sent: [], closed: true }]);
    expect(await t.database.db.selectFrom('mail_outbox').select(['kind', 'state']).execute()).toEqual([
      { kind: 'confirm', state: 'pending' },
    ]);
  });

  it('closes the database after the background work of the request, once per request', async () => {
    await get('/api/author/get');
    await Promise.all(background);
    expect(rebuild.calls).toEqual(['idle']);
    expect(closed).toBe(1);
  });

  it('tells the rebuild trigger about content changes and marks cookies Secure for an https SITE_URL', async () => {
    await userStore.create(t.database.db, {
      username: 'mara',
      password_hash: await hashTestPassword('correct horse battery'),
      role: 'author',
    });
    const login = await worker.fetch(
      new Request('http://author.example/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://author.example' },
        body: JSON.stringify({ username: 'mara', password: 'correct horse battery' }),
      }),
      env,
      ctx,
    );
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('__Host-session='))!;
    expect(cookie).toMatch(/; Secure/i);
    const create = await get('/api/stories/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://author.example', cookie: cookie.split(';')[0]! },
      body: JSON.stringify({ title: 'Starfall', slug: 'starfall', status: 'published' }),
    });
    expect(create.status).toBe(201);
    expect(rebuild.calls.some((call) => call.startsWith('schedule: '))).toBe(true);
  });

  it('refuses a form from another origin than SITE_URL, whatever the Host header says', async () => {
    const response = await worker.fetch(
      new Request('https://evil.example/api/auth/login', {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=a&password=b',
      }),
      env,
      ctx,
    );
    expect(response.status).toBe(403);
  });

  it('answers a configuration mistake with a 500 that names nothing, logs the variable, and recovers once it is fixed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    env = { ASSETS: assets.binding, ...ENV, SESSION_SECRET: 'too-short-secret' };
    const broken = await get('/api/author/get');
    expect(broken.status).toBe(500);
    const body = await broken.json();
    expect(body).toEqual({ success: false, error: 'The site is not configured correctly. The server log names the setting to fix.' });
    expect(log).toHaveBeenCalledWith('[worker] configuration: SESSION_SECRET must be at least 32 characters long.');
    expect(closed).toBe(0); // no database was opened

    env = { ASSETS: assets.binding, ...ENV };
    expect((await get('/api/author/get')).status).toBe(200);
  });

  it('takes the client address from CF-Connecting-IP only when it is an address', () => {
    const header = (value: string | undefined) => ({ header: (name: string) => (name === 'cf-connecting-ip' ? value : undefined) });
    expect(clientIpOf(header('203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIpOf(header('2001:DB8::1'))).toBe('2001:db8::1');
    expect(clientIpOf(header('2001:db8::1%eth0'))).toBe('2001:db8::1');
    expect(clientIpOf(header('::ffff:203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIpOf(header('203.0.113.7, 10.0.0.1'))).toBe('unknown');
    expect(clientIpOf(header('<script>alert(1)</script>'))).toBe('unknown');
    expect(clientIpOf(header('1'.repeat(100_000)))).toBe('unknown');
    expect(clientIpOf(header(undefined))).toBe('unknown');
  });
});

describe('worker fetch: addresses without a file', () => {
  it('serves the admin app page for any /admin address, with the page headers', async () => {
    const response = await get('/admin/stories/12');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(PAGES['/admin/']);
    expect(response.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(assets.asked).toEqual(['GET /admin/']);
  });

  it("answers a missing chapter with the 'Chapter not found' page and a missing gallery with 'Gallery not found.', both 404", async () => {
    const chapter = await get('/storytime/story/the-lantern-fleet/chapter/99');
    expect([chapter.status, await chapter.text()]).toEqual([404, PAGES['/404']]);
    const gallery = await get('/galleries/no-such-gallery/');
    expect([gallery.status, await gallery.text()]).toEqual([404, PAGES['/gallery-not-found/']]);
    expect(gallery.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('passes a 304 for the fallback page through', async () => {
    const fetchAsset = assets.binding.fetch;
    assets.binding.fetch = async (request) =>
      request.headers.get('if-none-match') === '"p1"' ? new Response(null, { status: 304 }) : fetchAsset(request);
    expect((await get('/admin/x', { headers: { 'if-none-match': '"p1"' } })).status).toBe(304);
  });

  it.each([
    ['/storytime/nothing-here', 'https://author.example/storytime/'],
    ['/galleries/a/b/c', 'https://author.example/galleries/'],
    ['/no-such-page', 'https://author.example/'],
    ['/%2e%2e/%2e%2e/etc/passwd', 'https://author.example/'],
    ['/a%00b', 'https://author.example/'],
    ['/%E0%A4%A', 'https://author.example/'],
    ['/storytime%5c..%5cx', 'https://author.example/'],
    ['/x'.repeat(5_000), 'https://author.example/'],
  ])('redirects %# to %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  it('redirects when the fallback page itself is missing from the build', async () => {
    delete PAGES['/404'];
    try {
      const response = await get('/storytime/story/s/chapter/1');
      expect([response.status, response.headers.get('location')]).toEqual([302, 'https://author.example/storytime/']);
    } finally {
      PAGES['/404'] = '<h1>Chapter not found</h1>';
    }
  });

  it('refuses other methods than GET and HEAD with 405', async () => {
    const response = await get('/storytime/', { method: 'POST', body: 'x' });
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('needs no configuration to answer pages', async () => {
    env = { ASSETS: assets.binding };
    expect((await get('/admin/')).status).toBe(200);
  });
});

const EVERY_MINUTE = { cron: '* * * * *' };
/** The analytics upkeep leaves its watermark row behind, even on an empty database. */
const analyticsUpkeepRan = async () => (await t.database.db.selectFrom('analytics_rollup_state').selectAll().execute()).length === 1;

describe('worker scheduled', () => {
  it('releases due chapters, asks for a rebuild, retries the deploy hook, waits for it, then closes the database', async () => {
    t.clock.now = new Date('2026-11-22T12:00:00Z');
    const storyId = await insertStory();
    await insertChapters(
      storyId,
      { chapter_number: 1, status: 'draft', release_at: '2026-11-22T11:59:00Z' },
      { chapter_number: 2, status: 'draft', release_at: '2026-11-23T12:00:00Z' },
    );
    await worker.scheduled(EVERY_MINUTE, env, ctx);
    expect((await chapterRows()).map((row) => [row.chapter_number, row.status])).toEqual([
      [1, 'published'],
      [2, 'draft'],
    ]);
    expect(rebuild.calls).toEqual(['schedule: scheduled chapter 1 released', 'runDue', 'idle']);
    expect(closed).toBe(1);
    expect(await analyticsUpkeepRan()).toBe(false);
  });

  it('keeps the analytics rollups current on the hourly trigger and on a run started by hand', async () => {
    await worker.scheduled({ cron: ANALYTICS_CRON }, env, ctx);
    expect(await analyticsUpkeepRan()).toBe(true);
    expect(rebuild.calls).toEqual(['runDue', 'idle']);
    await t.database.reset();
    await worker.scheduled({}, env, ctx);
    expect(await analyticsUpkeepRan()).toBe(true);
  });

  it('runs every task even when one fails, then fails the run naming it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    rebuild.rebuild.runDue = async () => {
      throw new Error('hook down');
    };
    await expect(worker.scheduled(EVERY_MINUTE, env, ctx)).rejects.toThrow('scheduled run: deploy hook retry failed');
    expect(log).toHaveBeenCalledWith('[cron] deploy hook retry failed:', expect.any(Error));
    expect(rebuild.calls).toEqual(['idle']);
    expect(closed).toBe(1);
  });

  it('sends the queued emails last, over one transport that it closes, when SMTP_URL is set', async () => {
    env = { ...env, ...MAIL_ENV };
    await followedStory({ chapter_number: 1, status: 'draft', release_at: new Date(Date.now() - 60_000).toISOString() });

    PAGES[CHAPTER_PAGE] = '<h1>Chapter 1</h1>';
    await worker.scheduled(EVERY_MINUTE, env, ctx);
    expect(assets.asked).toContain(`GET ${CHAPTER_PAGE}`);
    expect(mail.transports).toHaveLength(1);
    const [transport] = mail.transports;
    expect(transport).toMatchObject({ host: 'smtp.example', closed: true });
    expect(transport!.sent.map((message) => message.to)).toEqual(['reader@example.com']);
    expect(transport!.sent[0]!.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/author\.example\/api\/unsubscribe\?token=/);
    const outbox = await t.database.db.selectFrom('mail_outbox').select(['kind', 'state']).execute();
    expect(outbox).toEqual([{ kind: 'release', state: 'sent' }]);
    expect(closed).toBe(1);
  });

  it('announces a release only once the deployed site serves its chapter page', async () => {
    env = { ...env, ...MAIL_ENV };
    await followedStory({ chapter_number: 1, status: 'published' });

    await worker.scheduled(EVERY_MINUTE, env, ctx);
    expect(assets.asked).toContain(`GET ${CHAPTER_PAGE}`);
    expect(await t.database.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);

    PAGES[CHAPTER_PAGE] = '<h1>Chapter 1</h1>';
    await worker.scheduled(EVERY_MINUTE, env, ctx);
    expect(mail.transports.flatMap((transport) => transport.sent.map((message) => message.to))).toEqual(['reader@example.com']);
  });

  it('makes no transport and sends nothing without SMTP_URL', async () => {
    await followedStory({ chapter_number: 1, status: 'published' });
    await worker.scheduled(EVERY_MINUTE, env, ctx);
    expect(mail.transports).toEqual([]);
    expect(await t.database.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
  });

  it('does not open the database when the configuration is invalid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    env = { ASSETS: assets.binding, ...ENV, DATABASE_URL: 'not a url' };
    await expect(worker.scheduled(EVERY_MINUTE, env, ctx)).rejects.toThrow('configuration is invalid');
    expect(closed).toBe(0);
  });
});
