import type { Attachment as CardAttachment } from '@microsoft/agents-activity';
import { adaptiveCard, submitAction } from './render-activity.js';

/** A conversation offered to an attendant (attendance's ConversationOffer, by shape). */
export interface OfferCard {
  session_id: string;
  customer: string;
  /** The customer fields attendants see (docs/crm.md, "What attendants see"), shown under the customer. */
  facts?: readonly { title: string; value: string }[];
  channel: string;
  message: string;
  reason: 'queued' | 'transferred';
}

/**
 * The Adaptive Card an attendant on workchat gets for a conversation (docs/channels/workchat.md,
 * "Attendants"): customer, their fields, channel and first message as facts, and a Take button that sends
 * `/take <session>` from the attendant's chat, where it runs like any attendant command.
 */
export function attendantOfferCard(offer: OfferCard): CardAttachment {
  const title = offer.reason === 'transferred' ? 'A conversation was transferred to you' : 'New conversation waiting';
  return adaptiveCard(
    [
      { type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true },
      {
        type: 'FactSet',
        facts: [
          { title: 'Customer', value: offer.customer },
          ...(offer.facts ?? []).map((f) => ({ title: f.title, value: f.value })),
          { title: 'Channel', value: offer.channel },
          { title: 'Message', value: offer.message || '—' },
        ],
      },
    ],
    // A transferred conversation is assigned to them and still accepted with /take (attendance/transfer-conversation.ts).
    [submitAction('Take', `/take ${offer.session_id}`)],
  );
}

/** The card's message text, for clients that show no cards (and notifications). */
export function offerText(offer: OfferCard): string {
  const what = offer.reason === 'transferred' ? 'Conversation transferred to you' : 'New conversation';
  return `${what} from ${offer.customer} on ${offer.channel}: "${offer.message}"`;
}
