// The Worker's MailTransport: SMTP over Workers' TCP sockets (cloudflare:sockets) through
// worker-mailer; why SMTP and not an HTTP email API: docs/decisions/0015-cloudflare-workers-entry.md.
// One connection serves a whole cron run; any failure discards it (a late answer on a timed-out
// connection would be read as the answer to the next command) and the next message connects anew.
import { LogLevel, WorkerMailer, type WorkerMailerOptions } from 'worker-mailer';
import type { MailConfig } from '#core/config-values.ts';
import { type MailMessage, MailSendError, type MailTransport } from '#core/mail.ts';

export interface SmtpTimeouts {
  /** The longest wait for one answer of the server (and for the socket to open). */
  answerMs: number;
  /** The longest a connection (greeting, EHLO, STARTTLS, AUTH) or one message may take in all. */
  totalMs: number;
}

/** A slow server (30 s per command) costs a cron run at most this per message, then the outbox retries later. */
export const SMTP_TIMEOUTS: SmtpTimeouts = { answerMs: 10_000, totalMs: 20_000 };

/** The sender of MAIL_FROM (`"Ada Quill" <news@author.example>` or a bare address) as worker-mailer takes it. */
export function senderOf(from: string): { name?: string; email: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(from);
  if (!named) return { email: from.trim() };
  return named[1] ? { name: named[1], email: named[2]! } : { email: named[2]! };
}

function connectionOptions(url: URL, answerMs: number): WorkerMailerOptions {
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    // smtp://: upgraded with STARTTLS when the server offers it, as nodemailer does on the Node server.
    startTls: !secure,
    ...(url.username && {
      credentials: { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) },
      authType: ['plain', 'login'],
    }),
    // worker-mailer uses this one value for the socket's opening and for every answer.
    socketTimeoutMs: answerMs,
    logLevel: LogLevel.NONE,
  };
}

/** The server's answer inside worker-mailer's error message ("Invalid RCPT TO: <a@b> 550 ..."), else the message. */
function answerOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (/(?:^|\s)([2-5]\d\d[ -].*)$/s.exec(message)?.[1] ?? message).trim();
}

function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s (${what})`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function workerMailTransport(config: MailConfig, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): MailTransport {
  const options = connectionOptions(config.smtpUrl, timeouts.answerMs);
  const from = senderOf(config.from);
  let connection: Promise<WorkerMailer> | null = null;

  async function connected(): Promise<WorkerMailer> {
    if (!connection) {
      const opening = WorkerMailer.connect(options);
      connection = withDeadline(opening, timeouts.totalMs, 'connecting').catch((error: unknown) => {
        connection = null;
        void opening.then((late) => late.close()).catch(() => {}); // it may still open after the deadline
        throw new MailSendError(`could not connect to ${options.host}:${options.port}: ${answerOf(error)}`, false);
      });
    }
    return connection;
  }

  return {
    async send(message: MailMessage): Promise<void> {
      const mailer = await connected();
      const email = { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
      try {
        // A copy: worker-mailer adds From, To, Date and the like to the object it is given.
        await withDeadline(mailer.send({ ...email, headers: { ...message.headers } }), timeouts.totalMs, `sending to ${message.to}`);
      } catch (error) {
        connection = null;
        void mailer.close().catch(() => {});
        const answer = answerOf(error);
        throw new MailSendError(answer, /^5\d\d/.test(answer));
      }
    },

    async close(): Promise<void> {
      const open = connection;
      connection = null;
      await open?.then((mailer) => mailer.close()).catch(() => {});
    },
  };
}
