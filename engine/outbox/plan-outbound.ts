import { newRowId, type OutboundWrite } from '../../db/index.js';
import type { ChannelRegistry } from '../channel-registry.js';
import type { OutboundMessage } from '../messages.js';
import type { PendingOutbound } from '../session-turn.js';
import { smsPartSize } from './sms-encoding.js';
import { splitSms } from './split-sms.js';

/** An outbound message ready to be committed: its transcript (and outbox) row and what goes to the adapter. */
export interface PlannedOutbound {
  write: OutboundWrite;
  message: OutboundMessage;
  /** False for TALK TO messages (another address): not pushed to the customer's WebSocket, not a reply. */
  toCustomer: boolean;
}

/**
 * Turns a turn's outbound messages into rows, made before any delivery attempt:
 * - a channel that delivers with the turn itself (`delivery: 'inline'`, the web channel: HTTP
 *   answer and WebSocket) gets its messages stored as delivered, with no outbox row and no job;
 *   one that hands out only its customer's turns (`delivery: 'turns'`, a phone call) gets those
 *   (the turns with a `replyTo`) stored as delivered, and the rest in the outbox;
 * - any other channel gets an outbox row holding the OutboundMessage, for the delivery job.
 * Messages the channel has already carried itself (`handedOut`: what a phone call wrote into its own
 * transcript, which the customer heard as it was said) are stored as delivered on any channel.
 * SMS text over the limit (160 characters, 70 outside GSM-7: sms-encoding.ts) becomes one row per numbered part (suggestions and attachments ride
 * on the last part). `replyTo` is the customer message the turn answered, if any.
 */
export function planOutbound(
  channels: Pick<ChannelRegistry, 'get'>,
  botId: string,
  drafts: readonly PendingOutbound[],
  replyTo: string | null = null,
  handedOut = false,
): PlannedOutbound[] {
  return drafts.flatMap((draft) => partsOf(draft.message).map((message) => {
    const payload: Record<string, unknown> = {};
    if (message.suggestions) payload.suggestions = message.suggestions;
    if (message.attachments) payload.attachments = message.attachments;
    if (!draft.toCustomer) payload.to = message.to;
    const delivery = channels.get(message.channel)?.delivery;
    const inline = handedOut || delivery === 'inline' || (delivery === 'turns' && replyTo !== null);
    const write: OutboundWrite = {
      id: newRowId(), session_id: message.session_id, bot_id: botId, channel: message.channel, sender: message.from,
      text: message.text, payload, reply_to: replyTo,
      delivery: inline ? { kind: 'inline' } : { kind: 'outbox', outbox_id: newRowId(), payload: { ...message, bot_id: botId } },
    };
    return { write, message, toCustomer: draft.toCustomer };
  }));
}

function partsOf(message: OutboundMessage): OutboundMessage[] {
  if (message.channel !== 'sms') return [message];
  const texts = splitSms(message.text, smsPartSize(message.text));
  if (texts.length === 1) return [message];
  const { suggestions, attachments, ...rest } = message;
  return texts.map((text, i) => {
    const last = i === texts.length - 1;
    return { ...rest, text, ...(last && suggestions ? { suggestions } : {}), ...(last && attachments ? { attachments } : {}) };
  });
}
