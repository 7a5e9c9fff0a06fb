import { ImapFlow, type FetchMessageObject, type MessageStructureObject } from 'imapflow';
import { readTextBody } from './imap-text-body.js';

/** Where a mailbox is; the bot's `email-imap-*` keys (docs/configuration.md). */
export interface MailboxAccess {
  host: string;
  port: number;
  /** TLS from the first byte (993); false uses the port as given (STARTTLS when offered). */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
}

/** The mailbox's UIDVALIDITY and the last UID handled. */
export interface MailboxPosition {
  validity: string;
  uid: number;
}

/** One mail with the fields ON EMAIL gives its handlers (docs/basic.md, "Event handlers"). */
export interface PolledMail {
  uid: number;
  message_id: string | null;
  from_address: string;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  date: string | null;
  body: string;
  attachments: { filename: string; mime_type: string; size: number }[];
}

/**
 * One look at a mailbox over IMAP (imapflow), read-only (flags are left as they are): without a
 * position, or with one of another UIDVALIDITY, where the mailbox stands now and no mail; else the
 * mails above the position's UID, oldest first, at most `limit`, each with its text part decoded.
 */
export async function pollMailbox(access: MailboxAccess, position: MailboxPosition | undefined, limit: number): Promise<{ cursor: MailboxPosition; mails: PolledMail[] }> {
  const client = new ImapFlow({ host: access.host, port: access.port, secure: access.secure, auth: { user: access.user, pass: access.password }, logger: false });
  await client.connect();
  try {
    const lock = await client.getMailboxLock(access.mailbox, { readOnly: true });
    try {
      const box = client.mailbox;
      const validity = box ? String(box.uidValidity) : '';
      const highest = box ? Number(box.uidNext) - 1 : 0;
      if (!position || position.validity !== validity) return { cursor: { validity, uid: highest }, mails: [] };
      if (!box || box.exists === 0 || highest <= position.uid) return { cursor: position, mails: [] };
      const found: FetchMessageObject[] = [];
      for await (const m of client.fetch(`${position.uid + 1}:*`, { uid: true, envelope: true, bodyStructure: true }, { uid: true })) {
        if (m.uid > position.uid) found.push(m);
      }
      found.sort((a, b) => a.uid - b.uid);
      const mails: PolledMail[] = [];
      for (const m of found.slice(0, limit)) mails.push(await mailOf(client, m));
      return { cursor: { validity, uid: mails[mails.length - 1]?.uid ?? position.uid }, mails };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function mailOf(client: ImapFlow, m: FetchMessageObject): Promise<PolledMail> {
  const envelope = m.envelope;
  const addresses = (list: { address?: string }[] | undefined) => (list ?? []).map((a) => a.address ?? '').filter(Boolean);
  return {
    uid: m.uid,
    message_id: envelope?.messageId ?? null,
    from_address: envelope?.from?.[0]?.address ?? '',
    to_addresses: addresses(envelope?.to),
    cc_addresses: addresses(envelope?.cc),
    subject: envelope?.subject ?? '',
    date: envelope?.date ? new Date(envelope.date).toISOString() : null,
    body: await readTextBody(client, m, { skipAttachments: true }),
    attachments: m.bodyStructure ? attachmentsOf(m.bodyStructure) : [],
  };
}

/** Parts sent as attachments, or with a file name: their name, media type and encoded size. */
function attachmentsOf(node: MessageStructureObject): PolledMail['attachments'] {
  const name = node.dispositionParameters?.filename ?? node.parameters?.name;
  const own = node.disposition === 'attachment' || (name !== undefined && !node.childNodes)
    ? [{ filename: name ?? 'attachment', mime_type: node.type, size: node.size ?? 0 }] : [];
  return [...own, ...(node.childNodes ?? []).flatMap(attachmentsOf)];
}
