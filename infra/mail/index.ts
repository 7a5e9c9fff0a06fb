/** The mail port and the one place that picks its implementation. */
import type { Mailer } from './mailer-port.js';
import { createNotConfiguredMailer } from './not-configured-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export type { MailAttachment, Mailer, OutgoingMail } from './mailer-port.js';
export { createNotConfiguredMailer, MAIL_NOT_CONFIGURED } from './not-configured-mailer.js';
export { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer.js';

/**
 * The SMTP mailer when `SMTP_URL` is set, the "not configured" one otherwise, so callers never
 * check whether mail exists before using it.
 */
export function createMailer(settings: { smtpUrl?: string; from: string }): Mailer {
  return settings.smtpUrl ? createSmtpMailer({ url: settings.smtpUrl, from: settings.from }) : createNotConfiguredMailer();
}
