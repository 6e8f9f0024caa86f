// The browser tests' mail server: a loopback SMTP server (./smtp-server.ts) the sites send to, and
// a small HTTP view of what it received, so a test in the browser reads the email a reader would
// get. Started by playwright.config.ts as one of its web servers; stopped with them.
//   node scripts/test/smtp-sink.ts SMTP_PORT HTTP_PORT
// GET http://127.0.0.1:HTTP_PORT/messages?to=ADDRESS answers the messages to that address as JSON.
import http from 'node:http';
import { type ReceivedMail, startSmtpServer } from './smtp-server.ts';

/** A received message as the tests read it. */
export interface SinkMessage {
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Every header, names in lower case, values as sent (folded lines joined). */
  headers: Record<string, string>;
}

function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function sinkMessage(mail: ReceivedMail): SinkMessage {
  return {
    to: mail.to,
    subject: mail.parsed.subject ?? '',
    html: typeof mail.parsed.html === 'string' ? mail.parsed.html : '',
    text: mail.parsed.text ?? '',
    headers: headersOf(mail.raw),
  };
}

if (import.meta.main) {
  const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
  if (!smtpPort || !httpPort) throw new Error('usage: node scripts/test/smtp-sink.ts SMTP_PORT HTTP_PORT');
  const smtp = await startSmtpServer(smtpPort);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/messages') return void response.writeHead(404).end();
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = smtp.received.filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to)).map(sinkMessage);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
  });
  server.listen(httpPort, '127.0.0.1');
  const stop = () => {
    server.close();
    void smtp.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
