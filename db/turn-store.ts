import { randomUUID } from 'node:crypto';
import type { SessionChanges, SessionRow } from './sessions-repo.js';
import { createGroupCommit } from './group-commit.js';
import type { SqlExecutor, Statement } from './sql-executor.js';
import { commitBatch, type BatchableTurn } from './turn-batch.js';

/**
 * The statements of a turn (docs/architecture.md, "one turn, one transaction"): one read before
 * the bot runs, and one statement after it that writes everything the turn produced — the
 * customer's message, the session's changes, the replies, their outbox rows and the domain
 * events — or nothing. A crash anywhere leaves either the whole turn or no trace of it, so a
 * provider's redelivery of the same message is processed exactly when it was not before.
 */

/** Who a conversation is with: the key of the one open session. */
export interface ConversationKey {
  bot_id: string;
  channel: string;
  external_user_id: string;
}

/** What the turn reads first: the open session (if any) and whether this message was already stored. */
export interface LoadedConversation {
  session: SessionRow | undefined;
  /** The transcript id of this provider message when a committed turn already took it. */
  duplicate_of: string | undefined;
}

/** The session part of a turn's write. */
export type SessionWrite =
  /** A customer's first message: the session is created with the turn. */
  | { kind: 'create'; row: Pick<SessionRow, 'id' | 'user_id' | 'bot_id' | 'channel' | 'external_user_id' | 'call_type'>; changes: SessionChanges }
  /** A known session: written only if `version` is still the one the turn read. */
  | { kind: 'update'; id: string; version: number; changes: SessionChanges };

/** The customer's message of the turn. */
export interface InboundWrite {
  id: string;
  session_id: string;
  bot_id: string;
  channel: string;
  text: string;
  payload: Record<string, unknown>;
  provider_message_id: string | null;
}

/** A message to the customer (or, for TALK TO, another address) with its delivery. */
export interface OutboundWrite {
  id: string;
  session_id: string;
  bot_id: string;
  channel: string;
  sender: 'bot' | 'attendant' | 'system';
  text: string;
  payload: Record<string, unknown>;
  /** The inbound message this answers, if any. */
  reply_to: string | null;
  /**
   * `outbox`: a job delivers it through the channel's provider; `inline`: the channel delivered it
   * with the turn itself (HTTP answer, WebSocket), so it is stored as delivered and no job runs.
   */
  delivery: { kind: 'outbox'; outbox_id: string; payload: Record<string, unknown> } | { kind: 'inline' };
}

/** A domain event stored with the turn (engine/domain-events.ts). */
export interface EventWrite {
  id: string;
  session_id: string;
  name: string;
  payload: Record<string, unknown>;
}

export interface TurnWrite {
  session?: SessionWrite;
  inbound?: InboundWrite;
  outbound: readonly OutboundWrite[];
  events: readonly EventWrite[];
}

/**
 * `committed`; `duplicate` when the inbound message was already stored (another delivery of it
 * committed first); `stale` when the session changed since it was read (another instance's turn or
 * a resolve), so the turn must be run again on the new state. The last two write nothing.
 */
export type TurnCommit =
  | { kind: 'committed'; created_at: Map<string, Date> }
  | { kind: 'duplicate'; duplicate_of: string }
  | { kind: 'stale' };

/** A stored reply, to answer a redelivered message with what its turn said. */
export interface StoredReply {
  sender: 'bot' | 'attendant' | 'system';
  text: string;
  payload: Record<string, unknown>;
}

const SESSION_COLUMNS = `s.id, s.bot_id, s.user_id, s.channel, s.external_user_id, s.needs_human, s.assigned_to, s.queue_id,
  s.customer_id, s.call_type, s.context_data, s.dialog_state, s.status, s.version, s.created_at, s.updated_at`;

const LOAD: Statement = {
  name: 'turn_load',
  text: `select ${SESSION_COLUMNS},
    (select m.id from messages m where m.channel = $2 and m.bot_id = $1 and m.provider_message_id = $4::text) as duplicate_of
  from (select 1) as one
  left join sessions s on s.bot_id = $1 and s.channel = $2 and s.external_user_id = $3 and s.status = 'open'`,
};

const LOAD_BY_ID: Statement = {
  name: 'turn_load_by_id',
  text: `select ${SESSION_COLUMNS} from sessions s where s.id = $1`,
};

/** The message columns a turn writes, in the order the statements below give them. */
const MESSAGE_COLUMNS = 'id, session_id, bot_id, channel, direction, sender, text, payload';

/** The session part of a turn's statement: the CTE `s`, which yields the session's id when the write applied. */
const SESSION_CTE = {
  // A customer's first message; nothing when another delivery created the session meanwhile.
  create: {
    params: 10,
    text: `s as (
    insert into sessions (id, user_id, bot_id, channel, external_user_id, needs_human, context_data, dialog_state, customer_id, call_type, version)
    values ($1, $2, $3, $4, $5, coalesce($6::boolean, false), coalesce($7::jsonb, '{}'::jsonb), $8::jsonb, $9::uuid, $10::text, 1)
    on conflict (bot_id, channel, external_user_id) where status = 'open' do nothing
    returning id)`,
  },
  // A known session, only if it is still at the version the turn read.
  update: {
    params: 8,
    text: `s as (
    update sessions set
      needs_human = coalesce($3::boolean, needs_human),
      status = case when $8::boolean then 'closed' else status end,
      context_data = case when $4::jsonb is null then context_data else context_data || $4::jsonb end,
      dialog_state = case when $5::boolean then $6::jsonb else dialog_state end,
      customer_id = coalesce($7::uuid, customer_id),
      version = version + 1,
      updated_at = now()
    where id = $1 and version = $2
    returning id)`,
  },
} as const;

