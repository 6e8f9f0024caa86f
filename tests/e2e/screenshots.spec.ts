// `npm run screenshots`: every screen in both themes at phone and desktop width, written to
// screenshots/ (not in git) for a person to look at. Skipped in the normal test run.
import { join, resolve } from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { chapterText, signIn } from './helpers.ts';

test.skip(!process.env['SCREENSHOTS'], 'set SCREENSHOTS=1 (npm run screenshots)');

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const THEMES = ['dark', 'light'] as const;

const PUBLIC_SCREENS = {
  landing: '/',
  stories: '/storytime/',
  story: '/storytime/story/the-lantern-fleet/',
  chapter: '/storytime/story/the-lantern-fleet/chapter/2/',
};
const ADMIN_SCREENS = {
  dashboard: '/admin',
  profile: '/admin/author',
  socials: '/admin/socials',
  password: '/admin/password',
  stories: '/admin/stories/1', // the demo story, selected: its chapters show below the cards
  uploads: '/admin/uploads',
  subscribers: '/admin/subscribers',
};

/** Dialogs of the Story Manager, opened on the demo story: [name, button that opens it]. */
const STORY_DIALOGS = [
  ['admin-story-form', 'Edit The Lantern Fleet'],
  ['admin-release-schedule', 'Release schedule'],
] as const;

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `screenshots/${name}-${size}.png`, fullPage: true });
  }
}

for (const theme of THEMES) {
  test(`screens in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const [name, path] of Object.entries(PUBLIC_SCREENS)) {
      await page.goto(path);
      await shoot(page, `${name}-${theme}`);
    }
    await page.goto(PUBLIC_SCREENS.chapter);
    await page.getByRole('button', { name: 'Reading settings' }).click();
    await shoot(page, `chapter-settings-${theme}`);
    await page.goto('/admin');
    await shoot(page, `admin-login-${theme}`);
    await signIn(page);
    // A follower waiting to confirm, so the Subscribers screen shows its list and a sent email.
    const follow = { email: 'reader@example.com', story_slug: 'the-lantern-fleet' };
    expect((await page.request.post('/api/subscribe', { data: follow, headers: { origin: new URL(page.url()).origin } })).status()).toBe(
      202,
    );
    for (const [name, path] of Object.entries(ADMIN_SCREENS)) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, `admin-${name}-${theme}`);
    }
    for (const [name, button] of STORY_DIALOGS) {
      await page.goto(ADMIN_SCREENS.stories);
      await page.getByRole('button', { name: button }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /^(Update|Create|Schedule)/ })
        .waitFor();
      await shoot(page, `${name}-${theme}`);
    }
    await page.goto(ADMIN_SCREENS.stories);
    await page.getByRole('link', { name: 'Edit chapter 2' }).click();
    await chapterText(page).waitFor();
    await shoot(page, `admin-chapter-editor-${theme}`);
  });
}

/**
 * The pages of following by email, each waiting at its button (the unsubscribe page as a valid
 * link shows it: the API's answer about the link is stood in for), and a refused address at the
 * Follow form of a story.
 */
const TOKEN = '1.00000000000000000000000000000000';
const FOLLOW_SCREENS = [
  ['subscribe-sent', '/subscribe/?sent=1', 'Browse the stories'],
  ['subscribe-confirm', `/subscribe/confirm/?token=${TOKEN}`, 'Confirm'],
  ['unsubscribe', `/unsubscribe/?token=${TOKEN}`, 'Unsubscribe'],
] as const;

for (const theme of THEMES) {
  test(`following by email in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.route('**/api/unsubscribe/info?*', (route) =>
      route.fulfill({ json: { success: true, story_slug: 'the-lantern-fleet', story_title: 'The Lantern Fleet' } }),
    );
    for (const [name, path, button] of FOLLOW_SCREENS) {
      await page.goto(path);
      await page.getByRole(button === 'Browse the stories' ? 'link' : 'button', { name: button }).waitFor();
      await shoot(page, `follow-${name}-${theme}`);
    }
    await page.goto(PUBLIC_SCREENS.story);
    const form = page.getByRole('region', { name: 'Follow by email' });
    await form.getByLabel('Email address').fill('reader@nowhere');
    await form.getByRole('button', { name: 'Follow' }).click();
    await form.getByText('Enter a valid email address').waitFor();
    await shoot(page, `follow-form-error-${theme}`);
  });
}

