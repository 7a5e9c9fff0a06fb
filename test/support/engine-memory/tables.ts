import type { MessageRow, OutboxRow, PendingEvent, SessionRow } from '../../../db/index.js';

/**
 * The rows the engine's in-memory stores share: what the engine's tables hold in the database
 * (sessions, messages, outbox, engine_events, inbound_queue), with the constraints the engine
 * relies on checked the same way — the one open session per customer, the unique provider
 * message id, and the session a message, outbox row or event belongs to. A store's write checks
 * everything first and then writes with no await in between, so it is all or nothing like the
 * database's statement. Everything goes in and out as a copy: JSON columns round-trip through
 * JSON as jsonb does, so nobody edits a stored row by holding on to it.
 */

export type EventRow = PendingEvent & {
  seq: number;
  state: 'pending' | 'done' | 'failed';
  last_error: string | null;
  created_at: Date;
  handled_at: Date | null;
};

export interface InboundRow {
  id: string;
  seq: number;
  channel: string;
  bot: string;
  external_user_id: string;
  provider_message_id: string | null;
  message: Record<string, unknown>;
  state: 'pending' | 'failed' | 'screened';
  attempts: number;
  last_error: string | null;
  accepted_at: Date;
}

export class MemoryTables {
  readonly sessions = new Map<string, SessionRow>();
  /** In `seq` order (the order they were written). */
  readonly messages: MessageRow[] = [];
  readonly outbox = new Map<string, OutboxRow>();
  /**
   * The write each outbox row came with, in order: the database's `now()` differs between
   * transactions even within a millisecond, so rows list in commit order and by id within one.
   */
  readonly outboxWrite = new Map<string, number>();
  /** In `seq` order. */
  readonly events: EventRow[] = [];
  /** In `seq` order. */
  readonly inbound: InboundRow[] = [];
  /** Bot names by id: what `sessions.listSleeping` joins (the database's bots table). */
  readonly bots = new Map<string, string>();
  private seq = 0;

  /** `now` is the database's clock (`now()`). */
  constructor(readonly now: () => Date = () => new Date()) {}

  nextSeq(): number {
    return (this.seq += 1);
  }

  openSession(key: { bot_id: string; channel: string; external_user_id: string }): SessionRow | undefined {
    for (const row of this.sessions.values()) {
      if (row.status === 'open' && row.bot_id === key.bot_id && row.channel === key.channel && row.external_user_id === key.external_user_id) return row;
    }
    return undefined;
  }

  /** The unique index on (channel, bot_id, provider_message_id) of messages: null ids never collide. */
  messageByProviderId(channel: string, botId: string, providerMessageId: string | null | undefined): MessageRow | undefined {
    if (providerMessageId === null || providerMessageId === undefined) return undefined;
    return this.messages.find((m) => m.channel === channel && m.bot_id === botId && m.provider_message_id === providerMessageId);
  }

  /** The foreign key of messages, outbox rows and events: their session must exist. */
  requireSessions(ids: Iterable<string>, created?: string): void {
    for (const id of ids) {
      if (id !== created && !this.sessions.has(id)) throw new Error(`foreign key violation: no session ${id}`);
    }
  }
}

/** A JSON column's value as the database stores it (jsonb): a deep copy, Dates become strings. */
export function jsonb<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * A row handed out: a deep copy, Dates staying Dates. Not structuredClone: under jest its Dates
 * come from another realm and fail `instanceof Date`.
 */
export function copy<T>(row: T): T {
  if (row instanceof Date) return new Date(row.getTime()) as T;
  if (Array.isArray(row)) return row.map(copy) as T;
  if (row === null || typeof row !== 'object') return row;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, copy(value)])) as T;
}

/** The error a unique index raises, as the drivers report it (code 23505). */
export function uniqueViolation(constraint: string): Error {
  return Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: '23505', constraint });
}
