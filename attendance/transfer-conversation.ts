/**
 * `POST /api/attendance/transfer`: a conversation goes to another attendant or back
 * to waiting in another queue, with the reason kept in the event log. Attendants transfer what
 * they hold; supervisors and admins any conversation they may see.
 */
import { defaultBotConfig } from '../config/index.js';
import {
  type ConversationRow, type QueueRow,
} from '../db/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../infra/errors.js';
import { selectMember } from './assignment/select-by-queue.js';
import { mirrorAssignment, recordEvents, type AssignDeps } from './assign-conversation.js';
import { findAttendant } from './attendants/attendance-users.js';
import { heldConversation, seesAll, visibleConversation, type Actor } from './commands/attendant-scope.js';
import { transition } from './conversation-status.js';
import { requeueConversation } from './requeue-conversation.js';

export interface TransferConversationInput {
  actor: Actor;
  sessionId: string;
  /** Exactly one of the two targets. */
  toAttendantId?: string;
  toQueueId?: string;
  reason: string;
}

const ATTEMPTS = 3;

/**
 * Transfers the conversation and resolves to its new row.
 *
 * - To an attendant (an active user with an attendance role): the `transfer_to_attendant` row —
 *   status assigned to them; they accept it with `/take`. Like a supervisor's assignment, it is an
 *   explicit choice, so their capacity limit does not apply.
 * - To a queue (active): the `requeue` row — waiting in that queue — and then the queue rule is
 *   tried on that queue's members (when the queue and the bot auto-assign).
 *
 * Throws NotFoundError (`session_not_found`, `attendant_not_found`, `queue_not_found`),
 * ForbiddenError when an attendant may not see the conversation, ConflictError `not_holder`
 * (an attendant transferring what they do not hold), `queue_inactive`, `invalid_transition`
 * (waiting or resolved conversations: use assign for waiting ones), and ValidationError when the
 * target is not exactly one or is the current holder.
 */
export async function transferConversation(deps: AssignDeps, input: TransferConversationInput): Promise<ConversationRow> {
  if ((input.toAttendantId === undefined) === (input.toQueueId === undefined)) {
    throw new ValidationError('Name exactly one target: to_attendant_id or to_queue_id', [{ path: 'body', message: 'exactly one target' }]);
  }
  const row = seesAll(input.actor)
    ? await visibleConversation(deps.repos, input.actor, input.sessionId)
    : await heldConversation(deps.repos, input.actor, input.sessionId);
  if (input.toAttendantId !== undefined) return toAttendant(deps, row, input.toAttendantId, input);

  const queue = await deps.repos.queues.get(input.toQueueId!);
  if (!queue) throw new NotFoundError(`Queue ${input.toQueueId} does not exist`, 'queue_not_found');
  if (!queue.is_active) throw new ConflictError(`Queue ${queue.name} is not active`, 'queue_inactive', { queue_id: queue.id });
  const waiting = await requeueConversation(deps, {
    sessionId: row.session_id, actorId: input.actor.user_id, queueId: queue.id, reason: input.reason,
  });
  return (await assignInQueue(deps, waiting, queue)) ?? waiting;
}

async function toAttendant(deps: AssignDeps, row: ConversationRow, attendantId: string, input: TransferConversationInput): Promise<ConversationRow> {
  const target = await findAttendant(deps.repos, attendantId);
  if (target.id === row.assigned_to) {
    throw new ValidationError(`${target.username} already has this conversation`, [{ path: 'body.to_attendant_id', message: 'is the current holder' }]);
  }
  const result = transition(row.status, 'transfer_to_attendant', {
    session_id: row.session_id, at: deps.now(), actor_id: input.actor.user_id, attendant_id: target.id, reason: input.reason,
    ...(row.assigned_to ? { assigned_to: row.assigned_to } : {}), ...(row.queue_id ? { queue_id: row.queue_id } : {}),
  });
  const stored = await deps.repos.conversations
    .apply(row.session_id, { status: row.status, assigned_to: row.assigned_to }, result.next, { assigned_to: target.id });
  if (!stored) throw new ConflictError('The conversation changed meanwhile; reload it', 'invalid_transition', { from: row.status, action: 'transfer_to_attendant' });
  await mirrorAssignment(deps.repos, stored);
  await recordEvents(deps, stored, result.events);
  return stored;
}

/**
 * The queue rule on the target queue itself (the general auto-assignment would pick the first
 * queue matching the channel instead): its active, online member with room and the lowest
 * priority, round-robin, claimed atomically under their capacity. Undefined when it stays waiting.
 */
async function assignInQueue(deps: AssignDeps, row: ConversationRow, queue: QueueRow): Promise<ConversationRow | undefined> {
  if (!queue.auto_assign || !(deps.config(row.bot_id) ?? defaultBotConfig())['attendance-auto-assign']) return undefined;
  const repo = deps.repos.conversations;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const members = await deps.repos.queues.listMembers(queue.id);
    const held = await repo.heldCounts();
    const attendants = (await deps.repos.profiles.list())
      .map((p) => ({ user_id: p.user_id, status: p.status, active_conversations: held.get(p.user_id) ?? 0 }));
    const userId = selectMember(queue.id, members, attendants, (await repo.lastAssigned([queue.id]))[queue.id]);
    const member = members.find((m) => m.user_id === userId);
    if (!userId || !member) return undefined;
    const result = transition('waiting', 'assign', { session_id: row.session_id, at: deps.now(), attendant_id: userId, queue_id: queue.id });
    const claimed = await repo.claim(row.session_id, { status: 'waiting' }, result.next, userId, member.max_conversations, { queue_id: queue.id });
    if (claimed) {
      await mirrorAssignment(deps.repos, claimed);
      await recordEvents(deps, claimed, result.events);
      return claimed;
    }
    if ((await repo.get(row.session_id))?.status !== 'waiting') return undefined;
  }
  return undefined;
}