/**
 * The whole turn as ONE statement, so it is atomic without a transaction and costs one round
 * trip: the session write `s`; the customer's message `i`, written only if `s` applied (a copy of
 * a message already stored fails the statement on the unique provider id, undoing all of it);
 * then the replies `m`, their outbox rows `o` and the events `e`, written only if the message
 * (or, without one, the session) was. Each step reads the one before, which also orders the
 * transcript: the message's `seq` comes before its replies'. The rows travel as JSON arrays (each
 * with its position `n`), so the text never changes and stays prepared. The statement yields the
 * replies' ids and times — no row at all when the session write did not apply (stale).
 */
function turnStatement(session: keyof typeof SESSION_CTE | undefined, inbound: boolean): Statement {
  let next = session ? SESSION_CTE[session].params : 0;
  const param = () => `$${(next += 1)}`;
  const ctes: string[] = session ? [SESSION_CTE[session].text] : [];
  if (inbound) {
    ctes.push(`i as (
    insert into messages (${MESSAGE_COLUMNS}, provider_message_id, delivery_state, created_at)
    select ${param()}::uuid, s.id, ${param()}::uuid, ${param()}, 'inbound', 'customer', ${param()}, ${param()}::jsonb, ${param()}::text,
      'received', clock_timestamp()
    from s
    returning id)`);
  }
  const gate = inbound ? 'where exists (select 1 from i)' : session ? 'where exists (select 1 from s)' : '';
  ctes.push(`m as (
    insert into messages (${MESSAGE_COLUMNS}, delivery_state, delivered_at, reply_to, created_at)
    select x.id, x.session_id, x.bot_id, x.channel, 'outbound', x.sender, x.text, x.payload, x.delivery_state,
      case when x.delivery_state = 'delivered' then now() end, x.reply_to, clock_timestamp()
    from jsonb_to_recordset(${param()}::jsonb) as x(id uuid, session_id uuid, bot_id uuid, channel text, sender text,
      text text, payload jsonb, delivery_state text, reply_to uuid, n int)
    ${gate}
    order by x.n
    returning id, created_at)`);
  ctes.push(`o as (
    insert into outbox (id, message_id, session_id, channel, payload)
    select x.id, x.message_id, x.session_id, x.channel, x.payload
    from jsonb_to_recordset(${param()}::jsonb) as x(id uuid, message_id uuid, session_id uuid, channel text, payload jsonb)
    ${gate})`);
  ctes.push(`e as (
    insert into engine_events (id, session_id, name, payload)
    select x.id, x.session_id, x.name, x.payload
    from jsonb_to_recordset(${param()}::jsonb) as x(id uuid, session_id uuid, name text, payload jsonb, n int)
    ${gate}
    order by x.n)`);
  const result = session ? 'select s.id as session_id, m.id, m.created_at from s left join m on true' : 'select id, created_at from m';
  const name = `turn_${session ?? 'append'}${inbound ? '_inbound' : ''}`;
  return { name, text: `with ${ctes.join(',\n  ')}\n  ${result}` };
}

const TURN_STATEMENTS = {
  create: turnStatement('create', true),
  update: turnStatement('update', true),
  updateOnly: turnStatement('update', false),
  append: turnStatement(undefined, false),
};

const FIND_INBOUND: Statement = {
  name: 'turn_find_inbound',
  text: `select id from messages where channel = $1 and bot_id = $2 and provider_message_id = $3::text`,
};

const REPLIES_TO: Statement = {
  name: 'turn_replies_to',
  text: `select sender, text, payload from messages where reply_to = $1 order by seq`,
};

