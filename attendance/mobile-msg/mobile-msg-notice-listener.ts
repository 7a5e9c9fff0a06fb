import type { BotConfig } from '../../config/index.js';
import type { ConversationRow } from '../../db/index.js';
import { e164 } from '../assign-conversation.js';
import type { AttendanceListener } from '../attendance-listener.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { noticeRecipients } from '../channel-attendants/notice-recipients.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';

/** Sends a text to an attendant's phone over the bot's mobile_msg number (the composition root's port). */
export type AttendantPhoneNotifier = (botId: string, phone: string, text: string) => Promise<void>;

/** The text notice of a new conversation: who, what they wrote, and how to take it. */
export function newConversationNotice(customer: string, message: string, sessionId: string): string {
  return `New conversation from ${customer}: "${message}"\nType /take ${sessionId} to accept it.`;
}

/**
 * Attendants who work from mobile_msg (`attendance-default-destination` = `mobile_msg`) get a
 * text notice when a conversation needing a human is queued: the customer's identifier, the first
 * message and the hint to type /take. Only online attendants who may take it and have a phone.
 */
export function createMobileMsgNoticeListener(deps: {
  repos: Pick<AttendanceRepositories, 'profiles' | 'queues' | 'sessions'>;
  config: (botId: string) => BotConfig | undefined;
  notify: AttendantPhoneNotifier;
}): Partial<AttendanceListener> {
  return {
    async conversationChanged(row: ConversationRow, events: readonly ConversationEvent[]) {
      if (!events.some((e) => e.name === CONVERSATION_EVENTS.queued)) return;
      if (deps.config(row.bot_id)?.['attendance-default-destination'] !== 'mobile_msg') return;
      const { profiles, customer } = await noticeRecipients(deps.repos, row);
      const text = newConversationNotice(customer, row.last_message ?? '', row.session_id);
      for (const profile of profiles) {
        const phone = e164(profile.phone);
        if (phone) await deps.notify(row.bot_id, phone, text);
      }
    },
  };
}
