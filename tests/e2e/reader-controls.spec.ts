// The reader's controls on a phone and a desktop (docs/product.md, The reader's controls): the Aa
// panel inside the screen and closing like a menu, the text width setting, the theme toggle never
// over the text, the short chapter header with its progress line, and the focus after Reset.
import { expect, type Page, test } from '@playwright/test';

const STORY = '/storytime/story/the-lantern-fleet/';
const CHAPTER = `${STORY}chapter/2/`;
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  // Every test starts from the default settings, whatever an earlier one chose.
  await page.addInitScript(() => localStorage.removeItem('reader-settings'));
});

test('the Aa panel fits a phone screen and closes on Escape and on a tap outside', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(CHAPTER);
  const aa = page.getByRole('button', { name: 'Reading settings' });
  const panel = page.locator('.reader-settings-panel');
  await aa.click();
  await expect(aa).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('button', { name: 'Smaller text' }).click(); // reachable, and a click inside keeps it open
  await expect(panel).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(aa).toBeFocused();
  await expect(aa).toHaveAttribute('aria-expanded', 'false');

  await aa.click();
  await expect(panel).toBeVisible();
  await page.mouse.click(PHONE.width / 2, PHONE.height - 40); // on the text, below the panel
  await expect(panel).toBeHidden();
});

test('the arrow keys in the Aa panel do not turn the page', async ({ page }) => {
  await page.goto(CHAPTER);
  await page.getByRole('button', { name: 'Reading settings' }).click();
  await page.getByRole('button', { name: 'Smaller text' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300); // a page turn starts at once; none may
  await expect(page).toHaveURL(CHAPTER);
  // Outside the panel the arrows still turn the page.
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(`${STORY}chapter/3/`);
});

test('the text width setting sets the width of the column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(CHAPTER);
  const text = page.locator('.chapter-text');
  const widths: Record<string, number> = {};
  for (const width of ['narrow', 'normal', 'wide']) {
    await page.getByRole('button', { name: 'Reading settings' }).click();
    await page.getByLabel('Text width').selectOption(width);
    await page.keyboard.press('Escape');
    widths[width] = (await text.boundingBox())!.width;
  }
  expect(widths).toEqual({ narrow: 32 * 16, normal: 38 * 16, wide: 48 * 16 });

  // About 60-75 characters a line at the normal width and the default text size, counted on the
  // lines the browser laid out (each paragraph's last line is short and left out).
  await page.getByRole('button', { name: 'Reading settings' }).click();
  await page.getByLabel('Text width').selectOption('normal');
  const lines = await text.evaluate((column) => {
    const lengths: number[] = [];
    const range = document.createRange();
    for (const paragraph of column.querySelectorAll('p')) {
      const perLine = new Map<number, number>();
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          perLine.set(top, (perLine.get(top) ?? 0) + 1);
        }
      }
      lengths.push(...[...perLine.values()].slice(0, -1));
    }
    return lengths;
  });
  expect(lines.length).toBeGreaterThan(0);
  const average = lines.reduce((sum, length) => sum + length, 0) / lines.length;
  expect(average).toBeGreaterThanOrEqual(60);
  expect(average).toBeLessThanOrEqual(75);
});

/**
 * Boxes of the text and controls the theme toggle covers at this scroll position. Text under an
 * opaque bar that holds the toggle is hidden by the bar, as under any fixed header, not by the toggle.
 */
async function textUnderToggle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toggle = document.querySelector('[data-theme-toggle]')!;
    const t = toggle.getBoundingClientRect();
    let bar: Element | null = toggle.parentElement;
    while (bar && !['sticky', 'fixed'].includes(getComputedStyle(bar).position)) bar = bar.parentElement;
    const opaque = bar && /^rgb\(/.test(getComputedStyle(bar).backgroundColor) ? bar : null;
    const hits: string[] = [];
    const check = (element: Element, rect: DOMRect, what: string) => {
      if (toggle.contains(element) || rect.width === 0 || rect.height === 0) return;
      if (opaque && !opaque.contains(element)) return;
      const overlaps = rect.left < t.right && rect.right > t.left && rect.top < t.bottom && rect.bottom > t.top;
      if (overlaps) hits.push(`${what} at ${Math.round(rect.top)}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent!.trim() || !node.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) check(node.parentElement, rect, JSON.stringify(node.textContent!.trim().slice(0, 30)));
    }
    for (const control of document.querySelectorAll('a, button, summary, input, textarea, select')) {
      if (control.checkVisibility()) check(control, control.getBoundingClientRect(), control.tagName);
    }
    return hits;
  });
}

test('the theme toggle covers no text while a chapter scrolls on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(CHAPTER);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const covered: string[] = [];
  for (let y = 0; y < height; y += 120) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    covered.push(...(await textUnderToggle(page)).map((hit) => `scrolled ${y}: ${hit}`));
  }
  expect(covered).toEqual([]);
});

test('on a phone the chapter header stays under 64 px with its controls and a reading-progress line', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(CHAPTER);
  const bar = page.locator('.reader-header');
  const progress = page.locator('.reading-progress');
  const scale = () => progress.evaluate((line) => new DOMMatrix(getComputedStyle(line).transform).a);
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);
  const before = await scale();

  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: 'instant' }));
  await expect.poll(scale).toBeGreaterThan(before);
  const box = (await bar.boundingBox())!;
  expect(box.y).toBe(0);
  expect(box.height).toBeLessThanOrEqual(64);
  await expect(page.getByRole('button', { name: 'Reading settings' })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).not.toBeInViewport();
});

test('after Reset progress the focus goes to Start reading, not to the page', async ({ page }) => {
  await page.goto(CHAPTER);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(150); // progress is saved on the next animation frame
  await page.goto(STORY);
  await page.getByRole('button', { name: 'Reset progress' }).click();
  await expect(page.getByRole('button', { name: 'Reset progress' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Start reading' })).toBeFocused();
});
