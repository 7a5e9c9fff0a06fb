import type { BotConfig } from '../../config/index.js';
import type { ConversationRow, TeamChatThreadsRepo } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from '../conversation-events.js';
import { noticeCustomer } from '../channel-attendants/notice-recipients.js';
import type { CardFact } from '../customer-view/customer-fields.js';
import type { AttendantDestination } from '../destinations/destination-registry.js';

/** What a team_chat notice shows; `outcome` absent while it waits for someone to take it. */
export interface TeamChatNoticeFacts {
  session_id: string;
  customer: string;
  /** The customer fields the bot's `attendance-customer-fields` lists, those known (docs/crm.md, "What attendants see"). */
  facts: CardFact[];
  channel: string;
  message: string;
  outcome?: string;
}

/** Where a notice landed, which is also its thread. */
export interface TeamChatPost {
  channel: string;
  ts: string;
}

/** The workspace calls the destination makes (the composition root hands in the Web API client). */
export interface TeamChatPoster {
  postNotice(bot: string, notice: TeamChatNoticeFacts): Promise<TeamChatPost | undefined>;
  updateNotice(bot: string, post: TeamChatPost, notice: TeamChatNoticeFacts): Promise<void>;
  postInThread(bot: string, post: TeamChatPost, text: string): Promise<void>;
}

/**
 * The team_chat destination (docs/channels/team-chat.md): a queued conversation is posted to the
 * bot's `team-chat-channel` with a Take button and its thread remembered; the notice then says who
 * holds it or that it was resolved (the button back when it is requeued), and the customer's
 * messages are posted in the thread.
 */
export function createTeamChatDestination(deps: {
  repos: Pick<AttendanceRepositories, 'sessions' | 'conversations' | 'crm'>;
  threads: Pick<TeamChatThreadsRepo, 'save' | 'findBySession'>;
  poster: TeamChatPoster;
  /** The bot's configuration (its `attendance-customer-fields`); defaults when absent. */
  config?: (botId: string) => BotConfig | undefined;
}): AttendantDestination {
  const facts = async (row: ConversationRow, outcome?: string): Promise<TeamChatNoticeFacts> => {
    const { customer, facts: fields } = await noticeCustomer(deps, row);
    return {
      session_id: row.session_id, channel: row.channel, message: row.last_message ?? '', customer, facts: fields,
      ...(outcome ? { outcome } : {}),
    };
  };
  const nameOf = async (userId: string | null | undefined) => (userId ? (await deps.repos.conversations.attendantName(userId)) ?? 'an attendant' : 'an attendant');

  /** What the notice says after `event`; undefined for events that change nothing on it. */
  const outcomeOf = async (event: ConversationEvent): Promise<string | null | undefined> => {
    switch (event.name) {
      case CONVERSATION_EVENTS.assigned: return `Assigned to ${await nameOf(event.payload.attendant_id)}`;
      case CONVERSATION_EVENTS.accepted: return `Taken by ${await nameOf(event.payload.attendant_id)}`;
      case CONVERSATION_EVENTS.transferred: return `Transferred to ${await nameOf(event.payload.attendant_id)}`;
      case CONVERSATION_EVENTS.resolved: return 'Resolved';
      case CONVERSATION_EVENTS.requeued: return null;
      default: return undefined;
    }
  };

  return {
    name: 'team_chat',
    async conversationChanged(row, events) {
      if (events.some((e) => e.name === CONVERSATION_EVENTS.queued)) {
        const post = await deps.poster.postNotice(row.bot_id, await facts(row));
        if (post) await deps.threads.save({ session_id: row.session_id, bot_id: row.bot_id, ...post });
      }
      const last = events.at(-1);
      const outcome = last && last.name !== CONVERSATION_EVENTS.queued ? await outcomeOf(last) : undefined;
      if (outcome === undefined) return;
      const thread = await deps.threads.findBySession(row.session_id);
      if (thread) await deps.poster.updateNotice(row.bot_id, thread, await facts(row, outcome ?? undefined));
    },
    async customerMessage(row, text) {
      const thread = await deps.threads.findBySession(row.session_id);
      if (thread) await deps.poster.postInThread(row.bot_id, thread, `${(await facts(row)).customer}: ${text}`);
    },
  };
}
