import { ImapFlow } from 'imapflow';
import { readTextBody } from '../mail/imap-text-body.js';
import type { ImportTarget } from './import-deps.js';
import { outcomeOf, type ImportItem, type ImportSource } from './run-import.js';

export interface ImapOptions {
  host: string;
  port: number;
  /** TLS from the first byte (993); false uses the port as given (STARTTLS when offered). */
  secure: boolean;
  username: string;
  password: string;
}

/** Where each folder stands: its UIDVALIDITY and the highest UID stored. */
type FolderCursor = Record<string, { validity: string; uid: number }>;

/**
 * `switchboard import imap <host>`: every folder of the mailbox (imapflow), each message with its
 * envelope, flags and text body into the owner's mail archive under the folder's path. Incremental
 * by UID: the cursor keeps each folder's highest stored UID, so a re-run fetches only newer ones; a
 * changed UIDVALIDITY (the server renumbered the folder) reads that folder again.
 */
export function imapSource(target: ImportTarget, options: ImapOptions): ImportSource {
  const client = new ImapFlow({
    host: options.host, port: options.port, secure: options.secure, auth: { user: options.username, pass: options.password }, logger: false,
  });
  const source = `${options.username}@${options.host}:${options.port}`;
  let connected: Promise<void> | undefined;
  const connect = () => (connected ??= client.connect());
  return {
    kind: 'imap',
    source,
    incremental: true,
    async total() {
      await connect();
      let n = 0;
      for (const box of await client.list({ statusQuery: { messages: true } })) n += box.status?.messages ?? 0;
      return n;
    },
    async *items(rawCursor) {
      await connect();
      const cursor: FolderCursor = { ...(rawCursor as FolderCursor) };
      const folders = (await client.list()).filter((box) => !box.flags.has('\\Noselect')).map((box) => box.path).sort();
      for (const folder of folders) yield* folderItems(client, target, source, folder, cursor);
    },
    async close() {
      if (connected) await client.logout().catch(() => client.close());
    },
  };
}

async function* folderItems(client: ImapFlow, target: ImportTarget, source: string, folder: string, cursor: FolderCursor): AsyncGenerator<ImportItem> {
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    const mailbox = client.mailbox;
    const validity = mailbox ? String(mailbox.uidValidity) : '';
    const after = cursor[folder]?.validity === validity ? cursor[folder]!.uid : 0;
    if (mailbox && mailbox.exists === 0) return;
    // Headers and structure first, in one pass; bodies one by one (the decoded text part).
    const messages = [];
    for await (const m of client.fetch(`${after + 1}:*`, { uid: true, envelope: true, flags: true, bodyStructure: true, size: true }, { uid: true })) {
      if (m.uid > after) messages.push(m);
    }
    messages.sort((a, b) => a.uid - b.uid);
    for (const m of messages) {
      cursor[folder] = { validity, uid: m.uid };
      yield {
        cursor: { ...cursor },
        store: async () => {
          const body = await readTextBody(client, m, { skipAttachments: false });
          const envelope = m.envelope;
          return outcomeOf(await target.mail.upsert({
            owner_id: target.owner.user_id, source: `imap:${source}`, folder, uid: String(m.uid), message_id: envelope?.messageId ?? null,
            subject: envelope?.subject ?? '', from_address: envelope?.from?.[0]?.address ?? '',
            to_addresses: (envelope?.to ?? []).map((a) => a.address ?? '').filter(Boolean), sent_at: envelope?.date ? new Date(envelope.date) : null,
            // \Recent belongs to the IMAP session, not to the message.
            flags: [...(m.flags ?? [])].filter((f) => f !== '\\Recent').sort(), body_text: body, size: m.size ?? 0,
          }));
        },
      };
    }
  } finally {
    lock.release();
  }
}
