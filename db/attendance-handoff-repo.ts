import type { ConversationRow, LogEntry } from './attendance-conversations-repo.js';
import type { AttendantProfileRow, QueueMemberRow, QueueRow } from './attendance-repo.js';
import type { ContactRow } from './crm-repo.js';
import type { QueueHoursRow } from './attendance-hours-repo.js';
import type { SlaPolicyRow } from './attendance-sla-repo.js';
import type { StatementUnderLock } from './engine-events-repo.js';
import type { SessionRow } from './sessions-repo.js';

/**
 * Everything queueing, assignment and the console's `new_conversation` frame read for a handoff,
 * as the database held it when the session's events job took the lock.
 */
export interface HandoffFacts {
  conversation: ConversationRow | undefined;
  session: SessionRow;
  /** The bot's waiting items, highest priority and oldest first (as `listWaiting`). */
  waiting: ConversationRow[];
  /** The bot's active queues and the installation-wide ones, in assignment order (as `queuesOfBot`). */
  queues: QueueRow[];
  /** Mean seconds from accepted to resolved over the bot's attendances resolved since `since`. */
  average: number | undefined;
  /** Every attendant profile, by user id. */
  profiles: AttendantProfileRow[];
  /** Every queue membership, in the queue rule's order. */
  memberships: QueueMemberRow[];
  /** Conversations each attendant holds now, by user id. */
  held: Map<string, number>;
  users: { id: string; username: string }[];
  /** The last attendant an `assigned` event gave a conversation of each of the bot's queues. */
  lastAssigned: Record<string, string>;
  /** The session's CRM contact (`customer_id`). */
  contact: ContactRow | undefined;
  /** The bot's contacts whose phone is one of the customer's numbers written `+digits`, oldest first. */
  phoneContacts: ContactRow[];
  /** The new cycle the statement wrote (`HandoffQueueing`), with its event log; absent when it wrote nothing. */
  started?: ConversationRow;
  /** The business hours of the queues in `queues` that have them (docs/attendance/business-hours.md). */
  queueHours: QueueHoursRow[];
  /** Every SLA policy (docs/attendance/sla.md). */
  slaPolicies: SlaPolicyRow[];
}

/**
 * A new cycle the handoff's statement writes itself (attendance/queue-conversation.ts makes the
 * same decision when it writes): for the job's own `session.handed_off` while it is the session's
 * oldest pending event, when the conversation is new or resolved and the bot's queue has room.
 */
export interface HandoffQueueing {
  /** The job's own event. */
  event_id: string;
  channel: string;
  /** `attendance-queue-size`. */
  size: number;
  priority: number;
  topic: string | null;
  /** A queue of this name (any case) among those serving the channel is chosen first. */
  named: string | null;
  /** The skills the cycle needs (docs/attendance/skills-routing.md), written on the row as `required_skills`. */
  required_skills: readonly { name: string; min_level: number }[];
  last_message: string;
  waiting_since: Date;
  /** The cycle's event log as from 'none' with no queue: the statement sets `from` and `queue_id`. */
  log: readonly LogEntry[];
}

export interface HandoffStatementInput {
  sessionId: string;
  /** Resolved attendances since then give the average handle time. */
  since: Date;
  queueing?: HandoffQueueing;
}

type Json = Record<string, unknown>;

/**
 * The handoff's facts (and, with `queueing`, its queueing) as one statement for the events job's
 * round trip (docs/performance.md, "Handoff round trips"): it runs under the session's events
 * lock, right after the pending events are read, and answers only when one of them is a
 * `session.handed_off` (a customer's later messages cost an index probe, not a queue's worth of
 * reads). The facts are as the database held them before the write; `started` is the written row.
 */
