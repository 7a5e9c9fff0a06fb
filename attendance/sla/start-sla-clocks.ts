/**
 * Starts the SLA clocks of a conversation cycle or a ticket (docs/attendance/sla.md): the policy of
 * its queue and customer tier gives the targets, the queue's business hours the due times, and a
 * delayed job per clock checks it when due.
 */
import type { NewSlaClock, SlaClockRow, SlaMetric, SlaSubject } from '../../db/index.js';
import type { KnownFacts } from '../attendance-listener.js';
import { businessHoursOf, loadQueueHours } from '../hours/queue-hours.js';
import { addBusinessSeconds } from '../hours/business-hours.js';
import type { SlaDeps } from './sla-deps.js';
import { scheduleDueChecks } from './sla-jobs.js';
import { pickPolicy } from './sla-policy.js';

/** What a subject's clocks start from. */
export interface SlaStart {
  subject: SlaSubject;
  subject_id: string;
  /** The cycle's start: the conversation's `waiting_since`, the ticket's `created_at`. */
  at: Date;
  bot_id: string | null;
  queue_id: string | null;
  session_id: string;
  /** The targets to start: a ticket measures resolution only. */
  metrics: readonly SlaMetric[];
  /** What a handoff already read (attendance-listener.ts, `KnownFacts`): then it is not read again. */
  known?: KnownFacts;
}

/** Starts the clocks the applicable policy asks for; resolves to the ones started now (none when no policy applies). */
export async function startSlaClocks(deps: SlaDeps, start: SlaStart): Promise<SlaClockRow[]> {
  const { known } = start;
  const policies = known?.slaPolicies ?? await deps.repos.sla.listPolicies();
  if (policies.length === 0) return [];
  const tier = known?.contact !== undefined ? known.contact?.tier ?? null : await customerTier(deps, start.session_id);
  const policy = pickPolicy(policies, start.queue_id, tier);
  if (!policy) return [];
  const hours = known?.queueHours
    ? businessHoursOf(known.queueHours.find((h) => h.queue_id === start.queue_id))
    : (await loadQueueHours(deps.repos, start.queue_id)).hours;
  const targets: Record<SlaMetric, number | null> = { first_response: policy.first_response_seconds, resolution: policy.resolution_seconds };
  const rows: NewSlaClock[] = [];
  for (const metric of start.metrics) {
    const seconds = targets[metric];
    if (seconds === null) continue;
    const due = policy.business_hours ? addBusinessSeconds(hours, start.at, seconds) : new Date(start.at.getTime() + seconds * 1000);
    rows.push({
      subject: start.subject, subject_id: start.subject_id, cycle_at: start.at, metric, bot_id: start.bot_id, queue_id: start.queue_id,
      attendant_id: null, policy_id: policy.id, target_seconds: seconds, business_hours: policy.business_hours, started_at: start.at, due_at: due ?? null,
    });
  }
  const started = await deps.repos.sla.startClocks(rows);
  await scheduleDueChecks(deps.jobs, started, deps.now());
  return started;
}

/** The tier of the session's CRM contact, or null. */
async function customerTier(deps: SlaDeps, sessionId: string): Promise<string | null> {
  const session = await deps.repos.sessions.findById(sessionId);
  const contact = session?.customer_id ? await deps.repos.crm.getContact(session.customer_id) : undefined;
  return contact?.tier ?? null;
}
