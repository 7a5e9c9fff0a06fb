/**
 * Where a workchat conversation is reached (db/schema/workchat.ts): stored from every verified
 * activity so replies and attendant notices work after a restart without a fresh activity.
 */
export interface WorkchatConversationRef {
  bot: string;
  conversation_id: string;
  service_url: string;
  channel_id: string;
  tenant_id: string | null;
  bot_account_id: string;
  bot_account_name: string | null;
  user_id: string | null;
  user_name: string | null;
  directory_id: string | null;
  email?: string | null;
  attendant_user_id?: string | null;
}

/** The store of conversation references (db/workchat-conversations-repo.ts, given by the composition root). */
export interface WorkchatConversationStore {
  save(ref: Omit<WorkchatConversationRef, 'email' | 'attendant_user_id'>): Promise<void>;
  find(bot: string, conversationId: string): Promise<WorkchatConversationRef | undefined>;
  remove(bot: string, conversationId: string): Promise<void>;
  listByBot(bot: string): Promise<WorkchatConversationRef[]>;
  setEmail(bot: string, conversationId: string, email: string): Promise<void>;
  setAttendant(bot: string, conversationId: string, userId: string): Promise<void>;
}
