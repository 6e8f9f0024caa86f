// The Worker's SMTP transport against a real SMTP server on loopback; Workers' TCP sockets are
// stood in for by node:net (scripts/test/cloudflare-sockets.ts). workerd itself: npm run test:cloud.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '#scripts/test/free-port.ts';
import { headerRecipients, startSmtpServer, type TestSmtpServer } from '#scripts/test/smtp-server.ts';
import { type MailMessage, MailSendError } from '#core/mail.ts';
import { senderOf, workerMailTransport } from './smtp-transport.ts';

vi.mock('cloudflare:sockets', () => import('#scripts/test/cloudflare-sockets.ts'));

let smtp: TestSmtpServer;
beforeEach(async () => {
  smtp = await startSmtpServer();
});
afterEach(() => smtp.close());

const transportFor = (url: string, timeouts?: { answerMs: number; totalMs: number }) =>
  workerMailTransport({ smtpUrl: new URL(url), from: '"Ada Quíll" <news@author.example>', ratePerMinute: 60 }, timeouts);
const withLogin = () => smtp.url.replace('smtp://', 'smtp://news%40author.example:p%40ss@');

const message = (to: string, subject = 'Chapter 3: Über den Fluss — 川'): MailMessage => ({
  to,
  subject,
  text: 'Read chapter 3: https://author.example/stories/river/3/',
  html: '<p>Read <a href="https://author.example/stories/river/3/">chapter 3</a> — «Über den Fluss»</p>',
  headers: {
    'List-Unsubscribe': '<https://author.example/api/unsubscribe?token=abc.def>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});

async function failureOf(promise: Promise<unknown>): Promise<MailSendError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MailSendError);
  return error as MailSendError;
}

describe('the Worker SMTP transport', () => {
  it("logs in with the URL's credentials and sends every message of a run over one connection", async () => {
    const transport = transportFor(withLogin());
    await transport.send(message('reader1@example.com'));
    await transport.send(message('reader2@example.com'));
    await transport.close();

    expect(smtp.logins).toEqual(['news@author.example']);
    expect(smtp.connections).toBe(1);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['reader1@example.com'], ['reader2@example.com']]);
    const [first] = smtp.received;
    expect(first!.from).toBe('news@author.example');
    expect(first!.parsed.from?.value).toEqual([{ name: 'Ada Quíll', address: 'news@author.example' }]);
    expect(headerRecipients(first!)).toEqual(['reader1@example.com']);
    expect(first!.parsed.subject).toBe('Chapter 3: Über den Fluss — 川');
    expect(first!.parsed.text?.trim()).toBe('Read chapter 3: https://author.example/stories/river/3/');
    expect(first!.parsed.html).toContain('— «Über den Fluss»</p>');
    expect(first!.raw).toMatch(/^List-Unsubscribe: <https:\/\/author\.example\/api\/unsubscribe\?token=abc\.def>\r$/m);
    expect(first!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  });

  it('answers a refused recipient with a permanent failure and the server words, and goes on with the next', async () => {
    smtp.faults.refuse = new Map([['gone@example.com', 'No such mailbox here']]);
    smtp.faults.defer = new Map([['full@example.com', 'Mailbox busy, try later']]);
    const transport = transportFor(withLogin());
    const refused = await failureOf(transport.send(message('gone@example.com')));
    expect(refused).toMatchObject({ permanent: true, response: '550 No such mailbox here' });
    const deferred = await failureOf(transport.send(message('full@example.com')));
    expect(deferred).toMatchObject({ permanent: false, response: '451 Mailbox busy, try later' });
    await transport.send(message('reader@example.com'));
    await transport.close();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['reader@example.com']]);
  });

  it('reconnects after the server closes the connection in the middle of a batch', async () => {
    smtp.faults.dropAfter = 1;
    const transport = transportFor(withLogin());
    await transport.send(message('reader1@example.com'));
    const dropped = await failureOf(transport.send(message('reader2@example.com')));
    expect(dropped.permanent).toBe(false);
    smtp.faults.dropAfter = undefined;
    await transport.send(message('reader2@example.com'));
    await transport.close();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['reader1@example.com'], ['reader2@example.com']]);
    expect(smtp.connections).toBe(2);
  });

  it('gives up on a slow server after its deadline instead of holding the cron run', async () => {
    smtp.faults.delayMs = 2_000;
    const transport = transportFor(withLogin(), { answerMs: 300, totalMs: 600 });
    const started = performance.now();
    const slow = await failureOf(transport.send(message('reader@example.com')));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(slow.permanent).toBe(false);
    await transport.close();
  });

  it('answers a server that is down with a temporary failure', async () => {
    const nobody = `smtp://127.0.0.1:${await freePort()}`;
    const down = await failureOf(transportFor(nobody).send(message('reader@example.com')));
    expect(down.permanent).toBe(false);
    expect(down.response).toMatch(/^could not connect to 127\.0\.0\.1:\d+: /);
  });
});

describe('senderOf', () => {
  it.each([
    ['news@author.example', { email: 'news@author.example' }],
    ['<news@author.example>', { email: 'news@author.example' }],
    ['"Ada Quill" <news@author.example>', { name: 'Ada Quill', email: 'news@author.example' }],
    ['Ada Quill <news@author.example>', { name: 'Ada Quill', email: 'news@author.example' }],
  ])('reads %s', (from, sender) => {
    expect(senderOf(from)).toEqual(sender);
  });
});
