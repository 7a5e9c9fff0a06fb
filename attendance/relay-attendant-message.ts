/**
 * An attendant's reply reaches the customer: plain text from the
 * attendant who holds a conversation is sent on the customer's channel through the engine, and
 * the conversation becomes pending until the customer answers.
 */
import {
  type ConversationRow,
} from '../db/index.js';
import type { CustomerOutbound } from './customer-outbound.js';
import { ConflictError } from '../infra/errors.js';
import { recordEvents } from './assign-conversation.js';
import type { AttendanceListener } from './attendance-listener.js';
import { heldConversation, type Actor } from './commands/attendant-scope.js';
import { transition } from './conversation-status.js';
import { messageCustomer } from './message-customer.js';
import { takeConversation } from './take-conversation.js';
import type { AttendanceRepositories } from './attendance-repositories.js';

export interface RelayAttendantMessageDeps {
  repos: AttendanceRepositories;
  /** The engine's outbound side (attendance/customer-outbound.ts). */
  customers: Pick<CustomerOutbound, 'send'>;
  now: () => Date;
  listener?: AttendanceListener;
}

export interface RelayAttendantMessageInput {
  actor: Actor;
  text: string;
  /** The conversation; without it, the single one the attendant holds. */
  sessionId?: string;
}

/**
 * Sends `text` to the customer as `from: 'attendant'`. A conversation assigned to the attendant
 * but not yet accepted is accepted first; an active one becomes pending (`attendant_replied`).
 * Resolves to the conversation after the change.
 *
 * Throws NotFoundError `session_not_found` / `no_active_conversation`, ForbiddenError for a
 * conversation outside the attendant's queues and ConflictError `not_holder` when someone else
 * (or no one) holds it.
 */
export async function relayAttendantMessage(deps: RelayAttendantMessageDeps, input: RelayAttendantMessageInput): Promise<ConversationRow> {
  const repo = deps.repos.conversations;
  let row = await heldConversation(deps.repos, input.actor, input.sessionId);
  if (row.status === 'assigned') row = await takeConversation(deps, { attendantId: input.actor.user_id, sessionId: row.session_id, current: row });

  await messageCustomer(deps, row, input.text, 'attendant');

  if (row.status !== 'active') return row;
  const result = transition('active', 'attendant_replied', { session_id: row.session_id, at: deps.now(), actor_id: input.actor.user_id });
  const replied = await repo.apply(row.session_id, { status: 'active', assigned_to: input.actor.user_id }, result.next);
  if (!replied) {
    // The customer answered (or the conversation was resolved) meanwhile: the message went out, the status stays as it is now.
    const fresh = await repo.get(row.session_id);
    if (!fresh) throw new ConflictError('The conversation changed meanwhile', 'invalid_transition');
    return fresh;
  }
  await recordEvents(deps, replied, result.events);
  return replied;
}