/** Builds the store on the database's plain SQL executor (db/sql-executor.ts). */
export function createTurnStore(sql: SqlExecutor) {
  const commitOne = async (write: TurnWrite): Promise<TurnCommit> => {
    const statement = turnStatementFor(write);
    let rows: { session_id?: string; id: string | null; created_at: Date | null }[];
    try {
      rows = await sql.query(statement, [...sessionParams(write.session), ...inboundParams(write.inbound), ...outputParams(write.outbound, write.events)]);
    } catch (error) {
      if (!write.inbound || !isDuplicateMessage(error)) throw error;
      const [found] = await sql.query<{ id: string }>(FIND_INBOUND, [write.inbound.channel, write.inbound.bot_id, write.inbound.provider_message_id]);
      return { kind: 'duplicate', duplicate_of: found?.id ?? '' };
    }
    if (write.session && rows.length === 0) return { kind: 'stale' };
    return { kind: 'committed', created_at: createdAt(rows) };
  };
  const grouped = createGroupCommit<BatchableTurn, TurnCommit>({
    single: commitOne,
    batch: (turns) => commitBatch(sql, turns),
    // One write per session row in a statement (db/turn-batch.ts).
    keyOf: (turn) => (turn.session.kind === 'create' ? turn.session.row.id : turn.session.id),
  });

  return {
    /** The open session of `key` and whether `providerMessageId` was already taken by a committed turn. One query. */
    async load(key: ConversationKey, providerMessageId: string | undefined): Promise<LoadedConversation> {
      const [row] = await sql.query<SessionRow & { duplicate_of: string | null }>(LOAD, [
        key.bot_id, key.channel, key.external_user_id, providerMessageId ?? null,
      ]);
      const { duplicate_of, ...session } = row!;
      return { session: session.id === null ? undefined : (session as SessionRow), duplicate_of: duplicate_of ?? undefined };
    },

    /** A session by id (wake-ups, resolves, messages outside a turn). */
    async session(id: string): Promise<SessionRow | undefined> {
      const [row] = await sql.query<SessionRow>(LOAD_BY_ID, [id]);
      return row;
    },

    /**
     * Writes the whole turn in one statement, or nothing (see {@link TurnCommit}). A customer's
     * message is committed together with the other turns ready at the same time (group commit,
     * db/turn-batch.ts); each turn still writes all of its rows or none.
     */
    commit(write: TurnWrite): Promise<TurnCommit> {
      return isBatchable(write) ? grouped(write) : commitOne(write);
    },

    /** Replies and events outside a turn (an attendant's message): one statement, so all or nothing too. */
    async append(outbound: readonly OutboundWrite[], events: readonly EventWrite[] = []): Promise<Map<string, Date>> {
      if (outbound.length === 0 && events.length === 0) return new Map();
      return createdAt(await sql.query(TURN_STATEMENTS.append, outputParams(outbound, events)));
    },

    /** What a committed turn answered to the inbound message `id`, in order. */
    repliesTo(id: string): Promise<StoredReply[]> {
      return sql.query<StoredReply>(REPLIES_TO, [id]);
    },
  };
}

export type TurnStore = ReturnType<typeof createTurnStore>;

/** A new id for a row written by a turn: ids are made before the commit so rows can refer to each other. */
export const newRowId = (): string => randomUUID();

function isBatchable(write: TurnWrite): write is BatchableTurn {
  return write.session !== undefined && write.inbound !== undefined;
}

function turnStatementFor(write: TurnWrite): Statement {
  if (!write.session) return TURN_STATEMENTS.append;
  if (write.session.kind === 'create') {
    if (!write.inbound) throw new Error('a session is only created by a customer message');
    return TURN_STATEMENTS.create;
  }
  return write.inbound ? TURN_STATEMENTS.update : TURN_STATEMENTS.updateOnly;
}

function sessionParams(write: SessionWrite | undefined): unknown[] {
  if (!write) return [];
  const { changes } = write;
  const patch = changes.context_patch && Object.keys(changes.context_patch).length > 0 ? JSON.stringify(changes.context_patch) : null;
  const dialog = changes.dialog_state === undefined || changes.dialog_state === null ? null : JSON.stringify(changes.dialog_state);
  if (write.kind === 'create') {
    const { row } = write;
    return [row.id, row.user_id, row.bot_id, row.channel, row.external_user_id, changes.needs_human ?? null, patch, dialog, changes.customer_id ?? null, row.call_type];
  }
  return [write.id, write.version, changes.needs_human ?? null, patch, changes.dialog_state !== undefined, dialog, changes.customer_id ?? null, changes.closed === true];
}

function inboundParams(row: InboundWrite | undefined): unknown[] {
  if (!row) return [];
  return [row.id, row.bot_id, row.channel, row.text, JSON.stringify(row.payload), row.provider_message_id];
}

function outputParams(outbound: readonly OutboundWrite[], events: readonly EventWrite[]): unknown[] {
  const messages = outbound.map((m, n) => ({
    n, id: m.id, session_id: m.session_id, bot_id: m.bot_id, channel: m.channel, sender: m.sender, text: m.text, payload: m.payload,
    delivery_state: m.delivery.kind === 'inline' ? 'delivered' : 'pending', reply_to: m.reply_to,
  }));
  const outbox = outbound.flatMap((m) => m.delivery.kind === 'outbox'
    ? [{ id: m.delivery.outbox_id, message_id: m.id, session_id: m.session_id, channel: m.channel, payload: m.delivery.payload }]
    : []);
  return [JSON.stringify(messages), JSON.stringify(outbox), JSON.stringify(events.map((e, n) => ({ ...e, n })))];
}

function createdAt(rows: readonly { id: string | null; created_at: Date | null }[]): Map<string, Date> {
  return new Map(rows.flatMap((r) => (r.id && r.created_at ? [[r.id, r.created_at] as const] : [])));
}

/** A second copy of a customer message: the unique index on the provider's message id refused it. */
function isDuplicateMessage(error: unknown): boolean {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'messages_provider_id_idx';
}
