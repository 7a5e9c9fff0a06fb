/**
 * What attendance tells about calls on the event bus (in-process, or Redis pub/sub across
 * instances), for whatever carries a call's audio to an attendant's browser: the instance holding
 * the call follows them (docs/attendance/calls.md, "For developers").
 */
import type { EventBus } from '../../infra/events/index.js';

/** The bus topic; messages are {@link CallEvent}. */
export const CALL_EVENTS_TOPIC = 'attendance.calls';

export interface CallEventPayloads {
  /** The call's conversation now belongs to `to_attendant_id` (assigned; they accept it with /take): re-bridge to their browser. */
  'call.transferred_to_attendant': {
    session_id: string; bot_id: string; from_attendant_id: string | null; to_attendant_id: string; actor_id: string; at: string;
  };
  /** An attendant put the call on hold (`held` true: the caller hears music; stop relaying) or resumed it. */
  'call.hold_changed': { session_id: string; held: boolean; actor_id: string; at: string };
  /** The call left us: hung up by an attendant, or transferred to a number (REFER accepted, our leg hung up). */
  'call.ended_by_attendant': { session_id: string; reason: 'hung_up' | 'transferred_to_number'; actor_id: string; at: string };
  /** The call's conversation was resolved while the call was up: the holder says goodbye and hangs up. */
  'call.conversation_resolved': { session_id: string; bot_id: string; actor_id: string | null; at: string };
}

export type CallEvent = { [N in keyof CallEventPayloads]: { name: N; payload: CallEventPayloads[N] } }[keyof CallEventPayloads];

/** Publishes one event; a bus failure is the caller's to report, never undoes the action. */
export function publishCallEvent(bus: Pick<EventBus, 'publish'> | undefined, event: CallEvent): Promise<void> {
  return bus ? bus.publish(CALL_EVENTS_TOPIC, event) : Promise.resolve();
}
