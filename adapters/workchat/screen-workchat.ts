import type { InboundMessage, InboundScreen } from '../../engine/index.js';
import type { Logger } from '../../infra/logger.js';
import { readActivity } from './activity-schema.js';
import type { WorkchatConversationStore } from './conversation-store.js';
import type { WorkchatAdapter } from './workchat-adapter.js';

/** What the workchat screen is built from (ports given by the composition root). */
export interface WorkchatScreenDeps {
  adapter: Pick<WorkchatAdapter, 'post' | 'memberEmail'>;
  conversations: Pick<WorkchatConversationStore, 'setAttendant'>;
  /** Attendance's recogniser: a reply when the writer is an attendant, undefined for a customer. */
  attendantInbox: (line: {
    bot: string; channel: 'workchat'; who: { directory_id: string | undefined; email: string | undefined }; text: string;
  }) => Promise<{ reply: string; attendant_id: string } | undefined>;
  logger: Logger;
}

/**
 * What happens to a queued workchat message before its turn (docs/channels/workchat.md,
 * "Attendants"): a line from a member attendance recognises — by directory object id or e-mail —
 * is run as the attendant's command or reply, answered in the same chat, and that chat becomes
 * where the attendant's notices go; it never reaches the bot. Other messages pass.
 */
export function createWorkchatScreen(deps: WorkchatScreenDeps): InboundScreen {
  return async (message: InboundMessage) => {
    const activity = message.channel === 'workchat' ? readActivity(message.raw) : undefined;
    if (!activity) return message;
    const conversationId = activity.conversation.id;
    const email = await deps.adapter.memberEmail(message.bot, conversationId, activity.from.id).catch((err: unknown) => {
      deps.logger.debug({ err, bot: message.bot }, 'workchat: the member\'s e-mail is not known');
      return undefined;
    });
    const handled = await deps.attendantInbox({
      bot: message.bot, channel: 'workchat', who: { directory_id: activity.from.aadObjectId, email }, text: message.text,
    });
    if (!handled) return message;
    await deps.conversations.setAttendant(message.bot, conversationId, handled.attendant_id);
    await deps.adapter.post(message.bot, conversationId, { text: handled.reply, textFormat: 'plain' });
    return null;
  };
}
