import type { BotConfig } from '../../config/index.js';
import type { AttendantProfileRow, ConversationRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { KnownFacts } from '../attendance-listener.js';
import { noticeCustomer, noticeRecipients, type NoticeCustomer } from '../channel-attendants/notice-recipients.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';
import type { CardFact } from '../customer-view/customer-fields.js';
import { loadCustomerName } from '../customer-view/load-customer.js';
import type { AttendantDestination } from '../destinations/destination-registry.js';

/** A conversation offered to an attendant: what their card shows (docs/channels/workchat.md, "Attendants": customer, channel, first message, Take). */
export interface ConversationOffer {
  session_id: string;
  customer: string;
  /** The customer fields the bot's `attendance-customer-fields` lists, those known (docs/crm.md, "What attendants see"). */
  facts: CardFact[];
  channel: string;
  message: string;
  /** Why it reached this attendant: queued for whoever takes it, or transferred to them. */
  reason: 'queued' | 'transferred';
}

/**
 * The attendants' chats with the bot on workchat (the composition root's port over the workchat
 * adapter). Each answers false when the attendant has no workchat chat with that bot.
 */
export interface WorkchatDesk {
  /** A card offering the conversation, with a Take button. */
  offer(botId: string, attendant: AttendantProfileRow, offer: ConversationOffer): Promise<boolean>;
  /** A line of text in the attendant's chat. */
  tell(botId: string, attendant: AttendantProfileRow, text: string): Promise<boolean>;
}

/** How a customer's message in a held conversation reads in the attendant's chat. */
export function customerLine(customer: string, text: string): string {
  return `${customer}: ${text}`;
}

/**
 * The workchat destination (`attendance-default-destination` = `workchat`, the default, or the
 * transfer's destination; docs/channels/workchat.md, "Attendants"):
 * - a queued conversation reaches every online attendant who may take it, and has the skills it
 *   asks for (notice-recipients.ts), as a card;
 * - a conversation transferred to an attendant reaches them the same way;
 * - a customer's message in a conversation an attendant holds arrives in their chat, so they
 *   can answer from there (plain text goes to the held conversation, attendant-inbox.ts).
 * Attendants without a workchat chat with the bot are skipped; the console sees everything anyway.
 */
export function createWorkchatDestination(deps: {
  repos: Pick<AttendanceRepositories, 'profiles' | 'queues' | 'sessions' | 'crm'>;
  desk: WorkchatDesk;
  /** The bot's configuration (its `attendance-customer-fields`, `attendance-skills-widen-seconds`); defaults when absent. */
  config?: (botId: string) => BotConfig | undefined;
  now?: () => Date;
}): AttendantDestination {
  return {
    name: 'workchat',
    async conversationChanged(row: ConversationRow, events: readonly ConversationEvent[], known?: KnownFacts) {
      const offer = (who: NoticeCustomer, reason: ConversationOffer['reason']): ConversationOffer => ({
        session_id: row.session_id, customer: who.customer, facts: who.facts, channel: row.channel, message: row.last_message ?? '', reason,
      });
      if (events.some((e) => e.name === CONVERSATION_EVENTS.queued)) {
        const { profiles, ...who } = await noticeRecipients(deps, row, known);
        for (const profile of profiles) await deps.desk.offer(row.bot_id, profile, offer(who, 'queued'));
      }
      for (const event of events) {
        if (event.name !== CONVERSATION_EVENTS.transferred) continue;
        const profile = await deps.repos.profiles.get(event.payload.attendant_id);
        if (profile) await deps.desk.offer(row.bot_id, profile, offer(await noticeCustomer(deps, row, known), 'transferred'));
      }
    },
    async customerMessage(row: ConversationRow, text: string) {
      if (!row.assigned_to) return;
      const profile = await deps.repos.profiles.get(row.assigned_to);
      if (profile) await deps.desk.tell(row.bot_id, profile, customerLine(await loadCustomerName(deps.repos, row), text));
    },
  };
}
