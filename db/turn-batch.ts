import type { SqlExecutor, Statement } from './sql-executor.js';
import type { OutboundWrite, EventWrite, InboundWrite, SessionWrite, TurnCommit } from './turn-store.js';

/**
 * Several turns' writes as ONE statement (docs/performance.md, "Group commit"): what
 * db/turn-store.ts writes for one turn, over arrays, so the turns that are ready together cost
 * one round trip, one statement and one commit instead of one each. Each turn still writes all
 * of its rows or none: its session row is written only at the version it read, its message only
 * if its session row was, and its replies, outbox rows and events only if its message was. Any
 * error fails the whole statement, so nothing of any turn is written, and the caller then commits
 * the turns one by one (db/group-commit.ts) so that one bad turn fails alone.
 */

/** A turn the batch can take: a customer's message with its session write (the web turn). */
export interface BatchableTurn {
  session: SessionWrite;
  inbound: InboundWrite;
  outbound: readonly OutboundWrite[];
  events: readonly EventWrite[];
}

const MESSAGE_COLUMNS = 'id, session_id, bot_id, channel, direction, sender, text, payload';

/**
 * `t`: one row per turn, its session write and its message. `c` creates sessions, `u` updates
 * them at the version read; `i` inserts the messages of the turns whose session write applied.
 * The replies `m`, outbox rows `o` and events `e` carry their turn's message id (`turn`) and
 * are written only when that message was. The turns of one batch never share a session
 * (db/group-commit.ts), so a session row is written at most once. Reading `i` row by row orders
 * each message before its replies (`messages.seq`), as in the one-turn statement.
 */
const BATCH: Statement = {
  name: 'turn_batch',
  text: `with t as (
    select * from jsonb_to_recordset($1::jsonb) as t(kind text, id uuid, version int, user_id uuid, bot_id uuid, channel text,
      external_user_id text, needs_human boolean, context_patch jsonb, set_dialog boolean, dialog_state jsonb, customer_id uuid,
      message_id uuid, message_bot_id uuid, message_channel text, text text, payload jsonb, provider_message_id text, n int)),
  c as (
    insert into sessions (id, user_id, bot_id, channel, external_user_id, needs_human, context_data, dialog_state, customer_id, version)
    select t.id, t.user_id, t.bot_id, t.channel, t.external_user_id, coalesce(t.needs_human, false),
      coalesce(t.context_patch, '{}'::jsonb), t.dialog_state, t.customer_id, 1
    from t where t.kind = 'create'
    order by t.n
    on conflict (bot_id, channel, external_user_id) where status = 'open' do nothing
    returning id),
  u as (
    update sessions set
      needs_human = coalesce(t.needs_human, sessions.needs_human),
      context_data = case when t.context_patch is null then sessions.context_data else sessions.context_data || t.context_patch end,
      dialog_state = case when t.set_dialog then t.dialog_state else sessions.dialog_state end,
      customer_id = coalesce(t.customer_id, sessions.customer_id),
      version = sessions.version + 1,
      updated_at = now()
    from t
    where t.kind = 'update' and sessions.id = t.id and sessions.version = t.version
    returning sessions.id),
  i as (
    insert into messages (${MESSAGE_COLUMNS}, provider_message_id, delivery_state, created_at)
    select t.message_id, t.id, t.message_bot_id, t.message_channel, 'inbound', 'customer', t.text, t.payload, t.provider_message_id,
      'received', clock_timestamp()
    from t
    where t.id in (select id from c union all select id from u)
    order by t.n
    returning id),
  m as (
    insert into messages (${MESSAGE_COLUMNS}, delivery_state, delivered_at, reply_to, created_at)
    select x.id, x.session_id, x.bot_id, x.channel, 'outbound', x.sender, x.text, x.payload, x.delivery_state,
      case when x.delivery_state = 'delivered' then now() end, x.reply_to, clock_timestamp()
    from jsonb_to_recordset($2::jsonb) as x(id uuid, session_id uuid, bot_id uuid, channel text, sender text,
      text text, payload jsonb, delivery_state text, reply_to uuid, turn uuid, n int)
    where x.turn in (select id from i)
    order by x.n
    returning id, created_at),
  o as (
    insert into outbox (id, message_id, session_id, channel, payload)
    select x.id, x.message_id, x.session_id, x.channel, x.payload
    from jsonb_to_recordset($3::jsonb) as x(id uuid, message_id uuid, session_id uuid, channel text, payload jsonb, turn uuid)
    where x.turn in (select id from i)),
  e as (
    insert into engine_events (id, session_id, name, payload)
    select x.id, x.session_id, x.name, x.payload
    from jsonb_to_recordset($4::jsonb) as x(id uuid, session_id uuid, name text, payload jsonb, turn uuid, n int)
    where x.turn in (select id from i)
    order by x.n)
  select id, null::timestamptz as created_at from i
  union all
  select id, created_at from m`,
};

/** Writes `turns` in one statement; each turn's result in the same order. Throws when the statement fails (nothing written). */
export async function commitBatch(sql: SqlExecutor, turns: readonly BatchableTurn[]): Promise<TurnCommit[]> {
  const rows = await sql.query<{ id: string; created_at: Date | null }>(BATCH, batchParams(turns));
  const written = new Map(rows.map((r) => [r.id, r.created_at]));
  return turns.map((turn): TurnCommit => {
    if (!written.has(turn.inbound.id)) return { kind: 'stale' };
    const createdAt = new Map<string, Date>();
    for (const m of turn.outbound) {
      const at = written.get(m.id);
      if (at) createdAt.set(m.id, at);
    }
    return { kind: 'committed', created_at: createdAt };
  });
}

function batchParams(turns: readonly BatchableTurn[]): unknown[] {
  const sessions = turns.map(({ session, inbound }, n) => {
    const { changes } = session;
    const patch = changes.context_patch && Object.keys(changes.context_patch).length > 0 ? changes.context_patch : null;
    const common = {
      n, kind: session.kind, needs_human: changes.needs_human ?? null, context_patch: patch, dialog_state: changes.dialog_state ?? null,
      customer_id: changes.customer_id ?? null, message_id: inbound.id, message_bot_id: inbound.bot_id, message_channel: inbound.channel, text: inbound.text, payload: inbound.payload, provider_message_id: inbound.provider_message_id,
    };
    return session.kind === 'create'
      ? { ...common, id: session.row.id, user_id: session.row.user_id, bot_id: session.row.bot_id, channel: session.row.channel, external_user_id: session.row.external_user_id }
      : { ...common, id: session.id, version: session.version, set_dialog: changes.dialog_state !== undefined };
  });
  let position = 0;
  const messages = turns.flatMap(({ inbound, outbound }) => outbound.map((m) => ({
    n: (position += 1), turn: inbound.id, id: m.id, session_id: m.session_id, bot_id: m.bot_id, channel: m.channel, sender: m.sender,
    text: m.text, payload: m.payload, delivery_state: m.delivery.kind === 'inline' ? 'delivered' : 'pending', reply_to: m.reply_to,
  })));
  const outbox = turns.flatMap(({ inbound, outbound }) => outbound.flatMap((m) => m.delivery.kind === 'outbox'
    ? [{ turn: inbound.id, id: m.delivery.outbox_id, message_id: m.id, session_id: m.session_id, channel: m.channel, payload: m.delivery.payload }]
    : []));
  const events = turns.flatMap(({ inbound, events: list }) => list.map((e) => ({ ...e, turn: inbound.id, n: (position += 1) })));
  return [JSON.stringify(sessions), JSON.stringify(messages), JSON.stringify(outbox), JSON.stringify(events)];
}