const HANDOFF_STATEMENT = `
  with a as (
    select ($1->>'session_id')::uuid as session_id, ($1->>'since')::timestamptz as since, $1->'queueing' as plan
  ),
  s as (
    select sessions.* from sessions, a where sessions.id = a.session_id and exists (
      select 1 from engine_events e where e.session_id = a.session_id and e.state = 'pending' and e.name = 'session.handed_off')
  ),
  q as (
    select q.* from attendance_queues q, s where q.is_active and (q.bot_id is null or q.bot_id = s.bot_id)
  ),
  phones as (
    select distinct '+' || regexp_replace(v, '[^0-9]', '', 'g') as phone
    from s, lateral (values (s.context_data->>'phone'), (s.external_user_id)) as p(v) where v is not null
  ),
  cur as (select c.* from attendance_conversations c, s where c.session_id = s.id),
  waiting as (select w.* from attendance_conversations w, s where w.bot_id = s.bot_id and w.status = 'waiting'),
  go as (
    select a.plan, case when exists (select 1 from cur) then 'resolved' else 'none' end as from_state,
      (select q.id from q where q.channels ? (a.plan->>'channel')
        order by lower(trim(q.name)) = lower(trim(a.plan->>'named')) desc nulls last, q.priority_order, q.id limit 1) as queue_id
    from a, s
    where a.plan is not null
      and (select e.id from engine_events e where e.session_id = s.id and e.state = 'pending' order by e.seq limit 1) = (a.plan->>'event_id')::uuid
      and coalesce((select status from cur), 'resolved') = 'resolved'
      and (select count(*) from waiting) < (a.plan->>'size')::int
  ),
  inserted as (
    insert into attendance_conversations (session_id, bot_id, channel, status, priority, queue_id, assigned_to, topic, required_skills, last_message, waiting_since)
    select s.id, s.bot_id, go.plan->>'channel', 'waiting', (go.plan->>'priority')::int, go.queue_id, null, go.plan->>'topic',
      coalesce(go.plan->'required_skills', '[]'::jsonb), go.plan->>'last_message', (go.plan->>'waiting_since')::timestamptz
    from go, s where go.from_state = 'none'
    on conflict do nothing returning *
  ),
  reopened as (
    update attendance_conversations c set bot_id = s.bot_id, channel = go.plan->>'channel', status = 'waiting',
      priority = (go.plan->>'priority')::int, queue_id = go.queue_id, assigned_to = null, topic = go.plan->>'topic',
      required_skills = coalesce(go.plan->'required_skills', '[]'::jsonb),
      last_message = go.plan->>'last_message', waiting_since = (go.plan->>'waiting_since')::timestamptz,
      accepted_at = null, resolved_at = null, updated_at = now()
    from go, s where go.from_state = 'resolved' and c.session_id = s.id and c.status = 'resolved'
    returning c.*
  ),
  started as (select * from inserted union all select * from reopened),
  logged as (
    insert into attendance_events (session_id, bot_id, queue_id, attendant_id, type, data, at)
    select st.session_id, st.bot_id, st.queue_id, coalesce(e.attendant_id, st.assigned_to), e.type,
      e.data || jsonb_build_object('from', go.from_state)
        || case when st.queue_id is null then '{}'::jsonb else jsonb_build_object('queue_id', st.queue_id) end,
      e.at
    from started st cross join go
      cross join jsonb_to_recordset(go.plan->'log') as e(ord int, attendant_id uuid, type text, data jsonb, at timestamptz)
    order by e.ord
  )
  select case when exists (select 1 from s) then jsonb_build_object(
    'session', (select to_jsonb(s) from s),
    'conversation', (select to_jsonb(cur) from cur),
    'waiting', (select coalesce(jsonb_agg(to_jsonb(w) order by w.priority desc, w.waiting_since, w.session_id), '[]'::jsonb) from waiting w),
    'queues', (select coalesce(jsonb_agg(to_jsonb(q) order by q.priority_order, q.name), '[]'::jsonb) from q),
    'average', (select avg(extract(epoch from r.at - acc.at))::float8
      from s, a, attendance_events r
      cross join lateral (
        select at from attendance_events x
        where x.session_id = r.session_id and x.type = 'accepted' and x.seq < r.seq
        order by x.seq desc limit 1
      ) acc
      where r.bot_id = s.bot_id and r.type = 'resolved' and r.at >= a.since),
    'profiles', (select coalesce(jsonb_agg(to_jsonb(p) order by p.user_id), '[]'::jsonb) from attendant_profiles p),
    'memberships', (select coalesce(jsonb_agg(to_jsonb(m) order by m.priority, m.created_at), '[]'::jsonb) from attendance_queue_members m),
    'held', (select coalesce(jsonb_object_agg(h.assigned_to, h.n), '{}'::jsonb) from (
      select assigned_to, count(*)::int as n from attendance_conversations
      where status in ('assigned', 'active', 'pending') and assigned_to is not null
      group by assigned_to) h),
    'users', (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'username', u.username)), '[]'::jsonb) from users u),
    'last_assigned', (select coalesce(jsonb_object_agg(l.queue_id, l.attendant_id), '{}'::jsonb) from (
      select distinct on (e.queue_id) e.queue_id, e.attendant_id from attendance_events e
      where e.type = 'assigned' and e.queue_id in (select id from q) and e.attendant_id is not null
      order by e.queue_id, e.seq desc) l),
    'contact', (select to_jsonb(c) from crm_contacts c, s where c.id = s.customer_id),
    'phone_contacts', (select coalesce(jsonb_agg(to_jsonb(c) order by c.created_at, c.id), '[]'::jsonb)
      from crm_contacts c, s where c.bot_id = s.bot_id and c.phone in (select phone from phones)),
    'started', (select to_jsonb(st) from started st),
    'queue_hours', (select coalesce(jsonb_agg(to_jsonb(h)), '[]'::jsonb) from attendance_queue_hours h where h.queue_id in (select id from q)),
    'sla_policies', (select coalesce(jsonb_agg(to_jsonb(p) order by p.name), '[]'::jsonb) from attendance_sla_policies p)
  ) end as answer`;

