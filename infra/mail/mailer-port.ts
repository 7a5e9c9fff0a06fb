/**
 * The mail port: how the service sends email (attendance notices, the BASIC `SEND MAIL`). Domain
 * code depends on this interface only, so it never imports nodemailer, and a server without
 * `SMTP_URL` gets an implementation that says so instead of failing somewhere deep.
 */

/** One message. Addresses are plain `name@host` strings; a list sends one message to all of them. */
export interface OutgoingMail {
  to: string | readonly string[];
  cc?: string | readonly string[];
  /** Blind copies: envelope recipients only, never a header the other recipients can see. */
  bcc?: string | readonly string[];
  subject: string;
  /** The plain-text body; always sent, so every client can read the message. */
  text: string;
  /** An optional HTML alternative of `text`. */
  html?: string;
  /** Overrides the configured From (notifications' email options). */
  from?: string;
  replyTo?: string;
  attachments?: readonly MailAttachment[];
}

/** A file sent with a message; `content` is base64. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType?: string;
}

/** Sends mail; implementations wrap their transport's errors once, as UpstreamError. */
export interface Mailer {
  /** True when a mail server is configured; false for the "not configured" mailer. */
  readonly configured: boolean;
  /** Hands the message to the mail server; rejects with a message naming the server and the cause. */
  send(mail: OutgoingMail): Promise<void>;
  /** Readiness: resolves when the server accepts a connection (and the login, when one is given). */
  verify(): Promise<void>;
  /** Releases connections; sending afterwards is an error. */
  close(): void;
}
