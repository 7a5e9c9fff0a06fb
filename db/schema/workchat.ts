import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The workchat channel's conversation references (docs/channels/workchat.md): where to reach a
 * conversation the bot is part of — the connector's `serviceUrl`, the conversation, the bot's own
 * account and the member — kept so proactive messages (attendant notices, replies after a
 * restart) work without a fresh activity. One row per (bot, conversation), written on every
 * verified activity.
 */
export const workchatConversations = pgTable(
  'workchat_conversations',
  {
    /** The bot's name (the `<name>.gbai` folder), as in the webhook path. */
    bot: text('bot').notNull(),
    conversation_id: text('conversation_id').notNull(),
    service_url: text('service_url').notNull(),
    /** The provider's channel id of the activity (`msteams`, `emulator`…). */
    channel_id: text('channel_id').notNull(),
    // The Bot Framework's directory tenant (its name in the reference); the column is not `tenant_id`,
    // which is the deployment's tenant on every table (migration 0036).
    tenant_id: text('directory_tenant_id'),
    /** The bot's account in that conversation (the activity's `recipient`). */
    bot_account_id: text('bot_account_id').notNull(),
    bot_account_name: text('bot_account_name'),
    /** The member who wrote or installed the bot (the activity's `from`). */
    user_id: text('user_id'),
    user_name: text('user_name'),
    /** The member's directory object id (`from.aadObjectId`): how an attendant is recognised. */
    directory_id: text('directory_id'),
    /** The member's e-mail, when the connector told it: the other way an attendant is recognised. */
    email: text('email'),
    /** Set once the member was recognised as this attendant: their notices go to this conversation. */
    attendant_user_id: uuid('attendant_user_id').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bot, t.conversation_id] }),
    index('workchat_conversations_attendant_idx').on(t.attendant_user_id),
  ],
);
