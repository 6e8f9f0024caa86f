// The Node server's mail sender: runs sendDueMail when woken (emails were queued, content
// changed) and whenever the outbox says something falls due. At start it resumes what a stopped
// or killed server left (claims run out after their lease).
import type { MailConfig } from '#core/config-values.ts';
import type { AppDeps } from '#core/env.ts';
import type { MailDeps } from '#core/mail.ts';
import { sendDueMail } from '#functions/mail/send-due.ts';
import { DueTimer } from './due-timer.ts';
import { smtpTransport } from './smtp-transport.ts';

/** After a failed run (database busy or gone), try again this much later. */
const RETRY_MS = 60 * 1000;

export interface MailTimerOptions extends Pick<AppDeps, 'db' | 'sessionSecret'> {
  mail: MailDeps;
  log: (line: string) => void;
}

export class MailTimer extends DueTimer {
  readonly #abort: AbortController;

  constructor({ db, sessionSecret, mail, log }: MailTimerOptions) {
    const abort = new AbortController();
    const signal = abort.signal;
    super({
      async run(at) {
        const run = await sendDueMail({ db, sessionSecret, mail }, at, { signal });
        if (run.announced + run.sent + run.failed + run.dropped > 0) {
          log(`mail: ${run.announced} queued for new chapters, ${run.sent} sent, ${run.failed} failed, ${run.dropped} dropped`);
        }
        return run.nextDueAt ? run.nextDueAt.getTime() - Date.now() : null;
      },
      retryAfter(error) {
        log(`mail: run failed, retrying in a minute: ${error instanceof Error ? error.message : String(error)}`);
        return RETRY_MS;
      },
    });
    this.#abort = abort;
  }

  /** Stops between two emails; resolves once the run in progress has recorded what it sent. */
  override stop(): Promise<void> {
    this.#abort.abort();
    return super.stop();
  }
}

export interface MailSender {
  /** What the app gets as AppDeps.mail; `queued` wakes the timer. */
  mail: MailDeps;
  timer: MailTimer;
  /** Stops between two emails and closes the connections to the mail server. */
  stop(): Promise<void>;
}

/** The Node server's email (SMTP_URL): the transport, and the timer that sends through it. */
export function createMailSender(
  options: Pick<AppDeps, 'db' | 'sessionSecret'> & { config: MailConfig; siteUrl: string; log: (line: string) => void },
): MailSender {
  const { config, siteUrl, db, sessionSecret, log } = options;
  const transport = smtpTransport(config);
  const mail: MailDeps = { transport, from: config.from, ratePerMinute: config.ratePerMinute, siteUrl, queued: () => void timer.wake() };
  const timer = new MailTimer({ db, sessionSecret, mail, log });
  return {
    mail,
    timer,
    async stop() {
      await timer.stop();
      await transport.close();
    },
  };
}
