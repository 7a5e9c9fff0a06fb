/**
 * The attendant's half of the typing indicator (docs/attendance/live-events.md, the console's
 * `typing` frame): the attendant who holds the conversation is typing, and the customer's web
 * widget hears of it on the session's outbound topic. How often a console may say so is the
 * socket's concern (one notice a second).
 */
import { sessionOutboundTopic } from '../../engine/index.js';
import type { EventBus } from '../../infra/events/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { heldConversation, type Actor } from '../commands/attendant-scope.js';

export interface AttendantTypingDeps {
  repos: AttendanceRepositories;
  bus: Pick<EventBus, 'publish'>;
  now: () => Date;
}

/** Tells the customer the attendant is typing; ConflictError `not_holder` (and the scope's errors) when the actor does not hold it. */
export async function publishAttendantTyping(deps: AttendantTypingDeps, input: { actor: Actor; sessionId: string }): Promise<void> {
  await heldConversation(deps.repos, input.actor, input.sessionId);
  await deps.bus.publish(sessionOutboundTopic(input.sessionId), { type: 'typing', from: 'attendant', at: deps.now().toISOString() });
}