/** What each role's admin looks like, the two ways to sign out, and a refused field shown at its field. */
for (const theme of THEMES) {
  test(`roles, sign-out and field errors in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page, 'mod');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `admin-dashboard-mod-${theme}`);
    await page.goto('/admin/stories');
    await page.getByText('Your role cannot use this section.').waitFor();
    await shoot(page, `admin-forbidden-mod-${theme}`);
    await page.getByText('Logout').click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).waitFor();
    await shoot(page, `admin-logout-menu-${theme}`);
    await page.context().clearCookies();

    await signIn(page);
    await page.goto('/admin/socials');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const website = page.getByLabel('Website', { exact: false }).first();
    const before = await website.inputValue();
    await website.fill('ftp://example.com');
    await page.getByRole('button', { name: /^Save/ }).click();
    await page.getByText('The website link must start with http:// or https://').first().waitFor();
    await shoot(page, `admin-socials-field-error-${theme}`);
    await website.fill(before);
  });
}

/**
 * The Gallery Manager, on a gallery of its own (made and deleted here): the list, the form, an
 * upload in progress (slowed down so the bars are caught moving), its results, the image grid
 * and the image form. Upload shots skip `shoot`'s wait for an idle network.
 */
const AI_IMAGES = resolve('tests/fixtures/ai-images');
const UPLOADED = ['automatic1111_cropped.png', 'enslo-easy-reforge.png', 'enslo-swarmui.jpg', 'img2img_cropped.png', 'empty_file.png'];

async function shootNow(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `screenshots/${name}-${size}.png`, fullPage: true });
  }
}

for (const theme of THEMES) {
  test(`gallery manager in ${theme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page);
    await page.goto('/admin/galleries');
    await page.locator('.gallery-card').first().waitFor();
    await shoot(page, `admin-galleries-${theme}`);

    await page.getByRole('button', { name: 'New Gallery' }).click();
    const form = page.getByRole('dialog', { name: 'New Gallery' });
    await form.getByLabel('Title').fill(`Screens in ${theme}`);
    await form.getByLabel('Description').fill('Concept art for the next arc.');
    await shoot(page, `admin-gallery-form-${theme}`);
    await form.getByRole('button', { name: 'Create Gallery' }).click();
    await page.getByText('No images in this gallery').waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByLabel('Choose images').setInputFiles(UPLOADED.map((name) => join(AI_IMAGES, name)));
    await page
      .getByText(/Uploading [1-9]\d*%/)
      .first()
      .waitFor();
    await shootNow(page, `admin-gallery-uploading-${theme}`);
    await page.locator('.gallery-upload .notice').waitFor({ timeout: 90_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await shoot(page, `admin-gallery-upload-results-${theme}`);

    await page.getByRole('button', { name: 'Dismiss' }).click();
    await shoot(page, `admin-gallery-images-${theme}`);
    await page.locator('.image-card').first().getByRole('button', { name: /^Edit/ }).click();
    await shoot(page, `admin-gallery-image-form-${theme}`);
    await page.getByRole('dialog', { name: 'Edit Image' }).getByRole('button', { name: 'Cancel' }).click();
    await page
      .locator('.image-card')
      .first()
      .getByRole('button', { name: /^Move to/ })
      .click();
    await shoot(page, `admin-gallery-image-move-${theme}`);
    await page.getByRole('dialog', { name: /^Move/ }).getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Delete Screens in ${theme}` }).click();
    await shoot(page, `admin-gallery-delete-${theme}`);
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Gallery deleted successfully!').waitFor();
  });
}

/** The public galleries: the list (PG, then X), the 18+ question, a gallery and its lightbox. */
for (const theme of THEMES) {
  test(`public galleries in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/galleries/');
    await shoot(page, `galleries-${theme}`);
    await page.getByLabel('Rating').selectOption('X');
    await page.getByRole('dialog', { name: 'Are you 18 or older?' }).waitFor();
    await shoot(page, `gallery-age-gate-${theme}`);
    await page.getByRole('button', { name: 'I am 18 or older' }).click();
    await page.getByRole('link', { name: 'After Dark' }).waitFor();
    await shoot(page, `galleries-x-${theme}`);
    await page.goto('/galleries/field-studies/');
    await shoot(page, `gallery-${theme}`);
    await page.getByRole('button', { name: 'Open Winged traveller' }).click();
    await page.getByRole('dialog', { name: 'Winged traveller' }).getByText('Sketchbook Sam').waitFor();
    await shoot(page, `gallery-lightbox-${theme}`);

    // A wide hero among normal cards (the list as the API might give it), and an image made with
    // a tool its content credentials name, upscaled.
    const { galleries } = await (await page.request.get('/api/galleries/list')).json();
    const wide = { ...galleries[0], id: 1000, title: 'Panorama', hero_width: 2400, hero_height: 800 };
    const more = [2000, 3000, 4000].map((id) => ({ ...galleries[0], id, title: `More studies ${id / 1000}` }));
    await page.route('**/api/galleries/list*', (route) =>
      route.fulfill({ json: { success: true, galleries: [galleries[0], wide, ...more] } }),
    );
    await page.goto('/galleries/');
    await page.getByRole('link', { name: 'Panorama' }).waitFor();
    await shoot(page, `galleries-wide-hero-${theme}`);
    await page.route('**/api/images/gallery-list*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.images[0] = {
        ...body.images[0],
        made_with: 'ChatGPT',
        settings: { ...body.images[0].settings, upscaled_width: 1536, upscaled_height: 1536 },
      };
      await route.fulfill({ response, json: body });
    });
    await page.goto('/galleries/after-dark/');
    await page.getByRole('button', { name: 'Open Neon rain' }).click();
    await page.getByRole('dialog', { name: 'Neon rain' }).getByText('Made with ChatGPT').waitFor();
    await shoot(page, `gallery-lightbox-made-with-${theme}`);
  });
}

