import type { ConversationKey, LoadedConversation, SessionChanges, SessionRow } from '../db/index.js';

/** Sessions remembered; the oldest is forgotten beyond this (a few KB each). */
const DEFAULT_LIMIT = 10_000;
/** Provider message ids remembered per session, to answer a client's retry without reading. */
const RECENT_MESSAGES = 20;

interface Entry {
  /** The row without its JSON columns, which are kept as text so every turn gets its own copy. */
  row: Omit<SessionRow, 'context_data' | 'dialog_state'>;
  context: string;
  dialog: string;
  /** Provider message id → transcript id, of the messages this instance committed last. */
  recent: Map<string, string>;
}

/**
 * The sessions as this instance's last turns committed them (docs/performance.md, "What a web
 * turn costs"), so the next message of a conversation runs without reading its session first:
 * one round trip to the database per turn instead of two. It is never trusted blindly: the turn's
 * write applies only if the session is still at the remembered version, and anything else that
 * changed it (another instance, an attendant, a resolve) moved the version, so that turn writes
 * nothing and runs again on a fresh read (db/turn-store.ts, `stale`).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  /**
   * What the turn would read, when this instance knows it: the remembered session, or no session
   * at all for a customer the channel has just given a new id. `undefined`: read the database.
   */
  lookup(key: ConversationKey, providerMessageId: string | undefined, firstContact: boolean): LoadedConversation | undefined {
    const entry = this.entries.get(keyOf(key));
    if (!entry) return firstContact ? { session: undefined, duplicate_of: undefined } : undefined;
    const session: SessionRow = { ...entry.row, context_data: JSON.parse(entry.context) as SessionRow['context_data'], dialog_state: JSON.parse(entry.dialog) };
    const duplicate = providerMessageId === undefined ? undefined : entry.recent.get(providerMessageId);
    return { session, duplicate_of: duplicate };
  }

  /** After a committed turn: the session as its write left it (`before` plus `changes`, one version on). */
  committed(before: SessionRow, changes: SessionChanges, inbound?: { id: string; provider_message_id: string | null }): void {
    const id = keyOf(before);
    const previous = this.entries.get(id);
    const { context_data, dialog_state, ...row } = before;
    const recent = previous?.row.id === before.id ? previous.recent : new Map<string, string>();
    if (inbound?.provider_message_id) {
      recent.set(inbound.provider_message_id, inbound.id);
      if (recent.size > RECENT_MESSAGES) recent.delete(recent.keys().next().value as string);
    }
    this.entries.delete(id);
    this.entries.set(id, {
      row: { ...row, version: before.version + 1, needs_human: changes.needs_human ?? before.needs_human, customer_id: changes.customer_id ?? before.customer_id },
      // As the database merges it: `context_data || patch` (db/turn-store.ts).
      context: JSON.stringify({ ...context_data, ...changes.context_patch }),
      dialog: JSON.stringify((changes.dialog_state === undefined ? dialog_state : changes.dialog_state) ?? null),
      recent,
    });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The session changed in a way this instance did not see (a stale or duplicate write): read it next time. */
  forget(key: ConversationKey): void {
    this.entries.delete(keyOf(key));
  }
}

function keyOf(key: ConversationKey): string {
  return `${key.bot_id}\n${key.channel}\n${key.external_user_id}`;
}
