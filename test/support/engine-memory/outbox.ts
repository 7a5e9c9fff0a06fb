import type { EventWrite, FailureEventOf, OutboxRepo, ProviderStatus } from '../../../db/index.js';
import { copy, jsonb, type MemoryTables, uniqueViolation } from './tables.js';

/** The outbox's methods the engine calls (EngineRepositories.outbox). */
export type MemoryOutbox = Pick<OutboxRepo, 'findById' | 'listPending' | 'recordAttempt' | 'markDelivered' | 'markFailed' | 'applyProviderStatus'>;

const STATUS_RANK: Record<ProviderStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * db/outbox-repo.ts in memory: a row and its transcript message change state together, only
 * while the row is pending; a failure writes its `message.delivery_failed` event in the same
 * step; a provider's status never goes back (read stays read) and fails a message once.
 */
export function createMemoryOutbox(tables: MemoryTables): MemoryOutbox {
  const insertEvent = (event: EventWrite) => tables.events.push({
    ...jsonb(event), seq: tables.nextSeq(), state: 'pending', attempts: 0, last_error: null, created_at: tables.now(), handled_at: null,
  });

  function finish(id: string, state: 'delivered' | 'failed', reason: string | null, providerMessageId?: string, eventOf?: FailureEventOf): boolean {
    const row = tables.outbox.get(id);
    if (!row || row.state !== 'pending') return false;
    const message = tables.messages.find((m) => m.id === row.message_id)!;
    if (providerMessageId) {
      const taken = tables.messageByProviderId(message.channel, message.bot_id, providerMessageId);
      if (taken && taken !== message) throw uniqueViolation('messages_provider_id_idx');
    }
    const now = tables.now();
    Object.assign(row, {
      state, attempts: row.attempts + 1, ...(reason === null ? {} : { last_error: reason }), ...(state === 'delivered' ? { delivered_at: now } : {}), updated_at: now,
    });
    Object.assign(message, {
      delivery_state: state,
      ...(state === 'delivered' ? { delivered_at: now } : {}),
      ...(providerMessageId ? { provider_message_id: providerMessageId } : {}),
      ...(reason === null ? {} : { payload: { ...message.payload, delivery_error: reason } }),
    });
    if (eventOf && state === 'failed') {
      const { session_id, channel, sender, text } = message;
      insertEvent(eventOf({ message_id: message.id, session_id, channel, sender, text, reason: reason ?? 'failed' }));
    }
    return true;
  }

  return {
    async findById(id) {
      const row = tables.outbox.get(id);
      return row && copy(row);
    },

    async listPending() {
      return [...tables.outbox.values()]
        .filter((r) => r.state === 'pending')
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || tables.outboxWrite.get(a.id)! - tables.outboxWrite.get(b.id)!
          || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((r) => ({ id: r.id, session_id: r.session_id }));
    },

    async recordAttempt(id, error, nextAttemptAt) {
      const row = tables.outbox.get(id);
      if (!row || row.state !== 'pending') return;
      Object.assign(row, { attempts: row.attempts + 1, last_error: error, next_attempt_at: new Date(nextAttemptAt), updated_at: tables.now() });
    },

    async markDelivered(id, providerMessageId) {
      return finish(id, 'delivered', null, providerMessageId);
    },

    async markFailed(id, reason, eventOf) {
      return finish(id, 'failed', reason, undefined, eventOf);
    },

    async applyProviderStatus(key, status, reason, eventOf) {
      const message = tables.messages.find((m) => m.direction === 'outbound' && m.channel === key.channel && m.bot_id === key.bot_id
        && m.provider_message_id === key.provider_message_id);
      if (!message) return false;
      const current = message.payload.provider_status;
      if (status !== 'failed' && typeof current === 'string' && STATUS_RANK[current as ProviderStatus] >= STATUS_RANK[status]) return true;
      const wasFailed = message.delivery_state === 'failed';
      message.payload = { ...message.payload, provider_status: status, ...(reason === undefined ? {} : { delivery_error: reason }) };
      if (status !== 'failed') return true;
      message.delivery_state = 'failed';
      for (const row of tables.outbox.values()) {
        if (row.message_id === message.id) Object.assign(row, { state: 'failed', last_error: reason ?? 'failed', updated_at: tables.now() });
      }
      if (eventOf && !wasFailed) {
        const { session_id, channel, sender, text } = message;
        insertEvent(eventOf({ message_id: message.id, session_id, channel, sender, text, reason: reason ?? 'failed' }));
      }
      return true;
    },
  };
}
