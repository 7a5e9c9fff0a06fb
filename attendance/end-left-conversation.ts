import { recordEvents, type AssignDeps } from './assign-conversation.js';
import { backfillWaiting } from './backfill-waiting.js';
import { transition } from './conversation-status.js';

/**
 * The customer left for good (the engine's `session.closed`: a caller hung up while waiting or
 * talking to a person, docs/channels/rtc-sip.md): the conversation leaves the queue resolved,
 * with reason `customer left`. Nobody is messaged (there is nobody left to ask for a score), and
 * the attendant who held it gets the next waiting one. A conversation already resolved, or never
 * queued, is left as it is.
 */
export async function endLeftConversation(deps: AssignDeps, sessionId: string): Promise<void> {
  const row = await deps.repos.conversations.get(sessionId);
  if (!row || row.status === 'resolved') return;
  const now = deps.now();
  const result = transition(row.status, 'customer_left', {
    session_id: row.session_id, at: now, ...(row.assigned_to ? { assigned_to: row.assigned_to } : {}),
  });
  const ended = await deps.repos.conversations.apply(row.session_id, { status: row.status, assigned_to: row.assigned_to }, result.next, { resolved_at: now });
  // Changed meanwhile (an attendant took it): the event's job runs again and reads it afresh.
  if (!ended) throw new Error(`conversation ${sessionId} changed while its customer left; retrying`);
  await recordEvents(deps, ended, result.events);
  if (row.assigned_to) await backfillWaiting(deps, { attendantId: row.assigned_to });
}
