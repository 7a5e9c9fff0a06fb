import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitForValue } from './wait-for.js';

/** One message the server accepted: the envelope (Bcc recipients show only here) and the parsed mail. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** Addresses of the To header, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string | false;
  parsed: ParsedMail;
}

/** A real SMTP server on 127.0.0.1 for a test, and what it received. */
export interface TestSmtpServer {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>`, with `user:pass@` when the server requires a login. */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** The first message (so far or within `timeoutMs`) that `match` accepts; rejects after the deadline. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server (smtp-server, no STARTTLS, on port 0) that parses every message with
 * mailparser. With `auth` it requires exactly that login; without it, login is optional.
 */
export async function startSmtpServer(options: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: !options.auth,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = options.auth && auth.username === options.auth.user && auth.password === options.auth.pass;
      if (ok) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            },
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html,
            parsed,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const login = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';

  return {
    port,
    url: `smtp://${login}127.0.0.1:${port}`,
    received,
    async waitFor(match, timeoutMs = 15_000) {
      const what = () => `a matching mail; received:\n  ${received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ') || '(nothing)'}`;
      return (await waitForValue(() => received.find(match), (found) => found !== undefined, { what, timeoutMs, intervalMs: 25 }))!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function addresses(header: AddressObject | AddressObject[] | undefined): string[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects.flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));
}
