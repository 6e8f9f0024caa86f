// The real server killed with SIGKILL in the middle of sending a release to 1,000 followers, then
// started again: every follower gets the chapter, and at most the one email in flight at the kill
// goes out twice (docs/decisions/0042-mail-outbox.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareFollowers } from '#scripts/test/mail-followers.ts';
import { killServer, type ServerProcess, startServerProcess } from '#scripts/test/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '#scripts/test/smtp-server.ts';

const TIMEOUT = 240_000;
const FOLLOWERS = 1000;

describe('a server killed while it sends', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-crash-test-'));
  const servers: ServerProcess[] = [];
  let smtp: TestSmtpServer | undefined;
  afterAll(async () => {
    for (const server of servers) killServer(server);
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'delivers a release to every follower after a restart, and sends at most the email in flight twice',
    async () => {
      smtp = await startSmtpServer();
      await prepareFollowers(dataDir, FOLLOWERS);
      const start = async () => {
        const server = await startServerProcess({
          DATA_DIR: dataDir,
          SMTP_URL: smtp!.url,
          MAIL_FROM: 'Mara Quill <news@author.example>',
          MAIL_RATE_PER_MINUTE: '30000',
          SEED_DEMO_CONTENT: 'false',
          ADMIN_PASSWORD: 'mail-crash-password',
          BACKUP_INTERVAL_HOURS: '0',
          DATABASE_URL: '',
          DATABASE_DRIVER: '',
        });
        servers.push(server);
        return server;
      };

      const first = await start();
      await smtp.waitForMessages(300, TIMEOUT / 2).catch((error) => {
        throw new Error(`${error.message}\n${first.output()}`);
      });
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const beforeRestart = smtp.received.length;
      expect(beforeRestart).toBeLessThan(FOLLOWERS);

      const second = await start();
      const unique = () => new Set(smtp!.received.flatMap((mail) => mail.to)).size;
      const deadline = Date.now() + TIMEOUT / 2 - 10_000;
      while (unique() < FOLLOWERS) {
        if (Date.now() > deadline) throw new Error(`${unique()} of ${FOLLOWERS} followers got the chapter:\n${second.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000)); // anything sent twice would arrive by now
      const duplicates = smtp.received.length - FOLLOWERS;
      console.log(`mail crash: killed after ${beforeRestart} received; ${duplicates} sent twice`);
      expect(duplicates).toBeLessThanOrEqual(1);
      expect(smtp.received.every((mail) => mail.parsed.subject === 'New chapter of The Lantern Fleet: Chapter 1: The Gate')).toBe(true);
    },
    TIMEOUT,
  );
});
