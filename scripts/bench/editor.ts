// `npm run bench:editor`: the chapter editor on a 20,000-word chapter in Chromium (the e2e tests'
// browser), on the real server (site-server.ts, loopback, a throw-away DATA_DIR). Per keystroke,
// over 200 keystrokes: the time from keydown until the next frame (requestAnimationFrame: the
// work the keystroke caused, and the wait for that frame), and until the next task (which also
// waits for the drawing of a frame due meanwhile). Per pause in typing, over 10 pauses: the time
// from the last keystroke until the preview changed. Prints medians and 95th percentiles. The
// budget (docs/product.md, Speed and capacity): under 16 ms a keystroke to the next frame, the
// preview within 150 ms of a pause. Then the server's autosave time (scripts/bench/autosave-server.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { wordCount } from '#lib/chapter-text.ts';
import { resolveChromium } from '#scripts/test/chromium.ts';
import { measureAutosave, printAutosave } from './autosave-server.ts';
import { chapterText } from './catalogue.ts';
import { percentile } from './load-stats.ts';
import { runBounded, stopAll } from './processes.ts';
import { api, startSiteServer } from './site-server.ts';

const KEYSTROKES = 200;
const PAUSES = 10;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-editor-'));

const figures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
};

interface Probe {
  processed: number[];
  framed: number[];
  lastKey: number;
  previewChanged: number;
}

/** Listens in the page: every keydown's processing and frame times, and the preview's last change. */
function installProbe(page: Page) {
  return page.evaluate(() => {
    const probe: Probe = { processed: [], framed: [], lastKey: 0, previewChanged: 0 };
    (window as unknown as { probe: Probe }).probe = probe;
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        probe.lastKey = start;
        setTimeout(() => probe.processed.push(performance.now() - start));
        requestAnimationFrame(() => probe.framed.push(performance.now() - start));
      },
      true,
    );
    const preview = document.querySelector('[data-testid="chapter-preview"]')!;
    new MutationObserver(() => {
      probe.previewChanged = performance.now();
    }).observe(preview, { childList: true, subtree: true, characterData: true });
  });
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { probe: Probe }).probe);

async function main() {
  const server = await startSiteServer(temp);
  const content = chapterText(20_000, 7);
  const { body: story } = await api<{ story: { id: number } }>(server.base, '/api/stories/create', {
    cookie: server.cookie,
    json: { title: 'Editor Bench', slug: 'editor-bench' },
  });
  const { body: created } = await api<{ chapter: { id: number } }>(server.base, '/api/chapters/create', {
    cookie: server.cookie,
    json: { story_id: story.story.id, title: 'Long', slug: 'long', content, chapter_number: 1, status: 'draft' },
  });

  const launch = resolveChromium();
  const browser = await chromium.launch({ args: launch.args, ...(launch.executablePath ? { executablePath: launch.executablePath } : {}) });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(
      server.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: server.base };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${server.base}/admin/stories/${story.story.id}/chapters/${created.chapter.id}`);
    const editor = page.getByRole('textbox', { name: 'Chapter text (Markdown)' });
    await editor.waitFor({ timeout: 60_000 });
    await page.getByTestId('chapter-preview').locator('p').first().waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await installProbe(page);

    // Steady typing: a key every 40 ms, as a fast typist.
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(i % 6 === 5 ? 'Space' : 'KeyE');
      await page.waitForTimeout(40);
    }
    await page.waitForTimeout(500);
    const typing = await readProbe(page);

    // Bursts of five keys, then a pause: from the last key to the preview's change.
    const previewTimes: number[] = [];
    for (let i = 0; i < PAUSES; i++) {
      for (let k = 0; k < 5; k++) await page.keyboard.press('KeyO');
      await page.waitForTimeout(1_000);
      const probe = await readProbe(page);
      if (probe.previewChanged <= probe.lastKey) throw new Error('the preview did not change after a pause');
      previewTimes.push(probe.previewChanged - probe.lastKey);
    }

    console.log(`chapter: ${wordCount(content).toLocaleString('en-US')} words, ${content.length.toLocaleString('en-US')} characters`);
    console.log(`keystroke, keydown to the next task, after any frame drawn (${typing.processed.length}): ${figures(typing.processed)}`);
    console.log(`keystroke, keydown to the next frame (${typing.framed.length}): ${figures(typing.framed)}`);
    console.log(`preview, last keystroke to updated preview (${previewTimes.length} pauses): ${figures(previewTimes)}`);
    console.log('budget: under 16 ms from a keystroke to the next frame; the preview within 150 ms of a pause');
  } finally {
    await browser.close();
  }
}

async function cleanUp(): Promise<void> {
  await stopAll();
  fs.rmSync(temp, { recursive: true, force: true });
}

// A hung step must not leave the server behind: start-up and build (up to 4 minutes), then the typing.
await runBounded('bench:editor', 420_000, main, cleanUp);
// The server's half of the budget: an autosave of the same size on the embedded database.
printAutosave(await measureAutosave());
