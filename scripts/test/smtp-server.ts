// A real SMTP server on loopback for tests and benchmarks (smtp-server), keeping every message it
// accepted, parsed (mailparser), so tests assert on what a mail server really received. Faults a
// test can turn on at any time: refuse an address, answer slowly, drop the connection.
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { freePort } from './free-port.ts';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), which is who the server would deliver to. */
  to: string[];
  from: string;
  raw: string;
  parsed: ParsedMail;
  /** The connection it came in on: messages sent over one connection share it. */
  connection: string;
  /** When the server accepted it (Date.now()), to measure send rates. */
  receivedAt: number;
}

export interface SmtpFaults {
  /** Recipients answered with this permanent refusal (550 ...). */
  refuse?: Map<string, string>;
  /** Recipients answered with this temporary refusal (451 ...). */
  defer?: Map<string, string>;
  /** Milliseconds to wait before answering MAIL, RCPT and the end of DATA. */
  delayMs?: number;
  /** Drops the connection instead of answering the end of DATA after this many accepted messages in all (since reset()). */
  dropAfter?: number;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Every connection opened to the server. */
  connections: number;
  /** The user names of the logins (AUTH); any password is accepted. */
  logins: string[];
  faults: SmtpFaults;
  /** Forgets what was received and counted, and turns every fault off (between tests). */
  reset(): void;
  /** Resolves once `count` messages in all were received; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const recipientsOf = (address: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(address) ? address : address ? [address] : []).flatMap((group) => group.value.map((one) => one.address ?? ''));

export interface SmtpServerOptions {
  /**
   * Answer each message before parsing it, as a real mail server answers before delivering
   * (benchmarks: the sender's speed, not mailparser's). Tests leave it off, so every message a
   * send was told about is in `received` when the send returns.
   */
  answerFirst?: boolean;
}

export async function startSmtpServer(port?: number, options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const faults: SmtpFaults = {};
  const waiters = new Set<() => void>();
  const delay = () => new Promise((resolve) => setTimeout(resolve, faults.delayMs ?? 0));
  let accepted = 0;

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true, // loopback, no TLS: a client with credentials logs in over plain SMTP
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      state.logins.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onMailFrom(_address, _session, callback) {
      void delay().then(() => callback());
    },
    onRcptTo(address, _session, callback) {
      void delay().then(() => {
        const refusal = faults.refuse?.get(address.address);
        const deferral = faults.defer?.get(address.address);
        if (refusal) callback(Object.assign(new Error(refusal), { responseCode: 550 }));
        else if (deferral) callback(Object.assign(new Error(deferral), { responseCode: 451 }));
        else callback();
      });
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        await delay();
        if (faults.dropAfter !== undefined && accepted >= faults.dropAfter) {
          // The session is a plain object: the socket belongs to the server's connection of that id.
          const connections = (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections;
          for (const connection of connections) if (connection.id === session.id) connection._socket.destroy();
          return;
        }
        accepted++;
        const receivedAt = Date.now();
        // Read before answering: the answer starts the connection's next message, with a new envelope.
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        if (options.answerFirst) callback();
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        received.push({
          to,
          from,
          raw,
          parsed,
          connection: session.id,
          receivedAt,
        });
        if (!options.answerFirst) callback();
        for (const wake of waiters) wake();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {}); // a client that drops mid-command is the test's point, not a failure

  const state: TestSmtpServer = {
    url: `smtp://127.0.0.1:${listenPort}`,
    port: listenPort,
    received,
    connections: 0,
    logins: [],
    faults,
    reset() {
      received.length = 0;
      accepted = 0;
      state.connections = 0;
      for (const key of Object.keys(faults)) delete faults[key as keyof SmtpFaults];
    },
    waitForMessages(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, the SMTP server received ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return state;
}

/** The addresses a received message's To header names (which can differ from the envelope). */
export const headerRecipients = (mail: ReceivedMail) => recipientsOf(mail.parsed.to);
