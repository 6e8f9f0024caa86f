// A server killed (SIGKILL) in the middle of an incremental publish: the site it served stays the
// served one, whole, and the next start publishes the change that was pending
// (docs/decisions/0051-incremental-publishing.md). The real server, in a child process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { killServer, type ServerProcess, startServerProcess, waitFor } from '#scripts/test/server-process.ts';

const TIMEOUT = 150_000;
const PASSWORD = 'publish-kill-password';
const CHAPTER_PAGE = '/storytime/story/the-lantern-fleet/chapter/3/';

let dataDir: string;
let server: ServerProcess | undefined;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-kill-test-'));
});
afterAll(() => {
  killServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// One address for both starts: the pages hold it, so another port would rebuild them all.
const start = () =>
  startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_URL: '',
    DATABASE_DRIVER: '',
    SITE_URL: 'http://localhost:4321',
  });

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function editChapterThree(base: string, cookie: string, text: string): Promise<void> {
  const list = await (
    await fetch(`${base}/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=3`, { headers: { cookie } })
  ).json();
  const response = await fetch(`${base}/api/chapters/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ id: list.chapters[0].id, content: text }),
  });
  expect(response.status).toBe(200);
}

async function untilOutput(pattern: RegExp, deadline: number): Promise<void> {
  while (!pattern.test(server!.output())) {
    if (Date.now() > deadline) throw new Error(`never printed ${pattern}:\n${server!.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

it(
  'keeps serving the published site when killed mid-publish, and publishes the pending change on the next start',
  async () => {
    const deadline = Date.now() + TIMEOUT - 10_000;
    server = await start();
    await waitFor(server, CHAPTER_PAGE, (r) => r.status === 200, deadline);
    const sitesDir = path.join(dataDir, 'site');
    const servedBefore = fs.readFileSync(path.join(sitesDir, 'current'), 'utf8').trim();

    const cookie = await signIn(server.base);
    await editChapterThree(server.base, cookie, 'The pending words of chapter three.');
    // Killed once its publish has begun writing the new folder, before the folder is swapped in.
    await untilOutput(/site: building \(chapter 3 updated\)/, deadline);
    const newFolder = () => fs.readdirSync(sitesDir).some((entry) => /^build-[^.]+$/.test(entry) && entry !== servedBefore);
    while (!newFolder()) {
      if (Date.now() > deadline) throw new Error(`the publish never began its folder:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(server.output()).not.toMatch(/site: incremental publish/);
    process.kill(server.child.pid!, 'SIGKILL');
    await server.exited;

    // The site on disk is the one served before, whole.
    expect(fs.readFileSync(path.join(sitesDir, 'current'), 'utf8').trim()).toBe(servedBefore);
    const page = fs.readFileSync(path.join(sitesDir, servedBefore, CHAPTER_PAGE, 'index.html'), 'utf8');
    expect(page).not.toContain('The pending words');
    expect(fs.existsSync(path.join(sitesDir, servedBefore, 'index.html'))).toBe(true);

    server = await start();
    // Served at once from the folder of before, then the pending change goes live.
    const live = await waitFor(server, CHAPTER_PAGE, (r) => r.status === 200, deadline);
    expect(await live.text()).not.toContain('The pending words');
    await waitFor(server, CHAPTER_PAGE, (r) => r.status === 200 && r.headers.get('etag') !== live.headers.get('etag'), deadline);
    expect(await (await fetch(server.base + CHAPTER_PAGE)).text()).toContain('The pending words of chapter three.');
    // What the killed publish left is gone; only the served build and the one before it (kept a minute for readers) remain.
    const builds = fs.readdirSync(sitesDir).filter((entry) => /^build-[^.]+$/.test(entry));
    expect(builds.length).toBeLessThanOrEqual(2);
    expect(server.output()).toMatch(/site: incremental publish/);
  },
  TIMEOUT,
);
