// Scheduled releases as the author uses them: the time zone in the profile, a chapter scheduled
// from the chapter editor, the story page announcing it ('Next chapter on …') while the chapter
// itself stays unpublished, a past time publishing at once, and a recurring schedule that fills
// the drafts. The story is made here and deleted at the end; the time zone is put back.
import { expect, type Page, test } from '@playwright/test';
import { formatReleaseTime, wallTimeToInstant } from '#lib/releases.ts';
import { backToChapters, expectNoAxeViolations, saveChapter, signIn, typeChapterText } from './helpers.ts';

test.describe.configure({ mode: 'serial' });

const ZONE = 'Asia/Tokyo';
const TITLE = 'The Quiet Orbit';
const SLUG = 'the-quiet-orbit';
const RELEASE = { date: `${new Date().getUTCFullYear() + 1}-03-14`, time: '18:00' };
const NEXT_CHAPTER = `Next chapter on ${formatReleaseTime(wallTimeToInstant(RELEASE, ZONE), ZONE)}`;

const notice = (page: Page) => page.locator('.chapter-panel > .notice');
/** The chapter editor's notice after a save. */
const editorNotice = (page: Page) => page.locator('.desk-form > .notice');

async function setTimeZone(page: Page, zone: string) {
  await page.goto('/admin/author');
  await page.getByLabel('Time Zone').selectOption(zone);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.locator('.admin-main').getByRole('status')).toHaveText('Profile updated successfully!');
}

/** Writes a chapter in the editor (opened by Add Chapter), saves it, sees `saved` (the editor's notice) and goes back to the chapters. */
async function addChapter(
  page: Page,
  number: number,
  status: 'draft' | 'published' | 'scheduled',
  release?: { date: string; time: string },
  saved: string | RegExp = /^Saved at /,
) {
  await page.getByRole('link', { name: 'Add Chapter' }).click();
  await page.getByLabel('Title').fill(`Orbit ${number}`);
  await page.getByLabel('Chapter number').fill(String(number));
  await typeChapterText(page, `The station turned, slowly, for the ${number}th time.`);
  await page.getByLabel('Status').selectOption(status);
  if (release) {
    await expect(page.getByRole('group', { name: `Scheduled release (${ZONE})` })).toBeVisible();
    await page.getByLabel('Release date').fill(release.date);
    await page.getByLabel('Release time', { exact: true }).fill(release.time);
    await expectNoAxeViolations(page);
  }
  expect((await saveChapter(page)).status()).toBe(201);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(editorNotice(page)).toHaveText(saved);
  await backToChapters(page, TITLE);
}

test('the author schedules a chapter and readers see when it comes', async ({ page }) => {
  test.setTimeout(120_000); // waits for the site to republish
  await signIn(page);
  await setTimeZone(page, ZONE);

  await page.goto('/admin/stories');
  await page.getByRole('button', { name: 'New Story' }).click();
  const storyForm = page.getByRole('dialog', { name: 'New Story' });
  await storyForm.getByLabel('Title').fill(TITLE);
  await storyForm.getByLabel('Status').selectOption('published');
  await storyForm.getByRole('button', { name: 'Create Story' }).click();
  await expect(page.getByRole('heading', { name: `Chapters of “${TITLE}”` })).toBeVisible();

  await addChapter(page, 1, 'published');
  await addChapter(page, 2, 'scheduled', RELEASE);
  const scheduled = page.locator('.chapter-row', { hasText: 'Orbit 2' });
  await expect(scheduled.locator('.badge')).toHaveText('scheduled');
  await expect(scheduled).toContainText(`Releases ${formatReleaseTime(wallTimeToInstant(RELEASE, ZONE), ZONE)}`);

  // The editor shows the saved time again on the author's clock.
  await scheduled.getByRole('link', { name: 'Edit chapter 2' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('scheduled');
  await expect(page.getByLabel('Release date')).toHaveValue(RELEASE.date);
  await expect(page.getByLabel('Release time', { exact: true })).toHaveValue(RELEASE.time);
  await backToChapters(page, TITLE);

  // Published in the background: the story page announces the chapter, which is not public yet.
  await expect(async () => {
    await page.goto(`/storytime/story/${SLUG}/`);
    await expect(page.getByText(NEXT_CHAPTER)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.locator('[data-chapter-list] li')).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.goto(`/storytime/story/${SLUG}/chapter/1/`);
  await expect(page.getByText(NEXT_CHAPTER)).toBeVisible();
  await expect(page.getByRole('link', { name: /Next Chapter/ })).toHaveCount(0);
  const early = await page.request.get(`/api/chapters/list?story_slug=${SLUG}&chapter_number=2`);
  expect(early.status()).toBe(404);
});

test('a release time that has passed publishes at once and says so', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/stories');
  await page.getByRole('link', { name: TITLE }).click();
  await addChapter(
    page,
    3,
    'scheduled',
    { date: '2020-01-01', time: '09:00' },
    'The release time has already passed, so the chapter was published at once.',
  );
  await expect(page.locator('.chapter-row', { hasText: 'Orbit 3' }).locator('.badge')).toHaveText('published');
});

test('a recurring schedule fills the drafts, and says so when there are none', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/stories');
  await page.getByRole('link', { name: TITLE }).click();
  await addChapter(page, 4, 'draft');
  await addChapter(page, 5, 'draft');

  await page.getByRole('button', { name: 'Release schedule' }).click();
  const dialog = page.getByRole('dialog', { name: `Release schedule of “${TITLE}”` });
  await dialog.getByRole('checkbox', { name: 'Tuesday' }).check();
  await dialog.getByRole('checkbox', { name: 'Friday' }).check();
  await dialog.getByLabel(`Release time (${ZONE})`).fill('18:00');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Schedule drafts' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toHaveText(/^2 chapters scheduled, the first on (Tuesday|Friday), .* at 6:00 PM GMT\+9\.$/);
  for (const title of ['Orbit 4', 'Orbit 5']) {
    await expect(page.locator('.chapter-row', { hasText: title }).locator('.chapter-release')).toHaveText(
      /^Releases (Tuesday|Friday), .* at 6:00 PM GMT\+9$/,
    );
  }

  await page.getByRole('button', { name: 'Release schedule' }).click();
  await expect(dialog.getByText('Current schedule: Tuesdays and Fridays at 18:00 (Asia/Tokyo).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Schedule drafts' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'There are no drafts without a release time in this story, so nothing was scheduled.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  await page.goto('/admin/stories');
  const card = page.locator('.story-card', { hasText: TITLE });
  if (await card.count()) {
    await card.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete|OK|Confirm/ })
      .click();
    await expect(card).toHaveCount(0);
  }
  await setTimeZone(page, 'UTC');
  await page.close();
});
