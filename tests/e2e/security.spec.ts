// The XSS corpus (scripts/test/xss-corpus.ts) through every text field the site shows (docs/product.md, Security):
// the author puts it in chapter Markdown, chapter and image comments (name and text), the profile,
// social links, stories, chapters, galleries, image titles and alt texts and the prompts inside an
// uploaded PNG; after the site republished, a browser visits every page that shows them. Nothing
// may run (no dialog, no __xss call), the CSP must have had nothing live to block, and neither the
// served HTML nor the live DOM may hold a live element or attribute. Everything made here is
// deleted afterwards, and the profile and links restored, so the suites after this one meet the
// demo site as seeded.
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { png, tEXt } from '#functions/images/metadata/test-files.ts';
import { SOCIAL_PLATFORMS } from '#lib/socials.ts';
import { type ElementSnapshot, findLiveMarkup, NUL_PAYLOADS, packPayloads, XSS_MARKDOWN, XSS_PAYLOADS } from '#scripts/test/xss-corpus.ts';
import { ADMIN, signIn } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const DEMO_STORY = 'the-lantern-fleet';
const CHAPTER_NUMBER = 90; // far past the demo story's chapters
const ALL_TEXT = XSS_PAYLOADS.map((payload) => payload.text).join(' ');
/** One short-field chunk per story, gallery and image: every payload gets into a title. */
const TITLES = packPayloads(200);
/** Comment texts, with room for the run's marker. */
const COMMENT_TEXTS = packPayloads(1000 - 20);
const slug = (kind: string, i: number) => `xss-${kind}-${RUN}-${i}`;

let api: APIRequestContext;
let baseURL: string;
const made = { stories: [] as number[], galleries: [] as number[], chapter: 0 };
let saved: { profile: Record<string, unknown>; socials: Record<string, string> };

/** Asserts the API took or refused the input as a client error, never with a 500. */
async function expectHandled(response: { status(): number; text(): Promise<string> }, what: string): Promise<number> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(500);
  return response.status();
}

// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer it expects
async function post(path: string, data: object): Promise<Record<string, any>> {
  const res = await api.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** A reader's comment; the per-address limit (5 a minute) is waited out, as a patient reader would. */
async function comment(path: string, data: object): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await api.post(path, { data });
    if (res.status() !== 429) {
      expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, (Number(res.headers()['retry-after'] ?? 60) + 1) * 1000));
  }
  throw new Error(`${path}: still rate-limited`);
}

/** A gallery image whose A1111 `parameters` chunk carries payloads in the prompt, negative prompt, model and a LoRA name. */
function hostilePng(i: number): { name: string; mimeType: string; buffer: Buffer } {
  const parameters = [
    `${ALL_TEXT} <lora:x" onerror="__xss('lora-${i}'):0.8>`,
    `Negative prompt: ${ALL_TEXT}`,
    `Steps: 20, Sampler: ${TITLES[i % TITLES.length]!.replace(/,/g, ' ')}, CFG scale: 7, Seed: ${i}, Size: 1x1, Model: ${TITLES[(i + 1) % TITLES.length]!.replace(/,/g, ' ')}`,
  ].join('\n');
  return { name: `xss-${i}.png`, mimeType: 'image/png', buffer: Buffer.from(png([tEXt('parameters', parameters)])) };
}

async function publishedState(): Promise<{ publishing: boolean }> {
  return (await (await api.get('/api/admin/publish-state')).json()).state;
}

/** Waits until the site is rebuilt with the last change: the landing page shows this round's marker. */
async function waitForPublish(marker: string): Promise<void> {
  await expect
    .poll(async () => !(await publishedState()).publishing && (await (await api.get('/')).text()).includes(marker), {
      timeout: 240_000,
      intervals: [1000],
    })
    .toBe(true);
}

