import type {
  EventWrite, InboundWrite, LoadedConversation, MessageRow, OutboundWrite, SessionRow, SessionWrite, StoredReply, TurnCommit, TurnStore, TurnWrite,
} from '../../../db/index.js';
import { copy, jsonb, type MemoryTables } from './tables.js';

/**
 * db/turn-store.ts in memory: a turn's session write, message, replies, outbox rows and events
 * all or nothing; `stale` when the session is no longer at the version read (or another open
 * session of the customer was created meanwhile), `duplicate` when the provider message id was
 * already taken. Checked in the database's order: a stale turn is stale even if its message is
 * a copy, since its message is never inserted then.
 */
export function createMemoryTurnStore(tables: MemoryTables): TurnStore {
  return {
    async load(key, providerMessageId): Promise<LoadedConversation> {
      const session = tables.openSession(key);
      const duplicate = tables.messageByProviderId(key.channel, key.bot_id, providerMessageId);
      return { session: session && copy(session), duplicate_of: duplicate?.id };
    },

    async session(id) {
      const row = tables.sessions.get(id);
      return row && copy(row);
    },

    async commit(write: TurnWrite): Promise<TurnCommit> {
      if (write.session?.kind === 'create' && !write.inbound) throw new Error('a session is only created by a customer message');
      if (write.session && isStale(tables, write.session)) return { kind: 'stale' };
      const { inbound } = write;
      if (inbound) {
        const taken = tables.messageByProviderId(inbound.channel, inbound.bot_id, inbound.provider_message_id);
        if (taken) return { kind: 'duplicate', duplicate_of: taken.id };
      }
      const created = write.session?.kind === 'create' ? write.session.row.id : undefined;
      tables.requireSessions(sessionIdsOf(write.inbound ? [write.inbound] : [], write.outbound, write.events), created);
      if (write.session) writeSession(tables, write.session);
      if (inbound) insertInbound(tables, inbound);
      return { kind: 'committed', created_at: insertOutput(tables, write.outbound, write.events) };
    },

    async append(outbound: readonly OutboundWrite[], events: readonly EventWrite[] = []) {
      if (outbound.length === 0 && events.length === 0) return new Map<string, Date>();
      tables.requireSessions(sessionIdsOf([], outbound, events));
      return insertOutput(tables, outbound, events);
    },

    async repliesTo(id): Promise<StoredReply[]> {
      return tables.messages.filter((m) => m.reply_to === id).map((m) => copy({ sender: m.sender as StoredReply['sender'], text: m.text, payload: m.payload }));
    },
  };
}

function isStale(tables: MemoryTables, write: SessionWrite): boolean {
  if (write.kind === 'create') return tables.openSession(write.row) !== undefined;
  return tables.sessions.get(write.id)?.version !== write.version;
}

function sessionIdsOf(inbound: readonly InboundWrite[], outbound: readonly OutboundWrite[], events: readonly EventWrite[]): Set<string> {
  return new Set([...inbound, ...outbound, ...events].map((row) => row.session_id));
}

function writeSession(tables: MemoryTables, write: SessionWrite): void {
  const { changes } = write;
  const patch = changes.context_patch && Object.keys(changes.context_patch).length > 0 ? jsonb(changes.context_patch) : undefined;
  const now = tables.now();
  if (write.kind === 'create') {
    const row: SessionRow = {
      ...write.row, needs_human: changes.needs_human ?? false, assigned_to: null, queue_id: null, customer_id: changes.customer_id ?? null,
      context_data: patch ?? {}, dialog_state: jsonb(changes.dialog_state) ?? null, status: 'open', version: 1, created_at: now, updated_at: now,
    };
    tables.sessions.set(row.id, row);
    return;
  }
  const row = tables.sessions.get(write.id)!;
  tables.sessions.set(row.id, {
    ...row,
    needs_human: changes.needs_human ?? row.needs_human,
    customer_id: changes.customer_id ?? row.customer_id,
    status: changes.closed ? 'closed' : row.status,
    context_data: patch ? { ...row.context_data, ...patch } : row.context_data,
    dialog_state: changes.dialog_state === undefined ? row.dialog_state : (jsonb(changes.dialog_state) ?? null),
    version: row.version + 1,
    updated_at: now,
  });
}

function insertInbound(tables: MemoryTables, inbound: InboundWrite): void {
  tables.messages.push({
    id: inbound.id, seq: tables.nextSeq(), session_id: inbound.session_id, bot_id: inbound.bot_id, channel: inbound.channel,
    direction: 'inbound', sender: 'customer', text: inbound.text, payload: jsonb(inbound.payload), provider_message_id: inbound.provider_message_id,
    reply_to: null, delivery_state: 'received', created_at: new Date(), delivered_at: null,
  });
}

/** The replies (stored as delivered when the channel delivered them with the turn), their outbox rows and the events. */
function insertOutput(tables: MemoryTables, outbound: readonly OutboundWrite[], events: readonly EventWrite[]): Map<string, Date> {
  const createdAt = new Map<string, Date>();
  const now = tables.now();
  const write = tables.nextSeq();
  for (const m of outbound) {
    const inline = m.delivery.kind === 'inline';
    const row: MessageRow = {
      id: m.id, seq: tables.nextSeq(), session_id: m.session_id, bot_id: m.bot_id, channel: m.channel, direction: 'outbound', sender: m.sender,
      text: m.text, payload: jsonb(m.payload), provider_message_id: null, reply_to: m.reply_to, delivery_state: inline ? 'delivered' : 'pending',
      created_at: new Date(), delivered_at: inline ? now : null,
    };
    tables.messages.push(row);
    createdAt.set(row.id, new Date(row.created_at));
    if (m.delivery.kind === 'outbox') {
      tables.outbox.set(m.delivery.outbox_id, {
        id: m.delivery.outbox_id, message_id: m.id, session_id: m.session_id, channel: m.channel, payload: jsonb(m.delivery.payload),
        state: 'pending', attempts: 0, last_error: null, next_attempt_at: now, created_at: now, updated_at: now, delivered_at: null,
      });
      tables.outboxWrite.set(m.delivery.outbox_id, write);
    }
  }
  for (const e of events) {
    tables.events.push({
      id: e.id, seq: tables.nextSeq(), session_id: e.session_id, name: e.name, payload: jsonb(e.payload), state: 'pending', attempts: 0,
      last_error: null, created_at: now, handled_at: null,
    });
  }
  return createdAt;
}
