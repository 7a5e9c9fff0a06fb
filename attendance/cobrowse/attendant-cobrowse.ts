/**
 * The attendant's half of co-browse (docs/attendance/co-browse.md): ask the visitor to share the
 * page, point at it, ask for a fresh snapshot, stop. Only the attendant who holds a web
 * conversation may ask, point or resync; each signal names that attendant, and the visitor's socket
 * ignores signals of anyone else than the attendant whose request the visitor accepted.
 */
import { randomUUID } from 'node:crypto';
import { sessionOutboundTopic } from '../../engine/index.js';
import type { EventBus } from '../../infra/events/index.js';
import { ConflictError } from '../../infra/errors.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { heldConversation, type Actor } from '../commands/attendant-scope.js';
import { ATTENDANCE_LIVE_TOPIC } from '../live/live-events-listener.js';
import type { LiveDelivery } from '../live/live-events.js';
import type { CobrowseSignal } from './cobrowse-signals.js';

export interface AttendantCobrowseDeps {
  repos: AttendanceRepositories;
  bus: Pick<EventBus, 'publish'>;
  now: () => Date;
  newId?: () => string;
}

/** The channel whose visitors have the widget, the only page there is to share. */
const WEB_CHANNEL = 'web';

/** Checks the actor holds the web conversation; ConflictError `not_holder` or `cobrowse_unavailable` otherwise. */
async function heldWebConversation(deps: AttendantCobrowseDeps, actor: Actor, sessionId: string): Promise<void> {
  const row = await heldConversation(deps.repos, actor, sessionId);
  if (row.channel !== WEB_CHANNEL) {
    throw new ConflictError('Co-browse needs a visitor in the web widget', 'cobrowse_unavailable', { channel: row.channel });
  }
}

/** Asks the visitor for consent; the answer carries the co-browse's id, which every later frame names. */
export async function requestCobrowse(deps: AttendantCobrowseDeps, input: { actor: Actor; sessionId: string }): Promise<{ cobrowse_id: string }> {
  await heldWebConversation(deps, input.actor, input.sessionId);
  const user = await deps.repos.users.findById(input.actor.user_id);
  const cobrowseId = (deps.newId ?? randomUUID)();
  const signal: CobrowseSignal = {
    type: 'cobrowse', action: 'request', cobrowse_id: cobrowseId, attendant_id: input.actor.user_id,
    attendant_name: user?.display_name || user?.username || '', at: deps.now().toISOString(),
  };
  await deps.bus.publish(sessionOutboundTopic(input.sessionId), signal);
  return { cobrowse_id: cobrowseId };
}

/** Shows the attendant's pointer on the visitor's page at document coordinates (x, y). */
export async function pointCobrowse(
  deps: AttendantCobrowseDeps, input: { actor: Actor; sessionId: string; cobrowseId: string; x: number; y: number },
): Promise<void> {
  await heldWebConversation(deps, input.actor, input.sessionId);
  const signal: CobrowseSignal = {
    type: 'cobrowse', action: 'pointer', cobrowse_id: input.cobrowseId, attendant_id: input.actor.user_id,
    x: input.x, y: input.y, at: deps.now().toISOString(),
  };
  await deps.bus.publish(sessionOutboundTopic(input.sessionId), signal);
}

/** Asks the page for a full snapshot again (a console that opened late, or lost a batch). */
export async function resyncCobrowse(deps: AttendantCobrowseDeps, input: { actor: Actor; sessionId: string; cobrowseId: string }): Promise<void> {
  await heldWebConversation(deps, input.actor, input.sessionId);
  const signal: CobrowseSignal = {
    type: 'cobrowse', action: 'resync', cobrowse_id: input.cobrowseId, attendant_id: input.actor.user_id, at: deps.now().toISOString(),
  };
  await deps.bus.publish(sessionOutboundTopic(input.sessionId), signal);
}

/**
 * Stops the co-browse. Allowed without holding the conversation (an attendant who lost it may
 * still stop what they started); the page stops only for its own attendant's signal. The
 * attendant's other consoles hear of it too.
 */
export async function endCobrowse(deps: AttendantCobrowseDeps, input: { actor: Actor; sessionId: string; cobrowseId: string }): Promise<void> {
  const at = deps.now().toISOString();
  const signal: CobrowseSignal = { type: 'cobrowse', action: 'end', cobrowse_id: input.cobrowseId, attendant_id: input.actor.user_id, at };
  await deps.bus.publish(sessionOutboundTopic(input.sessionId), signal);
  const delivery: LiveDelivery = {
    recipients: { user_ids: [input.actor.user_id], supervisors: false },
    frame: { type: 'cobrowse_ended', session_id: input.sessionId, cobrowse_id: input.cobrowseId, by: 'attendant', at },
  };
  await deps.bus.publish(ATTENDANCE_LIVE_TOPIC, delivery);
}
