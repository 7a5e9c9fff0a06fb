/**
 * The CRM attendance log (`attendance-crm-logging`, `attendance-log-fields`; docs/attendance/README.md):
 * when an attendance is resolved, one entry with the configured fields goes on the customer's CRM
 * contact, so a salesperson opening the contact sees every time a human talked to them.
 */
import { defaultBotConfig, type BotConfig } from '../config/index.js';
import {
  type AttendanceEventRow, type ConversationRow, type CrmAttendanceLogRow,
} from '../db/index.js';
import type { AttendanceListener } from './attendance-listener.js';
import { CONVERSATION_EVENTS, type ConversationEvent } from './conversation-events.js';
import type { AttendanceRepositories } from './attendance-repositories.js';
import { buildCustomerView, fieldRecord } from './customer-view/customer-fields.js';
import { loadCustomer } from './customer-view/load-customer.js';

/**
 * Field names `attendance-log-fields` may list. Others are ignored (a typo must not stop the
 * log); `sentiment` stays null until a language model scores conversations.
 */
export const CRM_LOG_FIELDS = [
  'session_id', 'customer_id', 'attendant_id', 'start_time', 'end_time', 'sentiment', 'customer_satisfaction',
  'queue_id', 'channel', 'wait_seconds', 'handle_seconds', 'transfer_reason',
] as const;
export type CrmLogField = (typeof CRM_LOG_FIELDS)[number];

/** What is known about one resolved attendance, from the queue item, the session and the event log. */
export interface AttendanceFacts {
  session_id: string;
  customer_id: string | null;
  attendant_id: string | null;
  queue_id: string | null;
  channel: string;
  /** First `queued` of the cycle. */
  start: Date | null;
  /** First `accepted` of the cycle. */
  accepted: Date | null;
  end: Date;
  transfer_reason: string | null;
}

export interface CrmAttendanceLogDeps {
  repos: AttendanceRepositories;
  /** The bot's configuration by bot id; defaults apply when unknown. */
  config: (botId: string) => BotConfig | undefined;
}

/**
 * The listener wired in app/main.ts: guard clauses, then {@link logAttendance}. It reacts only to
 * `conversation.resolved`, and only when both `crm-enabled` and `attendance-crm-logging` are on.
 */
export function crmAttendanceLogListener(deps: CrmAttendanceLogDeps): Pick<AttendanceListener, 'conversationChanged'> {
  return {
    async conversationChanged(row, events) {
      const resolved = events.find((e) => e.name === CONVERSATION_EVENTS.resolved);
      if (!resolved) return;
      const config = deps.config(row.bot_id) ?? defaultBotConfig();
      if (!config['crm-enabled'] || !config['attendance-crm-logging']) return;
      await logAttendance(deps.repos, {
        row, resolved, fields: config['attendance-log-fields'], customerFields: config['attendance-customer-fields'],
      });
    },
  };
}

/**
 * Writes the entry of one resolved attendance with exactly the known fields of `fields`, linked
 * to the session's CRM contact (sessions.customer_id) when it has one. With `customerFields`
 * (`attendance-customer-fields`) the entry also keeps `customer`: the customer as the attendant
 * saw them (docs/crm.md, "What attendants see").
 */
export async function logAttendance(
  repos: AttendanceRepositories,
  input: { row: ConversationRow; resolved: ConversationEvent; fields: readonly string[]; customerFields?: readonly string[] },
): Promise<CrmAttendanceLogRow> {
  const { row, resolved } = input;
  const loaded = await loadCustomer(repos, row.session_id);
  const session = loaded?.session;
  const end = new Date(resolved.payload.at);
  const cycle = currentCycle(await repos.events.list({ session_id: row.session_id, to: new Date(end.getTime() + 1) }));
  const first = (type: AttendanceEventRow['type']) => cycle.find((e) => e.type === type);
  const queued = first('queued');
  const reason = queued?.data.reason ?? session?.context_data.transfer_reason;
  const facts: AttendanceFacts = {
    session_id: row.session_id,
    customer_id: session?.customer_id ?? null,
    attendant_id: ('attendant_id' in resolved.payload ? resolved.payload.attendant_id : undefined) ?? row.assigned_to,
    queue_id: row.queue_id,
    channel: row.channel,
    start: queued?.at ?? row.waiting_since,
    accepted: first('accepted')?.at ?? row.accepted_at,
    end,
    transfer_reason: typeof reason === 'string' ? reason : null,
  };
  const customer = loaded && input.customerFields ? buildCustomerView(loaded, input.customerFields) : undefined;
  return repos.crmLogs.create({
    bot_id: row.bot_id, contact_id: facts.customer_id, session_id: row.session_id,
    fields: { ...logFields(input.fields, facts), ...(customer ? { customer: { name: customer.name, ...fieldRecord(customer) } } : {}) },
  });
}

/**
 * The entry's fields: each known name in `names` with its value (null when unknown), in the
 * order configured; unknown names are skipped.
 */
export function logFields(names: readonly string[], facts: AttendanceFacts): Record<string, unknown> {
  const seconds = (from: Date | null, to: Date | null) =>
    from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null;
  const values: Record<CrmLogField, unknown> = {
    session_id: facts.session_id,
    customer_id: facts.customer_id,
    attendant_id: facts.attendant_id,
    start_time: facts.start?.toISOString() ?? null,
    end_time: facts.end.toISOString(),
    sentiment: null,
    customer_satisfaction: null,
    queue_id: facts.queue_id,
    channel: facts.channel,
    wait_seconds: seconds(facts.start, facts.accepted),
    handle_seconds: seconds(facts.accepted, facts.end),
    transfer_reason: facts.transfer_reason,
  };
  const known = new Set<string>(CRM_LOG_FIELDS);
  return Object.fromEntries(names.filter((n) => known.has(n)).map((n) => [n, values[n as CrmLogField]]));
}

/**
 * The events of the session's last cycle: from the last `queued` that opened a cycle (the first
 * one, or the first after a `resolved`) to the end of the list. A requeue is also logged as
 * `queued`, but inside an open cycle, so it does not start a new one.
 */
function currentCycle(events: readonly AttendanceEventRow[]): AttendanceEventRow[] {
  let start = -1;
  let open = false;
  events.forEach((e, i) => {
    if (e.type === 'queued' && !open) {
      start = i;
      open = true;
    } else if (e.type === 'resolved') {
      open = false;
    }
  });
  return start < 0 ? [] : events.slice(start);
}

/** An entry as the REST API shows it. */
export interface CrmAttendanceLogEntry {
  id: string;
  bot_id: string;
  contact_id: string | null;
  session_id: string | null;
  fields: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A contact's or a session's log entries, newest first (GET /api/attendance/crm-log). */
export async function listAttendanceLog(
  repos: AttendanceRepositories,
  filter: { contact_id?: string; session_id?: string; bot_id?: string; limit?: number },
): Promise<CrmAttendanceLogEntry[]> {
  const rows = await repos.crmLogs.list(filter);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() }));
}