/** The profile with the round's chunks: bio and tagline cycle through the corpus, the name too. */
function hostileProfile(round: number) {
  const names = packPayloads(200 - 20);
  return {
    name: `${names[round % names.length]} ${RUN}`,
    bio: packPayloads(2000)[round % 2],
    tagline: `${packPayloads(480)[round % packPayloads(480).length]} (${RUN}-${round})`,
  };
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a hook wants from this pattern (none here), and refuses anything but a pattern
test.beforeAll(async ({}, info) => {
  test.setTimeout(600_000);
  baseURL = info.project.use.baseURL!;
  api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  saved = {
    profile: (await (await api.get('/api/author/get')).json()).profile,
    socials: (await (await api.get('/api/socials/get')).json()).socials,
  };

  // Social links and image addresses: each payload in every field; refused (400) or stored, never 500.
  for (const payload of [...XSS_PAYLOADS, ...NUL_PAYLOADS]) {
    const links = Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, payload.text]));
    await expectHandled(await api.post('/api/socials/update', { data: links }), `socials ${payload.id}`);
    await expectHandled(
      await api.post('/api/author/update', { data: { name: 'x', profile_image: payload.text } }),
      `profile_image ${payload.id}`,
    );
  }
  // NUL payloads in text fields: refused with 400 (or stored without the NUL); never 500.
  for (const payload of NUL_PAYLOADS) {
    await expectHandled(await api.post('/api/author/update', { data: { name: payload.text, bio: payload.text } }), `profile ${payload.id}`);
    const story = await api.post('/api/stories/create', { data: { title: payload.text, slug: slug(payload.id, 0) } });
    if ((await expectHandled(story, `story ${payload.id}`)) === 201) made.stories.push((await story.json()).story.id);
  }
  // An image address that passes as a URL yet breaks out of an attribute if written unescaped.
  await expectHandled(
    await api.post('/api/author/update', {
      data: { name: 'x', profile_image: `https://evil.example/a.png"onerror="__xss('profile-image')"` },
    }),
    'profile image',
  );
  // Links that pass as URLs yet break out of an attribute if written unescaped.
  const urlPayloads = [
    'https://evil.example/"onmouseover="__xss(1)"x="',
    `https://evil.example/#"><script>__xss('url-fragment')</script>`,
    `https://evil.example/'><svg/onload=__xss('url-svg')>`,
  ];
  await post(
    '/api/socials/update',
    Object.fromEntries(SOCIAL_PLATFORMS.map((platform, i) => [platform, urlPayloads[i % urlPayloads.length]])),
  );

  // Stories, each with a chapter: every title chunk once, long fields with the whole corpus.
  for (const [i, title] of TITLES.entries()) {
    const { story } = await post('/api/stories/create', {
      title,
      slug: slug('story', i),
      status: 'published',
      description: ALL_TEXT.slice(0, 5000),
      blurb: XSS_MARKDOWN,
      primary_keywords: packPayloads(1000)[i % 4],
      longtail_keywords: packPayloads(2000)[i % 2],
      target_audience: packPayloads(500)[i % 7],
      genres: ['Space Opera'],
      cover_image: `https://evil.example/c.png"onerror="__xss('cover-${i}')"`,
      break_image: `https://evil.example/b.png"onerror="__xss('break-${i}')"`,
    });
    made.stories.push(story.id);
    await post('/api/chapters/create', {
      story_id: story.id,
      title,
      slug: 'one',
      content: `${XSS_MARKDOWN}\n\n---\n\nThe end.`,
      chapter_number: 1,
      status: 'published',
    });
  }
  // The chapter on the demo story: its Markdown is the whole corpus.
  const demo = (await (await api.get(`/api/stories/list?slug=${DEMO_STORY}`)).json()).stories[0];
  made.chapter = (
    await post('/api/chapters/create', {
      story_id: demo.id,
      title: TITLES[0],
      slug: `xss-${RUN}`,
      content: XSS_MARKDOWN,
      chapter_number: CHAPTER_NUMBER,
      status: 'published',
    })
  ).chapter.id;

  // Galleries; the first holds an image per title chunk, with alt text and prompts from the corpus.
  for (const [i, title] of TITLES.entries()) {
    const { gallery } = await post('/api/galleries/create', {
      title,
      slug: slug('gallery', i),
      description: ALL_TEXT.slice(0, 5000),
      rating: 'PG',
    });
    made.galleries.push(gallery.id);
  }
  for (let i = 0; i < TITLES.length; i++) {
    const res = await api.post('/api/images/gallery-upload', {
      multipart: { gallery_id: String(made.galleries[0]), 'files[]': hostilePng(i) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const { images } = await (await api.get(`/api/images/gallery-list?gallery_id=${made.galleries[0]}&limit=100`)).json();
  expect(images).toHaveLength(TITLES.length);
  for (const [i, image] of images.entries()) {
    await post('/api/images/gallery-update', { id: image.id, title: TITLES[i], alt_text: packPayloads(1000)[i % 4] });
  }

  // Comments, name and text, on the demo-story chapter and the first image; then approved.
  const texts = COMMENT_TEXTS;
  const names = packPayloads(100);
  for (const [i, content] of texts.entries()) {
    await comment('/api/chapters/comments/create', { chapter_id: made.chapter, author_name: names[2 * i], content: `${content} ${RUN}` });
    await comment('/api/images/gallery-comment-create', {
      image_id: images[0].id,
      author_name: names[2 * i + 1],
      content: `${content} ${RUN}`,
    });
  }
  const pending = (await (await api.get('/api/admin/comments/list?status=pending')).json()).comments as { id: number; content: string }[];
  const ours = pending.filter((c) => c.content.endsWith(RUN));
  expect(ours).toHaveLength(texts.length * 2);
  for (const { id } of ours) await post('/api/admin/comments/moderate', { id, action: 'approve' });

  // The profile last: its marker on the landing page says the rebuild took everything in.
  await post('/api/author/update', hostileProfile(0));
  await waitForPublish(`${RUN}-0`);
});

test.afterAll(async () => {
  test.setTimeout(240_000);
  for (const id of made.stories) await api.post('/api/stories/delete', { data: { id } });
  for (const id of made.galleries) await api.post('/api/galleries/delete', { data: { id } });
  if (made.chapter) await api.post('/api/chapters/delete', { data: { id: made.chapter } });
  const { profile, socials } = saved;
  const { name, bio, tagline, profile_image, background_image_light, background_image_dark, site_domain } = profile;
  await api.post('/api/author/update', {
    data: { name, bio, tagline, profile_image, background_image_light, background_image_dark, site_domain },
  });
  await api.post('/api/socials/update', { data: socials });
  // The next suites meet the restored site: nothing of this run left on the landing page.
  await expect
    .poll(async () => !(await publishedState()).publishing && !(await (await api.get('/')).text()).includes(RUN), {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBe(true);
  await api.dispose();
});

/** Records payload calls, dialogs and CSP violations on a page; `check` fails on any of them or on live markup. */
async function guard(page: Page) {
  const dialogs: string[] = [];
  // The hostile image addresses point at a host that does not exist: do not wait for DNS.
  await page.route(/evil\.example/, (route) => route.abort());
  page.on('dialog', async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: (id: unknown) => void; __xssCalls: string[]; __csp: string[] };
    w.__xssCalls = [];
    w.__csp = [];
    w.__xss = (id) => w.__xssCalls.push(String(id));
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  /** What the page shows of the corpus being live; `servedHtml` is also parsed (by the page's own parser). */
  async function findings(servedHtml: string | null) {
    const seen = await page.evaluate((html) => {
      const w = window as unknown as { __xssCalls: string[]; __csp: string[] };
      const snapshot = (root: ParentNode) =>
        [...root.querySelectorAll('*')].map((el) => ({
          tag: el.localName,
          attributes: [...el.attributes].map((a) => [a.name, a.value] as [string, string]),
          text: el.localName === 'script' || el.localName === 'style' ? (el.textContent ?? '') : '',
        }));
      const served = html === null ? [] : snapshot(new DOMParser().parseFromString(html, 'text/html'));
      const ldJson = [...document.querySelectorAll('script[type="application/ld+json"]')].map((el) => el.textContent ?? '');
      return { calls: w.__xssCalls, csp: w.__csp, live: snapshot(document), served, ldJson };
    }, servedHtml);
    return {
      dialogs: [...dialogs],
      calls: seen.calls,
      csp: seen.csp,
      liveInDom: findLiveMarkup(seen.live as ElementSnapshot[], baseURL),
      liveInServedHtml: findLiveMarkup(seen.served as ElementSnapshot[], baseURL),
      brokenJsonLd: seen.ldJson.filter((text) => !isJson(text)),
    };
  }
  async function check(where: string) {
    const found = await findings(await (await page.request.get(page.url())).text());
    expect.soft(found.dialogs, `${where}: dialogs`).toEqual([]);
    expect.soft(found.calls, `${where}: payloads that ran`).toEqual([]);
    expect.soft(found.csp, `${where}: CSP had to block something (a live payload in the DOM?)`).toEqual([]);
    expect.soft(found.liveInDom, `${where}: live markup in the DOM`).toEqual([]);
    expect.soft(found.liveInServedHtml, `${where}: live markup in the served HTML`).toEqual([]);
    expect.soft(found.brokenJsonLd, `${where}: JSON-LD that does not parse`).toEqual([]);
  }
  return { check, findings };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

async function visit(page: Page, check: (where: string) => Promise<void>, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await page.waitForLoadState('networkidle');
  // Islands hydrate when seen: bring the whole page into view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  // The payloads are there, as words (so a page that lost them cannot pass).
  await expect(page.locator('body')).toContainText('__xss(');
  await check(path);
}

test('the checks catch the corpus when it is live (so they can fail)', async ({ page }) => {
  const { findings } = await guard(page);
  // A page with the raw corpus and no CSP, served from the site's origin by the browser itself.
  const html = `<!doctype html><title>live</title><body>${ALL_TEXT}</body>`;
  await page.route('**/__xss-self-test', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto('/__xss-self-test');
  await page.waitForTimeout(500);
  const found = await findings(html);
  expect(found.calls.length + found.dialogs.length).toBeGreaterThan(5);
  expect(found.liveInDom.length).toBeGreaterThan(20);
  expect(found.liveInServedHtml.length).toBeGreaterThan(20);
});

test('the public pages show the corpus as text', async ({ page }) => {
  test.setTimeout(300_000);
  const { check } = await guard(page);
  for (const path of ['/', '/storytime/', '/galleries/']) await visit(page, check, path);
  for (let i = 0; i < TITLES.length; i++) {
    await visit(page, check, `/storytime/story/${slug('story', i)}/`);
    await visit(page, check, `/storytime/story/${slug('story', i)}/chapter/1/`);
    await visit(page, check, `/galleries/${slug('gallery', i)}/`);
  }
});

test('the chapter with the corpus in Markdown, and its approved comments', async ({ page }) => {
  const { check } = await guard(page);
  await visit(page, check, `/storytime/story/${DEMO_STORY}/`);
  await visit(page, check, `/storytime/story/${DEMO_STORY}/chapter/${CHAPTER_NUMBER}/`);
  const comments = page.getByRole('region', { name: /Comments/ });
  await expect(comments.getByRole('heading', { name: `Comments (${COMMENT_TEXTS.length})` })).toBeVisible();
  // The payloads show as the words they are.
  await expect(comments.getByText(RUN).first()).toBeVisible();
  await check('chapter comments');
});

test('the lightbox shows every image, its prompts and its comments as text', async ({ page }) => {
  test.setTimeout(120_000);
  const { check } = await guard(page);
  await visit(page, check, `/galleries/${slug('gallery', 0)}/`);
  await page.locator('.image-open').first().click();
  const box = page.locator('.lightbox');
  await expect(box).toBeVisible();
  await expect(box.getByRole('heading', { name: /^Comments/ })).toBeVisible();
  await expect(box.getByText(RUN).first()).toBeVisible();
  await check('lightbox, first image');
  for (let i = 1; i < TITLES.length; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(box.locator('.lightbox-header .muted')).toHaveText(`${i + 1} of ${TITLES.length}`);
    await check(`lightbox, image ${i + 1}`);
  }
});

test('the admin screens that list the corpus run none of it', async ({ page }) => {
  test.setTimeout(120_000);
  const { check } = await guard(page);
  await signIn(page);
  for (const path of [
    '/admin',
    '/admin/stories',
    `/admin/stories/${made.stories[0]}`,
    '/admin/galleries',
    `/admin/galleries/${made.galleries[0]}`,
    '/admin/author',
    '/admin/socials',
    '/admin/moderation',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await check(path);
  }
});

test('another round of profile text (bio and tagline cycle through the whole corpus)', async ({ page }) => {
  test.setTimeout(600_000);
  const { check } = await guard(page);
  for (let round = 1; round < packPayloads(480).length; round++) {
    await post('/api/author/update', hostileProfile(round));
    await waitForPublish(`${RUN}-${round}`);
    await visit(page, check, '/');
  }
  await visit(page, check, `/storytime/story/${slug('story', 0)}/chapter/1/`);
});
