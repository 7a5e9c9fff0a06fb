import type { ContentRecordsRepo, MailMessageRow, Page } from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { mayRead, readerOf, type ContentActor } from '../content-actor.js';

type MailRepo = Pick<ContentRecordsRepo['mail'], 'list' | 'get'>;

/** `GET /api/mail/messages`: the archive's messages the actor may see, newest first, optionally of one folder. */
export async function listMail(deps: { mail: MailRepo }, input: { actor: ContentActor; folder?: string; page: Page }): Promise<MailMessageRow[]> {
  return deps.mail.list(readerOf(input.actor), input.folder ? { folder: input.folder } : {}, input.page);
}

/** One archived message, with its text body; one the actor may not read is answered like a missing one. */
export async function readMail(deps: { mail: MailRepo }, input: { actor: ContentActor; id: string }): Promise<MailMessageRow> {
  const row = await deps.mail.get(input.id);
  if (!row || !mayRead(input.actor, row)) throw new NotFoundError('No such message');
  return row;
}
