// test:cloud's crash check of the mail outbox in workerd: a release to 1,000 confirmed
// subscribers, the worker killed (SIGKILL, workerd and wrangler) in the middle of sending, started
// again, and the cron run until nothing is left. Every address must have the email, and only the
// batch in flight at the kill (BATCH_SUBSCRIBERS in functions/mail/send-due.ts) may have it twice.
import pg from 'pg';
import { killHard, stopProcess } from '#scripts/bench/processes.ts';
import { BATCH_SUBSCRIBERS } from '#functions/mail/send-due.ts';
import { startSmtpServer } from '#scripts/test/smtp-server.ts';
import { startWorker, type WorkerOptions } from './wrangler-dev.ts';

const SUBSCRIBERS = 1000;
/** The kill comes once this many emails arrived: well inside the run. */
const KILL_AFTER = 300;
/** The claims of the killed run last LEASE_MS (functions/mail/send-due.ts); the cron is run again until they ran out. */
const DRAIN_LIMIT_MS = 90_000;

export async function checkMailThroughCrash(worker: WorkerOptions, smtpPort: number): Promise<void> {
  const databaseUrl = worker.vars['DATABASE_URL']!;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const smtp = await startSmtpServer(smtpPort);
  const vars = { ...worker.vars, SMTP_URL: `smtp://crash:check@127.0.0.1:${smtpPort}`, MAIL_FROM: 'news@author.example' };
  // The most the settings allow: the run is bounded by the kill, not by the pace.
  const options = { ...worker, vars: { ...vars, MAIL_RATE_PER_MINUTE: '100000' } };
  const workerUrl = `http://127.0.0.1:${worker.port}`;
  const runCron = () => fetch(`${workerUrl}/__scheduled?cron=*+*+*+*+*`).then((res) => res.status);
  try {
    await client.query(
      `insert into subscribers (email, status, confirmed_at)
       select 'reader' || n || '@crash.example', 'confirmed', now() from generate_series(1, $1::int) n`,
      [SUBSCRIBERS],
    );
    // One chapter just published and not yet handed to the outbox, as a release leaves it.
    await client.query(`update chapters set announced_at = now() where announced_at is null`);
    const chapter = await client.query<{ id: number }>(
      `update chapters set announced_at = null, published_at = now()
       where id = (select c.id from chapters c join stories s on s.id = c.story_id
                   where c.status = 'published' and s.status = 'published' order by c.id limit 1)
       returning id`,
    );
    if (chapter.rowCount !== 1) throw new Error('mail crash check: the seeded database has no published chapter');

    const first = await startWorker(options);
    const started = performance.now();
    const interrupted = runCron().catch(() => 'cut off');
    await smtp.waitForMessages(KILL_AFTER, 60_000);
    await killHard(first.child);
    const atKill = smtp.received.length;
    if (atKill >= SUBSCRIBERS) throw new Error('mail crash check: every email was out before the kill; nothing was checked');
    console.log(
      `killed workerd after ${atKill} of ${SUBSCRIBERS} emails (${Math.round(performance.now() - started)} ms); its cron request: ${await interrupted}`,
    );

    const second = await startWorker(options);
    try {
      const drainStart = performance.now();
      for (;;) {
        if ((await runCron()) !== 200) throw new Error('the cron run after the restart failed');
        const left = await client.query<{ n: string }>(`select count(*) as n from mail_outbox where state in ('pending', 'sending')`);
        if (Number(left.rows[0]!.n) === 0) break;
        if (performance.now() - drainStart > DRAIN_LIMIT_MS) throw new Error(`${left.rows[0]!.n} emails still queued after the restart`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      console.log(`after the restart: ${smtp.received.length - atKill} more emails in ${Math.round(performance.now() - drainStart)} ms`);
    } finally {
      await stopProcess(second.child);
    }

    const counts = new Map<string, number>();
    for (const mail of smtp.received) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    const missing = SUBSCRIBERS - counts.size;
    const twice = [...counts.values()].filter((n) => n > 1);
    const states = await client.query<{ state: string; n: string }>(`select state, count(*) as n from mail_outbox group by state`);
    const stateList = states.rows.map((row) => `${row.state} ${row.n}`).join(', ');
    console.log(
      `every address: ${counts.size} of ${SUBSCRIBERS}; twice: ${twice.length} (a batch is ${BATCH_SUBSCRIBERS}); outbox: ${stateList}`,
    );
    if (missing > 0) throw new Error(`${missing} subscribers never got the email after the restart`);
    if (twice.length > BATCH_SUBSCRIBERS || twice.some((n) => n > 2)) {
      throw new Error(`${twice.length} subscribers got the email more than once (at most the batch in flight, ${BATCH_SUBSCRIBERS}, may)`);
    }
  } finally {
    await smtp.close();
    await client.end();
  }
}
