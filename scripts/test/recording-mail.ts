// Email for API tests that only need it turned on: a MailDeps whose transport keeps what it was
// given and sends nothing. Tests of real delivery use smtp-server.ts.
import type { MailDeps, MailMessage } from '#core/mail.ts';

export interface RecordingMail extends MailDeps {
  /** The messages handed to the transport. */
  sent: MailMessage[];
  /** How often the app said emails were queued. */
  wakes: number;
}

export function recordingMail(siteUrl: string): RecordingMail {
  const mail: RecordingMail = {
    sent: [],
    wakes: 0,
    transport: {
      send: async (message) => void mail.sent.push(message),
      close: async () => {},
    },
    from: '"Test Author" <news@author.example>',
    ratePerMinute: 120,
    siteUrl,
    queued: () => void mail.wakes++,
  };
  return mail;
}