/** The Moderation Manager on the demo comments: the list, the Ban IP dialog, a ban in the list, the unban question. */
for (const theme of THEMES) {
  test(`moderation in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page);
    await page.goto('/admin/moderation');
    await page.locator('.moderation-comment').first().waitFor();
    await shoot(page, `admin-moderation-${theme}`);

    const demoAddress = '203.0.113.7'; // the seeded chapter comments' address, never the test's own
    await page
      .getByRole('button', { name: `Ban IP ${demoAddress}` })
      .first()
      .click();
    await shoot(page, `admin-moderation-ban-${theme}`);
    await page.getByRole('dialog', { name: 'Ban IP Address' }).getByRole('button', { name: 'Ban IP' }).click();
    await page.getByText('IP address banned successfully!').waitFor();
    await shoot(page, `admin-moderation-banned-${theme}`);

    await page.getByRole('button', { name: `Unban ${demoAddress}` }).click();
    await shoot(page, `admin-moderation-unban-${theme}`);
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Unban' }).click();
    await page.getByText('IP address unbanned successfully!').waitFor();
  });
}

/**
 * The Analytics Dashboard with a few visitors' reading: five browsers (one visitor each, as the
 * server tells visitors apart) read the demo story, fewer at each chapter, and some look at a
 * gallery. Sent straight to the ingest call, as the pages would; all on today's UTC day.
 */
const ANALYTICS_VISITORS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];
const DEMO_STORY = 'the-lantern-fleet';

async function sendVisits(baseURL: string) {
  for (const [visitor, userAgent] of ANALYTICS_VISITORS.entries()) {
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': userAgent } });
    const session_id = crypto.randomUUID();
    const send = async (url_path: string, event: Record<string, unknown>) => {
      const answer = await api.post('/api/analytics/ingest', {
        data: { session_id, url_path, referrer: visitor % 2 ? 'https://www.example.com/reviews' : null, ...event },
      });
      if (answer.status() !== 204) throw new Error(`ingest answered ${answer.status()}: ${await answer.text()}`);
    };
    const story = `/storytime/story/${DEMO_STORY}/`;
    await send(story, { event_type: 'page_view', meta: { title: 'The Lantern Fleet - Mara Quillon' } });
    await send(story, { event_type: 'story_view', content_type: 'story', content_id: DEMO_STORY });
    const chaptersRead = 3 - Math.floor(visitor / 2); // 3, 3, 2, 2, 1: where readers drop off
    for (let chapter = 1; chapter <= chaptersRead; chapter++) {
      const path = `${story}chapter/${chapter}/`;
      const ids = { content_type: 'chapter', content_id: String(chapter), parent_type: 'story', parent_id: DEMO_STORY };
      await send(path, { event_type: 'page_view', meta: { title: `Chapter ${chapter} - The Lantern Fleet` } });
      await send(path, { event_type: 'chapter_view', ...ids });
      await send(path, {
        event_type: 'chapter_depth',
        ...ids,
        value_num: 1 - visitor * 0.15,
        meta: { time_ms: 60_000 + visitor * 25_000 },
      });
    }
    if (visitor % 2 === 0) {
      await send('/galleries/field-studies/', { event_type: 'page_view', meta: { title: 'Field Studies - Galleries - Mara Quillon' } });
      await send('/galleries/field-studies/', { event_type: 'gallery_view', content_type: 'gallery', content_id: 'field-studies' });
    }
    await api.dispose();
  }
}

test.describe('analytics', () => {
  test.beforeAll(async () => sendVisits(test.info().project.use.baseURL!));

  for (const theme of THEMES) {
    test(`analytics in ${theme}`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signIn(page);
      await page.goto('/admin/analytics');
      await page.locator('.analytics-card').first().waitFor();
      await page.getByRole('list', { name: 'Readers of each chapter as a share of chapter 1' }).waitFor();
      await shoot(page, `admin-analytics-${theme}`);
      await page.getByLabel('Content', { exact: true }).selectOption('chapters');
      await page.getByLabel('Segment', { exact: true }).selectOption('browser');
      await page.getByLabel('Period').selectOption('365');
      await page.getByRole('cell', { name: 'The Patient Magpie' }).waitFor();
      await shoot(page, `admin-analytics-year-${theme}`);
    });
  }
});

/** Export & Import, and its replace confirmation (opened with the site's own export). */
for (const theme of THEMES) {
  test(`export and import in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signIn(page);
    await page.goto('/admin/archive');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `admin-archive-${theme}`);
    const archive = Buffer.from(await (await page.request.get('/api/admin/export')).body());
    await page.getByLabel('Archive file').setInputFiles({ name: 'author-site.zip', mimeType: 'application/zip', buffer: archive });
    await page.getByRole('button', { name: 'Import archive' }).click();
    await page.getByRole('dialog', { name: 'Replace this site?' }).waitFor();
    await shoot(page, `admin-archive-replace-${theme}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
}

/** An adult story (made and deleted here): its 18+ question, the list with its badge, and the story once confirmed. */
test('adult story gate in both themes', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const made = await page.request.post('/api/stories/create', {
    data: {
      title: 'Velvet Hours',
      slug: 'velvet-hours-shots',
      status: 'published',
      target_audience: '18+',
      blurb: 'Behind the velvet rope, the night belongs to them.',
    },
  });
  const { story } = await made.json();
  await page.request.post('/api/chapters/create', {
    data: { story_id: story.id, title: 'Doors', slug: 'doors', chapter_number: 1, content: 'The doors opened.', status: 'published' },
  });
  const path = '/storytime/story/velvet-hours-shots/';
  await expect.poll(async () => (await page.request.get(`${path}chapter/1/`, { maxRedirects: 0 })).status(), { timeout: 90_000 }).toBe(200);
  try {
    for (const theme of THEMES) {
      const context = await page.context().browser()!.newContext();
      const reader = await context.newPage();
      await reader.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await reader.goto(path);
      await reader.getByRole('dialog', { name: 'Are you 18 or older?' }).waitFor();
      await shoot(reader, `story-age-gate-${theme}`);
      await reader.getByRole('button', { name: 'No, keep it hidden' }).click();
      await shoot(reader, `story-age-gate-declined-${theme}`);
      await reader.goto('/storytime/');
      await shoot(reader, `stories-adult-${theme}`);
      await context.close();
    }
  } finally {
    await page.request.post('/api/stories/delete', { data: { id: story.id } });
  }
});

/** Scheduled releases (a chapter made and deleted here): the chapter list and the editor with a release time, and 'Next chapter on' on the story page. */
test('scheduled release in both themes', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  const releaseAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
  const made = await page.request.post('/api/chapters/create', {
    data: {
      story_id: 1,
      title: 'The Long Watch',
      slug: 'the-long-watch-shots',
      chapter_number: 40,
      content: 'Soon.',
      release_at: releaseAt,
    },
  });
  const { chapter } = await made.json();
  try {
    await expect
      .poll(async () => (await page.request.get(`/storytime/story/${DEMO_STORY}/`)).text(), { timeout: 90_000 })
      .toContain('Next chapter on');
    for (const theme of THEMES) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`/storytime/story/${DEMO_STORY}/`);
      await shoot(page, `story-next-release-${theme}`);
      await page.goto(ADMIN_SCREENS.stories);
      await page.getByText(/^Releases /).waitFor();
      await shoot(page, `admin-chapters-scheduled-${theme}`);
      await page.getByRole('link', { name: 'Edit chapter 40' }).click();
      await page.getByRole('group', { name: /^Scheduled release/ }).waitFor();
      await shoot(page, `admin-chapter-editor-scheduled-${theme}`);
    }
  } finally {
    await page.request.post('/api/chapters/delete', { data: { id: chapter.id } });
  }
});

test('search with results in both themes', async ({ page }) => {
  for (const theme of THEMES) {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/storytime/');
    await page.getByRole('searchbox', { name: 'Search the stories' }).fill('lantern');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog', { name: 'Search the stories' }).getByRole('listitem').first().waitFor();
    await shoot(page, `search-${theme}`);
  }
});
