// Sending email: the message the app composes, and the transport the runtime entry hands it
// (nodemailer over SMTP on the Node server, worker-mailer over Workers' TCP sockets in the cloud).
// Features never import a mail library: they get a MailTransport through AppDeps.mail.

export interface MailMessage {
  /** One address, already normalised (src/lib/email-address.ts). */
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header lines, such as List-Unsubscribe; names and values never hold CR or LF. */
  headers?: Record<string, string>;
}

/**
 * A send the mail server did not accept. `permanent` is a 5xx answer (that address will never
 * take the message: no retry); anything else (4xx, a timeout, a dropped connection) is worth
 * trying again later. `response` is the server's answer as it gave it, for the admin.
 */
export class MailSendError extends Error {
  override name = 'MailSendError';
  readonly permanent: boolean;
  readonly response: string;

  constructor(response: string, permanent: boolean) {
    super(response);
    this.permanent = permanent;
    this.response = response;
  }
}

export interface MailTransport {
  /** Resolves once the server accepted the message; throws MailSendError otherwise. Connections are reused between sends. */
  send(message: MailMessage): Promise<void>;
  /** Closes the connections kept open for reuse. */
  close(): Promise<void>;
}

/** What the app needs to send email; absent when SMTP_URL is not set (then nothing is sent and the Follow forms are hidden). */
export interface MailDeps {
  transport: MailTransport;
  /** The From header, such as `"Ada Quill" <news@author.example>` (MAIL_FROM). */
  from: string;
  /** The most emails sent in any minute (MAIL_RATE_PER_MINUTE). */
  ratePerMinute: number;
  /** The site's public address, without a trailing slash: every link in an email starts with it. */
  siteUrl: string;
  /** Told when emails were queued, so a sender that waits (the Node server's timer) starts now. */
  queued?: () => void;
  /**
   * Whether readers can open the page at `pathname` (such as `/storytime/story/x/chapter/3/`) on
   * the published site yet. A release is announced only once its chapter page is live, so the
   * email's button never leads to a page the rebuild has not written. Unset: every page counts as live.
   */
  pageIsLive?: (pathname: string) => Promise<boolean>;
}
