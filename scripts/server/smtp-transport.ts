// The Node server's mail transport: nodemailer over SMTP (SMTP_URL), with pooled connections so
// a release to many readers reuses one connection instead of opening one per email.
import nodemailer from 'nodemailer';
import type { MailConfig } from '#core/config-values.ts';
import { type MailMessage, MailSendError, type MailTransport } from '#core/mail.ts';

/** Connections kept open to the mail server: sends are paced, so one is enough; two hide a slow reconnect. */
const MAX_CONNECTIONS = 2;

export function smtpTransport(config: Pick<MailConfig, 'smtpUrl' | 'from'>): MailTransport {
  const url = config.smtpUrl;
  const secure = url.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    maxMessages: Number.POSITIVE_INFINITY,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username && { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
    // A mail server that stops answering fails the send (retried later) instead of holding the run.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message: MailMessage) {
      try {
        await transporter.sendMail({ from: config.from, ...message });
      } catch (error) {
        throw mailSendError(error);
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** A 5xx answer is permanent; a 4xx answer, a timeout or a lost connection is worth another try. */
function mailSendError(error: unknown): MailSendError {
  const { responseCode, response, message } = error as { responseCode?: number; response?: string; message?: string };
  const answer = response || message || String(error);
  return new MailSendError(answer, responseCode !== undefined && responseCode >= 500 && responseCode < 600);
}
