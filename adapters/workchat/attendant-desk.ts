import type { Logger } from '../../infra/logger.js';
import { attendantOfferCard, offerText, type OfferCard } from './attendant-card.js';
import type { WorkchatConversationRef, WorkchatConversationStore } from './conversation-store.js';
import type { WorkchatAdapter } from './workchat-adapter.js';

/** An attendant as the desk finds their chat: the profile's user, e-mail and aliases (directory ids go there). */
export interface DeskAttendant {
  user_id: string;
  email: string | null;
  aliases: readonly string[];
}

/**
 * Attendants' chats with the bot on workchat (docs/channels/workchat.md, "Attendants"): the
 * conversation an attendant last wrote from, else one whose member's directory object id is
 * among the attendant's aliases or whose e-mail is theirs (a chat where they only installed the
 * bot). `offer` sends the Adaptive Card of a conversation, `tell` a line of text; both answer
 * false, without sending, when the attendant has no chat with that bot, and log a failed send.
 */
export function createWorkchatDesk(deps: {
  adapter: Pick<WorkchatAdapter, 'post' | 'isEnabled'>;
  conversations: Pick<WorkchatConversationStore, 'listByBot'>;
  /** The bot's name (the conversation store's key) for the id attendance knows it by. */
  botName: (botId: string) => string | undefined;
  logger: Logger;
}) {
  const chatOf = async (bot: string, attendant: DeskAttendant): Promise<WorkchatConversationRef | undefined> => {
    const chats = await deps.conversations.listByBot(bot);
    const aliases = new Set(attendant.aliases.map((a) => a.trim().toLowerCase()));
    const email = attendant.email?.trim().toLowerCase();
    return chats.find((c) => c.attendant_user_id === attendant.user_id)
      ?? chats.find((c) => c.directory_id !== null && aliases.has(c.directory_id.toLowerCase()))
      ?? chats.find((c) => email !== undefined && email !== '' && c.email?.toLowerCase() === email);
  };
  const deliver = async (botId: string, attendant: DeskAttendant, content: Parameters<WorkchatAdapter['post']>[2]): Promise<boolean> => {
    const bot = deps.botName(botId);
    if (bot === undefined || !deps.adapter.isEnabled(bot)) return false;
    const chat = await chatOf(bot, attendant);
    if (!chat) return false;
    try {
      await deps.adapter.post(bot, chat.conversation_id, content);
      return true;
    } catch (err) {
      deps.logger.warn({ err, bot, attendant: attendant.user_id }, 'workchat notice to an attendant not sent');
      return false;
    }
  };
  return {
    offer: (botId: string, attendant: DeskAttendant, offer: OfferCard) =>
      deliver(botId, attendant, { text: offerText(offer), attachments: [attendantOfferCard(offer)] }),
    tell: (botId: string, attendant: DeskAttendant, text: string) => deliver(botId, attendant, { text, textFormat: 'plain' }),
  };
}
