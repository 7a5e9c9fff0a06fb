import { sql } from 'drizzle-orm';
import type { ConversationRow } from './attendance-conversations-repo.js';
import type { AttendantProfileRow, QueueMemberRow, QueueRow } from './attendance-repo.js';
import { rowsOf, type Database } from './connection.js';
import type { ContactRow } from './crm-repo.js';
import type { SessionRow } from './sessions-repo.js';

/**
 * Everything queueing, assignment and the console's `new_conversation` frame read for a handoff,
 * as the database held it when the session's events job began.
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
}

type Json = Record<string, unknown>;

/**
 * The read of a handoff in one statement (docs/performance.md, "Handoff round trips"): it runs
 * beside the events job's own read of the pending events, and answers only when one of them is
 * a `session.handed_off` (a customer's later messages cost an index probe, not a queue's worth
 * of reads).
 */
export function createAttendanceHandoffRepo(db: Database) {
  return {
    async facts(sessionId: string, since: Date): Promise<HandoffFacts | undefined> {
      const result = await db.execute(sql`
        with s as (
          select * from sessions where id = ${sessionId}::uuid and exists (
            select 1 from engine_events e where e.session_id = ${sessionId}::uuid and e.state = 'pending' and e.name = 'session.handed_off')
        ),
        q as (
          select q.* from attendance_queues q, s where q.is_active and (q.bot_id is null or q.bot_id = s.bot_id)
        ),
        phones as (
          select distinct '+' || regexp_replace(v, '[^0-9]', '', 'g') as phone
          from s, lateral (values (s.context_data->>'phone'), (s.external_user_id)) as p(v) where v is not null
        )
        select
          (select to_jsonb(s) from s) as session,
          (select to_jsonb(c) from attendance_conversations c, s where c.session_id = s.id) as conversation,
          (select coalesce(jsonb_agg(to_jsonb(w) order by w.priority desc, w.waiting_since, w.session_id), '[]'::jsonb)
            from attendance_conversations w, s where w.bot_id = s.bot_id and w.status = 'waiting') as waiting,
          (select coalesce(jsonb_agg(to_jsonb(q) order by q.priority_order, q.name), '[]'::jsonb) from q) as queues,
          (select avg(extract(epoch from r.at - a.at))::float8
            from s, attendance_events r
            cross join lateral (
              select at from attendance_events a
              where a.session_id = r.session_id and a.type = 'accepted' and a.seq < r.seq
              order by a.seq desc limit 1
            ) a
            where r.bot_id = s.bot_id and r.type = 'resolved' and r.at >= ${since.toISOString()}::timestamptz) as average,
          (select coalesce(jsonb_agg(to_jsonb(p) order by p.user_id), '[]'::jsonb) from attendant_profiles p where exists (select 1 from s)) as profiles,
          (select coalesce(jsonb_agg(to_jsonb(m) order by m.priority, m.created_at), '[]'::jsonb)
            from attendance_queue_members m where exists (select 1 from s)) as memberships,
          (select coalesce(jsonb_object_agg(h.assigned_to, h.n), '{}'::jsonb) from (
            select assigned_to, count(*)::int as n from attendance_conversations
            where status in ('assigned', 'active', 'pending') and assigned_to is not null and exists (select 1 from s)
            group by assigned_to) h) as held,
          (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'username', u.username)), '[]'::jsonb)
            from users u where exists (select 1 from s)) as users,
          (select coalesce(jsonb_object_agg(l.queue_id, l.attendant_id), '{}'::jsonb) from (
            select distinct on (e.queue_id) e.queue_id, e.attendant_id from attendance_events e
            where e.type = 'assigned' and e.queue_id in (select id from q) and e.attendant_id is not null
            order by e.queue_id, e.seq desc) l) as last_assigned,
          (select to_jsonb(c) from crm_contacts c, s where c.id = s.customer_id) as contact,
          (select coalesce(jsonb_agg(to_jsonb(c) order by c.created_at, c.id), '[]'::jsonb)
            from crm_contacts c, s where c.bot_id = s.bot_id and c.phone in (select phone from phones)) as phone_contacts`);
      const row = rowsOf<Record<string, unknown>>(result)[0];
      if (!row?.session) return undefined;
      const json = (key: string) => (typeof row[key] === 'string' ? JSON.parse(row[key] as string) : row[key]) as unknown;
      const list = (key: string) => json(key) as Json[];
      const average = row.average;
      return {
        session: dated(json('session') as Json, ['created_at', 'updated_at']) as unknown as SessionRow,
        conversation: json('conversation') ? asConversation(json('conversation') as Json) : undefined,
        waiting: list('waiting').map(asConversation),
        queues: list('queues').map((q) => dated(q, ['created_at', 'updated_at']) as unknown as QueueRow),
        average: average === null || average === undefined ? undefined : Number(average),
        profiles: list('profiles').map((p) => dated(p, ['updated_at']) as unknown as AttendantProfileRow),
        memberships: list('memberships').map((m) => dated(m, ['created_at']) as unknown as QueueMemberRow),
        held: new Map(Object.entries(json('held') as Record<string, number>)),
        users: json('users') as { id: string; username: string }[],
        lastAssigned: json('last_assigned') as Record<string, string>,
        contact: json('contact') ? dated(json('contact') as Json, ['created_at', 'updated_at']) as unknown as ContactRow : undefined,
        phoneContacts: list('phone_contacts').map((c) => dated(c, ['created_at', 'updated_at']) as unknown as ContactRow),
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
