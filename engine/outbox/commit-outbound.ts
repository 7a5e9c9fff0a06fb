import { createMessagesRepo, createOutboxRepo, type Database } from '../../db/index.js';
import type { OutboundMessage } from '../messages.js';
import type { PendingOutbound } from '../session-turn.js';
import { splitSms } from './split-sms.js';

/** An outbound message as committed: its transcript row, its outbox row and what goes to the adapter. */
export interface CommittedOutbound {
  outbox_id: string;
  message_id: string;
  at: Date;
  message: OutboundMessage;
  /** False for TALK TO messages (another address): not pushed to the customer's WebSocket, not a reply. */
  toCustomer: boolean;
}

/**
 * Writes outbound messages before any delivery attempt: for each, a transcript row (pending)
 * and an outbox row holding the OutboundMessage, on `tx` — the caller's transaction, so they
 * commit together with the turn that produced them. SMS text over the limit becomes one row per
 * numbered part (suggestions and attachments ride on the last part).
 */
export async function commitOutbound(tx: Database, botId: string, drafts: readonly PendingOutbound[]): Promise<CommittedOutbound[]> {
  const messages = createMessagesRepo(tx);
  const outbox = createOutboxRepo(tx);
  const committed: CommittedOutbound[] = [];
  for (const draft of drafts) {
    for (const message of partsOf(draft.message)) {
      const payload: Record<string, unknown> = {};
      if (message.suggestions) payload.suggestions = message.suggestions;
      if (message.attachments) payload.attachments = message.attachments;
      if (!draft.toCustomer) payload.to = message.to;
      const row = await messages.insertOutbound({
        session_id: message.session_id, bot_id: botId, channel: message.channel, sender: message.from, text: message.text, payload,
      });
      const box = await outbox.insert({
        message_id: row.id, session_id: message.session_id, channel: message.channel, payload: { ...message },
      });
      committed.push({ outbox_id: box.id, message_id: row.id, at: row.created_at, message, toCustomer: draft.toCustomer });
    }
  }
  return committed;
}

function partsOf(message: OutboundMessage): OutboundMessage[] {
  if (message.channel !== 'sms') return [message];
  const texts = splitSms(message.text);
  if (texts.length === 1) return [message];
  const { suggestions, attachments, ...rest } = message;
  return texts.map((text, i) => {
    const last = i === texts.length - 1;
    return { ...rest, text, ...(last && suggestions ? { suggestions } : {}), ...(last && attachments ? { attachments } : {}) };
  });
}
