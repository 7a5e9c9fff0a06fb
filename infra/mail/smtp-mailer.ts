import type { Transporter } from 'nodemailer';
import { UpstreamError } from '../errors.js';
import type { Mailer, OutgoingMail } from './mailer-port.js';

/** Options for {@link createSmtpMailer}. */
export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  /** The From header and envelope sender, e.g. `Switchboard <no-reply@example.com>`. */
  from: string;
  /** Bound on connecting, the greeting and idle sockets, so a dead server fails a send instead of hanging it; default 15 s. */
  timeoutMs?: number;
}

/**
 * The SMTP mailer on nodemailer. One transport per process (nodemailer opens a connection per
 * message); failures are wrapped once here as UpstreamError `smtp_error` naming the server but
 * never the credentials, and retrying is the caller's business (the attendance send job).
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const server = describeServer(options.url);
  const timeout = options.timeoutMs ?? 15_000;
  // nodemailer is loaded with the first mail, not at start: most deployments send none (docs/performance.md, "Start-up").
  let transport: Promise<Transporter> | undefined;
  const transportNow = () => (transport ??= import('nodemailer').then(({ createTransport }) => createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  })));
  let closed = false;

  const wrap = (what: string, error: unknown): UpstreamError => {
    const cause = error instanceof Error ? error.message : String(error);
    return new UpstreamError(`${what} via SMTP server ${server} failed: ${cause}`, 'smtp_error');
  };

  return {
    configured: true,
    async send(mail: OutgoingMail): Promise<void> {
      if (closed) throw new UpstreamError('The mailer is closed', 'smtp_error');
      try {
        await (await transportNow()).sendMail({
          from: mail.from ?? options.from,
          to: list(mail.to),
          ...(mail.cc === undefined ? {} : { cc: list(mail.cc) }),
          ...(mail.bcc === undefined ? {} : { bcc: list(mail.bcc) }),
          subject: mail.subject,
          text: mail.text,
          ...(mail.html === undefined ? {} : { html: mail.html }),
          ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
          ...(mail.attachments === undefined ? {} : {
            attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, encoding: 'base64', ...(a.contentType ? { contentType: a.contentType } : {}) })),
          }),
        });
      } catch (error) {
        throw wrap('Sending mail', error);
      }
    },
    async verify(): Promise<void> {
      try {
        await (await transportNow()).verify();
      } catch (error) {
        throw wrap('Connecting', error);
      }
    },
    close(): void {
      closed = true;
      void transport?.then((opened) => opened.close(), () => undefined);
    },
  };
}

function list(value: string | readonly string[]): string[] {
  return typeof value === 'string' ? [value] : [...value];
}

/** `host:port` of the URL, for error messages: the user name and password stay out of logs. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
    return `${parsed.hostname}:${port}`;
  } catch {
    return '(invalid SMTP_URL)';
  }
}