/**
 * The handoff's statement and the reading of its answer. The events job runs it (with the lock,
 * db/engine-events-repo.ts); this repository only writes it, so nothing here touches the database.
 */
export function createAttendanceHandoffRepo() {
  return {
    statement(input: HandoffStatementInput): StatementUnderLock {
      const { queueing } = input;
      return {
        text: HANDOFF_STATEMENT,
        param: {
          session_id: input.sessionId, since: input.since.toISOString(),
          ...(queueing ? {
            queueing: {
              ...queueing, waiting_since: queueing.waiting_since.toISOString(),
              log: queueing.log.map((e, ord) => ({ ord, attendant_id: e.attendant_id, type: e.type, data: e.data, at: e.at.toISOString() })),
            },
          } : {}),
        },
      };
    },

    /** The statement's answer as facts; undefined when the session had no pending handoff. */
    parse(answer: unknown): HandoffFacts | undefined {
      const row = (typeof answer === 'string' ? JSON.parse(answer) : answer) as Json | null | undefined;
      if (!row?.session) return undefined;
      const list = (key: string) => row[key] as Json[];
      const average = row.average;
      return {
        session: dated(row.session as Json, ['created_at', 'updated_at']) as unknown as SessionRow,
        conversation: row.conversation ? asConversation(row.conversation as Json) : undefined,
        waiting: list('waiting').map(asConversation),
        queues: list('queues').map((q) => dated(q, ['created_at', 'updated_at']) as unknown as QueueRow),
        average: average === null || average === undefined ? undefined : Number(average),
        profiles: list('profiles').map((p) => dated(p, ['updated_at']) as unknown as AttendantProfileRow),
        memberships: list('memberships').map((m) => dated(m, ['created_at']) as unknown as QueueMemberRow),
        held: new Map(Object.entries(row.held as Record<string, number>)),
        users: row.users as { id: string; username: string }[],
        lastAssigned: row.last_assigned as Record<string, string>,
        contact: row.contact ? dated(row.contact as Json, ['created_at', 'updated_at']) as unknown as ContactRow : undefined,
        phoneContacts: list('phone_contacts').map((c) => dated(c, ['created_at', 'updated_at']) as unknown as ContactRow),
        ...(row.started ? { started: asConversation(row.started as Json) } : {}),
        queueHours: list('queue_hours').map((h) => dated(h, ['updated_at']) as unknown as QueueHoursRow),
        slaPolicies: list('sla_policies').map((p) => dated(p, ['created_at', 'updated_at']) as unknown as SlaPolicyRow),
      };
    },
  };
}

export type AttendanceHandoffRepo = ReturnType<typeof createAttendanceHandoffRepo>;

function asConversation(raw: Json): ConversationRow {
  return dated(raw, ['waiting_since', 'accepted_at', 'resolved_at', 'updated_at']) as unknown as ConversationRow;
}

/** JSON gives timestamps as text; the rows drizzle reads have dates. */
function dated(raw: Json, keys: readonly string[]): Json {
  const out: Json = { ...raw };
  for (const key of keys) if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return out;
}
