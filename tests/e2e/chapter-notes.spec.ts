// Author's notes, content warnings and the preview as a reader (docs/product.md, The writing
// desk): set through the API, seen on the rebuilt chapter page, in the feed and in the EPUB; a
// draft previewed behind the session only; the reader's Edit link leads to the chapter's editor.
import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { ADMIN, expectNoAxeViolations, signIn, watchConsoleErrors } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const STORY_SLUG = 'the-lantern-fleet';
const PUBLISHED_NUMBER = 77; // far past the demo story's chapters
const CHAPTER_PAGE = `/storytime/story/${STORY_SLUG}/chapter/${PUBLISHED_NUMBER}/`;
const WARNINGS = ['Violence', 'Death of a pet'];
const NOTE_BEFORE = `Thank you for waiting, ${RUN}.`;
const NOTE_AFTER = 'Next week: **the storm**.';
const DRAFT_TEXT = `The unpublished twist ${RUN} nobody may read yet.`;

let api: APIRequestContext;
const made = { storyId: 0, breakImage: '', published: 0, draft: 0 };

// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer it expects
async function post(path: string, data: object): Promise<Record<string, any>> {
  const res = await api.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Waits until the site is rebuilt with the last change and the chapter page shows `text` (or no longer exists). */
async function waitForSite(text: string, present = true): Promise<void> {
  await expect
    .poll(
      async () => {
        const { state } = await (await api.get('/api/admin/publish-state')).json();
        return !state.publishing && (await (await api.get(CHAPTER_PAGE)).text()).includes(text) === present;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a hook wants from this pattern (none here), and refuses anything but a pattern
test.beforeAll(async ({}, info) => {
  test.setTimeout(180_000);
  const baseURL = info.project.use.baseURL!;
  api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  const { stories } = await (await api.get(`/api/stories/list?slug=${STORY_SLUG}`)).json();
  made.storyId = stories[0].id;
  made.breakImage = stories[0].breakImage;
  const chapter = { story_id: made.storyId, content: `The text of the chapter, ${RUN}.` };
  made.published = (
    await post('/api/chapters/create', {
      ...chapter,
      title: 'Warned',
      slug: `warned-${RUN}`,
      chapter_number: PUBLISHED_NUMBER,
      status: 'published',
      note_before: NOTE_BEFORE,
      note_after: NOTE_AFTER,
      content_warnings: WARNINGS,
    })
  ).chapter.id;
  made.draft = (
    await post('/api/chapters/create', {
      ...chapter,
      title: 'Secret draft',
      slug: `secret-${RUN}`,
      chapter_number: PUBLISHED_NUMBER + 1,
      content: DRAFT_TEXT,
      content_warnings: ['Spiders'],
    })
  ).chapter.id;
  await waitForSite(NOTE_BEFORE);
});

test.afterAll(async () => {
  test.setTimeout(180_000);
  for (const id of [made.published, made.draft]) if (id) await post('/api/chapters/delete', { id });
  await waitForSite(NOTE_BEFORE, false); // the next files meet the demo site again
  await api.dispose();
});

test('the warnings come before the text and the notes sit in folding boxes around it, in the feed and the EPUB too', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  await page.goto(CHAPTER_PAGE);
  const warnings = page.getByRole('region', { name: 'Content warnings' });
  await expect(warnings.getByRole('listitem')).toHaveText(WARNINGS);
  const notes = page.locator('details.author-note');
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toHaveAttribute('open', '');
  await expect(notes.first()).toContainText(NOTE_BEFORE);
  await expect(notes.last().locator('strong')).toHaveText('the storm');
  const top = async (selector: string) => (await page.locator(selector).boundingBox())!.y;
  expect(await top('.content-warnings')).toBeLessThan(await top('.author-note-before'));
  expect(await top('.author-note-before')).toBeLessThan(await top('.chapter-text'));
  expect(await top('.chapter-text')).toBeLessThan(await top('.author-note-after'));
  await notes.first().getByText("Author's note").click();
  await expect(notes.first().getByText(NOTE_BEFORE)).toBeHidden();
  await expectNoAxeViolations(page);

  // Both themes at phone width, for a person to look at.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.screenshot({ path: test.info().outputPath('chapter-notes-phone-dark.png'), fullPage: true });
  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await page.screenshot({ path: test.info().outputPath('chapter-notes-phone-light.png'), fullPage: true });
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);

  const feed = await (await api.get(`/storytime/story/${STORY_SLUG}/feed.xml`)).text();
  expect(feed).toContain('Content warnings: Violence, Death of a pet.');
  const book = unzipSync(new Uint8Array(await (await api.get(`/storytime/story/${STORY_SLUG}/${STORY_SLUG}.epub`)).body()));
  const page77 = new TextDecoder().decode(book[`EPUB/chapter-${PUBLISHED_NUMBER}.xhtml`]);
  expect(page77).toContain('<li>Death of a pet</li>');
  expect(page77).toContain(NOTE_BEFORE);
});

test('a draft is previewed as readers will see it, behind the session, never built into the site', async ({ page, browser }) => {
  const preview = `/storytime/preview/?chapter=${made.draft}`;
  // Without a session: a way to sign in, not the text.
  const stranger = await (await browser.newContext()).newPage();
  const answer = await stranger.goto(preview);
  expect(answer!.headers()['cache-control']).toBe('no-store');
  await expect(stranger.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin/');
  await expect(stranger.getByText(DRAFT_TEXT)).toHaveCount(0);
  await stranger.context().close();

  await signIn(page);
  await page.goto(preview);
  await expect(page.getByText('Preview — readers do not see this yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Secret draft', level: 1 })).toBeVisible();
  await expect(page.getByText(DRAFT_TEXT)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Content warnings' }).getByRole('listitem')).toHaveText(['Spiders']);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByLabel('Reading settings')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('preview-desktop-dark.png'), fullPage: true });

  // A newer working copy is what the preview shows, page breaks as the story's image.
  await post('/api/chapters/autosave', {
    chapter_id: made.draft,
    title: 'Secret draft',
    content: `${DRAFT_TEXT}\n\n---\n\nTyped on, ${RUN}.`,
  });
  await page.reload();
  await expect(page.getByText(`Typed on, ${RUN}.`)).toBeVisible();
  await expect(page.getByText(/This is the working copy autosaved/)).toBeVisible();
  await expect(page.locator('.chapter-text .page-break img')).toHaveAttribute('src', made.breakImage);

  // The built shell holds no chapter, and the draft has no page of its own.
  expect(await (await api.get('/storytime/preview/')).text()).not.toContain(RUN);
  expect(await (await api.get(`/storytime/story/${STORY_SLUG}/chapter/${PUBLISHED_NUMBER + 1}/`)).text()).not.toContain(DRAFT_TEXT);
  expect(await (await api.get('/robots.txt')).text()).toContain('Disallow: /storytime/preview/');
});

test("the reader's Edit link opens the chapter's editor", async ({ page }) => {
  await signIn(page, 'author');
  await page.goto(CHAPTER_PAGE);
  const edit = page.getByRole('link', { name: 'Edit', exact: true });
  const editor = `/admin/stories/${made.storyId}/chapters/${made.published}`;
  await expect(edit).toHaveAttribute('href', editor);
  // The browser goes to the editor's address (the admin app routes it from there).
  await Promise.all([page.waitForURL(editor, { waitUntil: 'commit' }), edit.click()]);
});
