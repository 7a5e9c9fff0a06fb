import { randomUUID } from 'node:crypto';
import type { ContentRecordsRepo } from '../../db/index.js';
import { SENT_SOURCE } from './send-email.js';

/** The archive folder of drafts a bot's script writes. */
export const DRAFTS_FOLDER = 'Drafts';

/** CREATE DRAFT to, subject, body, as the interpreter hands it over. */
export interface ScriptDraftInput {
  to: string;
  subject: string;
  body: string;
}

/**
 * A draft made by a bot's script (CREATE DRAFT, docs/basic.md and docs/content.md): a message of
 * the mail archive in folder Drafts, flagged `\Draft`, never sent. The archive is per user and a
 * bot is none, so the draft belongs to the first administrator, as tasks assigned to no user do.
 */
export async function createScriptDraft(
  deps: { mail: Pick<ContentRecordsRepo['mail'], 'upsert'>; owner: () => Promise<{ id: string } | undefined> },
  input: ScriptDraftInput,
) {
  const owner = await deps.owner();
  if (!owner) throw new Error('CREATE DRAFT: there is no administrator to own the draft');
  const to = input.to.split(/[,;]/).map((address) => address.trim()).filter((address) => address !== '');
  const uid = randomUUID();
  await deps.mail.upsert({
    owner_id: owner.id, source: SENT_SOURCE, folder: DRAFTS_FOLDER, uid, subject: input.subject, to_addresses: to,
    flags: ['\\Draft'], body_text: input.body, size: Buffer.byteLength(input.body),
  });
  return { success: true, uid, folder: DRAFTS_FOLDER, to, subject: input.subject, owner_id: owner.id };
}
