import type { FetchMessageObject, ImapFlow, MessageStructureObject } from 'imapflow';

/**
 * The text of a fetched message's first text/plain part, transfer encoding and charset decoded
 * by imapflow; '' when it has none. The mail importer (content/importers/imap-source.ts) takes
 * that part wherever it is; ON EMAIL (poll-mailbox.ts) passes over parts sent as attachments.
 */
export async function readTextBody(client: ImapFlow, message: FetchMessageObject, options: { skipAttachments: boolean }): Promise<string> {
  const part = message.bodyStructure ? textPart(message.bodyStructure, options.skipAttachments) : undefined;
  if (!part) return '';
  const { content } = await client.download(String(message.uid), part, { uid: true });
  const chunks: Buffer[] = [];
  if (!content) return '';
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The part number of the first text/plain part ('1' for a single-part message), if any. */
function textPart(node: MessageStructureObject, skipAttachments: boolean): string | undefined {
  if (node.type === 'text/plain' && !(skipAttachments && node.disposition === 'attachment')) return node.part ?? '1';
  for (const child of node.childNodes ?? []) {
    const found = textPart(child, skipAttachments);
    if (found) return found;
  }
  return undefined;
}
