import { UpstreamError } from '../errors.js';
import type { Mailer } from './mailer-port.js';

/** The message every use of mail gets when `SMTP_URL` is not set. */
export const MAIL_NOT_CONFIGURED = 'Mail is not configured on this server: set SMTP_URL (e.g. smtp://user:pass@mail.example.com:587)';

/**
 * The mailer of a server without `SMTP_URL`: every send rejects with a clear
 * `mail_not_configured` error instead of a connection error to some default host.
 */
export function createNotConfiguredMailer(): Mailer {
  const fail = async (): Promise<never> => {
    throw new UpstreamError(MAIL_NOT_CONFIGURED, 'mail_not_configured');
  };
  return { configured: false, send: fail, verify: fail, close: () => undefined };
}
