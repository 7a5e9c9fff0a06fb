/**
 * The visitor's half of co-browse (docs/attendance/co-browse.md): the widget's answer to a
 * request, its page's events and its stop. The web socket remembers which attendant asked (from
 * the request signal, never from the page), so the page cannot choose who sees it; every frame is
 * checked against the conversation: only while that attendant still holds it do the page's events
 * reach them, and only them (not supervisors, not other attendants).
 */
import type { EventBus } from '../../infra/events/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { HELD_STATUSES } from '../commands/attendant-scope.js';
import { ATTENDANCE_LIVE_TOPIC } from '../live/live-events-listener.js';
import type { LiveDelivery } from '../live/live-events.js';
import type { CobrowseFrame } from './cobrowse-signals.js';

export interface VisitorCobrowseDeps {
  repos: Pick<AttendanceRepositories, 'conversations'>;
  bus: Pick<EventBus, 'publish'>;
  now: () => Date;
}

/** Which co-browse of which conversation, and the attendant whose request the visitor saw. */
export interface CobrowseParty {
  sessionId: string;
  cobrowseId: string;
  attendantId: string;
}

/** One part of a batch of the page's events, as the widget cut it. */
export interface CobrowseEventsPart {
  seq: number;
  part: number;
  parts: number;
  data: string;
}

/** True while `attendantId` holds the conversation. */
async function stillHolds(deps: VisitorCobrowseDeps, party: CobrowseParty): Promise<boolean> {
  const row = await deps.repos.conversations.get(party.sessionId);
  return !!row && row.assigned_to === party.attendantId && (HELD_STATUSES as readonly string[]).includes(row.status);
}

function toAttendant(deps: VisitorCobrowseDeps, party: CobrowseParty, frame: CobrowseFrame): Promise<void> {
  const delivery: LiveDelivery = { recipients: { user_ids: [party.attendantId], supervisors: false }, frame };
  return deps.bus.publish(ATTENDANCE_LIVE_TOPIC, delivery);
}

/** The visitor agreed. False when the attendant no longer holds the conversation: nothing starts. */
export async function acceptCobrowse(deps: VisitorCobrowseDeps, party: CobrowseParty): Promise<boolean> {
  if (!(await stillHolds(deps, party))) return false;
  await toAttendant(deps, party, { type: 'cobrowse_started', session_id: party.sessionId, cobrowse_id: party.cobrowseId, at: deps.now().toISOString() });
  return true;
}

/** The visitor said no; the attendant is told. */
export async function declineCobrowse(deps: VisitorCobrowseDeps, party: CobrowseParty): Promise<void> {
  await toAttendant(deps, party, { type: 'cobrowse_declined', session_id: party.sessionId, cobrowse_id: party.cobrowseId, at: deps.now().toISOString() });
}

/**
 * Relays a part of the page's events to the attendant. False when the attendant no longer holds the
 * conversation (resolved, transferred): the co-browse is over, and the attendant is told so.
 */
export async function relayCobrowseEvents(deps: VisitorCobrowseDeps, party: CobrowseParty, events: CobrowseEventsPart): Promise<boolean> {
  if (!(await stillHolds(deps, party))) {
    await endCobrowseByVisitor(deps, party, 'system');
    return false;
  }
  await toAttendant(deps, party, { type: 'cobrowse_events', session_id: party.sessionId, cobrowse_id: party.cobrowseId, ...events });
  return true;
}

/** The co-browse ends on the visitor's side: they stopped it, or their page left (`visitor`), or the relay did (`system`). */
export async function endCobrowseByVisitor(deps: VisitorCobrowseDeps, party: CobrowseParty, by: 'visitor' | 'system' = 'visitor'): Promise<void> {
  await toAttendant(deps, party, { type: 'cobrowse_ended', session_id: party.sessionId, cobrowse_id: party.cobrowseId, by, at: deps.now().toISOString() });
}
