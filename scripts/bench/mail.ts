// `npm run bench:mail`: a release to 10,000 confirmed followers on the real server (`scripts/start.ts`
// on a throw-away DATA_DIR, the embedded database) sending to a loopback SMTP server. Prints how long
// the outbox rows took to write after the author published, the send rate reached against
// MAIL_RATE_PER_MINUTE, the server's resident memory while it sends, readers' p99 before and during
// the send, and how many SMTP connections it opened. Printed, not asserted (docs/decisions/0042-mail-outbox.md).
// Everything listens on 127.0.0.1; every process started here is stopped by its PID.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '#scripts/test/free-port.ts';
import { prepareFollowers } from '#scripts/test/mail-followers.ts';
import { sessionCookieFrom } from '#scripts/test/session.ts';
import { startSmtpServer, type TestSmtpServer } from '#scripts/test/smtp-server.ts';
import { memoryOf } from './peak-rss.ts';
import { runBounded, startProcess, stopAll, waitForOk } from './processes.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLLOWERS = Number(process.env['BENCH_FOLLOWERS'] ?? 10_000);
/**
 * 10,000 emails in under two minutes, and within what one sender holds here (one email in flight,
 * each waiting for its answer and its UPDATE: about 7,500 a minute); a provider's limit is far lower (default 120).
 */
const RATE_PER_MINUTE = Number(process.env['BENCH_MAIL_RATE'] ?? 6000);
/** The released chapter's page (scripts/test/mail-followers.ts makes it): the release is announced once it is live. */
const CHAPTER_PAGE = '/storytime/story/the-lantern-fleet/chapter/1/';
/** Readers' requests: a steady rate (not as many as possible), so they measure waits without starving the sender. */
const READER_LOAD = { connections: 10, overallRate: 100, duration: 15 };
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
let smtp: TestSmtpServer | undefined;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function readerP99(url: string): Promise<string> {
  const result = await autocannon({ url, ...READER_LOAD });
  return `p99 ${result.latency.p99} ms, p50 ${result.latency.p50} ms (${result.requests.total} requests, ${result.non2xx + result.errors} failed)`;
}

async function main(): Promise<void> {
  smtp = await startSmtpServer(undefined, { answerFirst: true });
  const dataDir = path.join(temp, 'data');
  const chapterId = await prepareFollowers(dataDir, FOLLOWERS, 'draft');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const password = randomBytes(12).toString('hex');
  const server = startProcess(process.execPath, ['scripts/start.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: base,
      ADMIN_PASSWORD: password,
      SEED_DEMO_CONTENT: 'false',
      BACKUP_INTERVAL_HOURS: '0',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Bench <news@author.example>',
      MAIL_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
    },
  });
  await waitForOk(`${base}/`, server, 180_000);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = sessionCookieFrom(login);
  const page = `${base}/api/author/get`;
  console.log(`bench:mail: ${FOLLOWERS.toLocaleString('en-US')} followers, MAIL_RATE_PER_MINUTE=${RATE_PER_MINUTE}`);
  console.log(`  readers before the release (GET /api/author/get, ${READER_LOAD.overallRate}/s): ${await readerP99(page)}`);

  const rss: number[] = [];
  const memoryTimer = setInterval(() => rss.push(memoryOf(server.pid!)?.rss ?? 0), 1000);
  memoryTimer.unref(); // a failed run must still end
  const published = performance.now();
  const publish = await fetch(`${base}/api/chapters/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ id: chapterId, status: 'published' }),
  });
  if (!publish.ok) throw new Error(`publishing failed: ${publish.status} ${await publish.text()}`);
  // A release is announced once its page is live: first the rebuild, then the announce.
  while ((await fetch(`${base}${CHAPTER_PAGE}`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
  const liveMs = performance.now() - published;
  // The announce is one transaction: the rows appear all at once.
  let announcedMs = NaN;
  while (Number.isNaN(announcedMs)) {
    const status = await (await fetch(`${base}/api/admin/mail/status`, { headers: { cookie } })).json();
    if (status.queued + smtp.received.length >= FOLLOWERS) announcedMs = performance.now() - published;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  console.log(`  chapter page live: ${liveMs.toFixed(0)} ms after the publish was answered (the site's rebuild)`);
  console.log(`  outbox rows written: ${(announcedMs - liveMs).toFixed(0)} ms after that (polled every 20 ms)`);
  await new Promise((resolve) => setTimeout(resolve, 10_000)); // the send in full swing
  console.log(`  readers during the send: ${await readerP99(page)}`);
  await smtp.waitForMessages(FOLLOWERS, 10 * 60_000);
  clearInterval(memoryTimer);

  const times = smtp.received.map((mail) => mail.receivedAt).sort((a, b) => a - b);
  const achieved = ((FOLLOWERS - 1) / (times.at(-1)! - times[0]!)) * 60_000;
  const deviation = ((achieved - RATE_PER_MINUTE) / RATE_PER_MINUTE) * 100;
  console.log(
    `  send rate: ${achieved.toFixed(0)}/min against ${RATE_PER_MINUTE}/min (${deviation >= 0 ? '+' : ''}${deviation.toFixed(1)} %)`,
  );
  if (deviation < -5)
    console.log(
      '  (below the configured rate: this is the ceiling here, with one email in flight at a time, each waiting for its answer and its UPDATE)',
    );
  const unique = new Set(smtp.received.flatMap((mail) => mail.to)).size;
  console.log(`  delivered: ${smtp.received.length} emails to ${unique} addresses; SMTP connections opened: ${smtp.connections}`);
  const every = Math.max(1, Math.floor(rss.length / 8));
  console.log(
    `  server RSS every ${every} s: ${rss
      .filter((_, i) => i % every === 0)
      .map(mb)
      .join(', ')} (peak ${mb(Math.max(...rss))})`,
  );
}

await runBounded('bench:mail', 15 * 60_000, main, async () => {
  await stopAll();
  await smtp?.close();
  fs.rmSync(temp, { recursive: true, force: true });
});
