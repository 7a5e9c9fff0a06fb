import { randomUUID } from 'node:crypto';
import type { ContentRecordsRepo } from '../../db/index.js';
import { ConflictError } from '../../infra/errors.js';
import { MAIL_NOT_CONFIGURED, type Mailer } from '../../infra/mail/index.js';
import type { ContentActor } from '../content-actor.js';

export interface EmailInput {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
}

/** The archive's source and folder of mail sent through the API. */
export const SENT_SOURCE = 'switchboard';
export const SENT_FOLDER = 'Sent';

/**
 * `POST /api/email/send`: hands the message to the service's mailer (SMTP_URL) and keeps a copy
 * in the sender's mail archive, folder Sent. Without SMTP_URL the request conflicts with the
 * server's set-up (409 `mail_not_configured`), not a failing upstream: there is no mail server.
 */
export async function sendEmail(deps: { mailer: Mailer; mail: Pick<ContentRecordsRepo['mail'], 'upsert'>; now: () => Date }, input: { actor: ContentActor; email: EmailInput }) {
  const e = input.email;
  if (!deps.mailer.configured) throw new ConflictError(MAIL_NOT_CONFIGURED, 'mail_not_configured');
  await deps.mailer.send({ to: e.to, ...(e.cc ? { cc: e.cc } : {}), ...(e.bcc ? { bcc: e.bcc } : {}), subject: e.subject, text: e.text, ...(e.html ? { html: e.html } : {}) });
  const uid = randomUUID();
  await deps.mail.upsert({
    owner_id: input.actor.user_id, source: SENT_SOURCE, folder: SENT_FOLDER, uid, subject: e.subject, to_addresses: [...e.to, ...(e.cc ?? [])],
    sent_at: deps.now(), flags: ['\\Seen'], body_text: e.text, size: Buffer.byteLength(e.text),
  });
  return { id: uid, status: 'sent' as const };
}
