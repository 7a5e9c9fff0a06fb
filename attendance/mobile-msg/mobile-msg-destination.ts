import type { BotConfig } from '../../config/index.js';
import type { ConversationRow } from '../../db/index.js';
import { e164 } from '../assign-conversation.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { KnownFacts } from '../attendance-listener.js';
import { noticeRecipients } from '../channel-attendants/notice-recipients.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';
import type { AttendantDestination } from '../destinations/destination-registry.js';

/** Sends a text to an attendant's phone over the bot's mobile_msg number (the composition root's port). */
export type AttendantPhoneNotifier = (botId: string, phone: string, text: string) => Promise<void>;

/** The text notice of a new conversation: who, what they wrote, and how to take it. */
export function newConversationNotice(customer: string, message: string, sessionId: string): string {
  return `New conversation from ${customer}: "${message}"\nType /take ${sessionId} to accept it.`;
}

/**
 * The mobile_msg destination (`attendance-default-destination` or the transfer's destination
 * `mobile_msg`): attendants get a text notice when a conversation needing a human is queued: the
 * customer's display name (docs/crm.md, "What attendants see"), the first message and the hint to type /take. Only online attendants who
 * may take it, have the skills it asks for (notice-recipients.ts) and have a phone.
 */
export function createMobileMsgDestination(deps: {
  repos: Pick<AttendanceRepositories, 'profiles' | 'queues' | 'sessions' | 'crm'>;
  notify: AttendantPhoneNotifier;
  /** The bot's configuration (its `attendance-skills-widen-seconds`); defaults when absent. */
  config?: (botId: string) => BotConfig | undefined;
  now?: () => Date;
}): AttendantDestination {
  return {
    name: 'mobile_msg',
    async conversationChanged(row: ConversationRow, events: readonly ConversationEvent[], known?: KnownFacts) {
      if (!events.some((e) => e.name === CONVERSATION_EVENTS.queued)) return;
      const { profiles, customer } = await noticeRecipients(deps, row, known);
      const text = newConversationNotice(customer, row.last_message ?? '', row.session_id);
      for (const profile of profiles) {
        const phone = e164(profile.phone);
        if (phone) await deps.notify(row.bot_id, phone, text);
      }
    },
  };
}
