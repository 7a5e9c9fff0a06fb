/**
 * A call's facts in the attendance event log, which the call KPIs read
 * (attendance/insights/call-kpis.ts): `call_started`, `call_queued`, `call_ended` come from the
 * call itself (through the calls' port, app/call-ports.ts); `call_held`, `call_resumed`,
 * `call_transferred` from the attendants' actions (call-actions.ts).
 */
import type { AttendanceEventRow } from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

export type CallFactType = Extract<AttendanceEventRow['type'], `call_${string}`>;

/** What the call tells of itself (the rtc_sip adapter's `CallFact`, by session). */
export interface CallLifeFact {
  sessionId: string;
  kind: 'started' | 'queued' | 'ended';
  at: Date;
  reason?: string;
  direction: 'inbound' | 'outbound';
}

/** Appends one line; the bot is the session's. A session that no longer exists logs nothing. */
export async function logCallFact(
  repos: Pick<AttendanceRepositories, 'events' | 'sessions'>,
  fact: { sessionId: string; type: CallFactType; at: Date; attendantId?: string | null; data?: Record<string, unknown> },
): Promise<void> {
  const session = await repos.sessions.findById(fact.sessionId);
  if (!session) return;
  await repos.events.append({
    session_id: fact.sessionId, bot_id: session.bot_id, attendant_id: fact.attendantId ?? null, type: fact.type, at: fact.at, data: fact.data ?? {},
  });
}

/** A fact of the call's life, as the adapter reports it. */
export function recordCallFact(repos: Pick<AttendanceRepositories, 'events' | 'sessions'>, fact: CallLifeFact): Promise<void> {
  const type: CallFactType = fact.kind === 'started' ? 'call_started' : fact.kind === 'queued' ? 'call_queued' : 'call_ended';
  return logCallFact(repos, {
    sessionId: fact.sessionId, type, at: fact.at, data: { direction: fact.direction, ...(fact.reason ? { reason: fact.reason } : {}) },
  });
}
