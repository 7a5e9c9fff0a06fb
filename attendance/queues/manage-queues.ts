/**
 * Queue administration: supervisors and admins create, change and delete
 * queues; everyone who attends may read the queues they belong to. The role check itself is the
 * route's; the rule "attendants see only their queues" lives here.
 */
import {
  type QueueChanges, type QueueRow,
} from '../../db/index.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../infra/errors.js';
import type { AssignDeps } from '../assign-conversation.js';
import { mergeRequirements } from '../assignment/skills.js';
import { findAttendant } from '../attendants/attendance-users.js';
import { backfillWaiting } from '../backfill-waiting.js';
import { OPEN_STATUSES, seesAll, type Actor } from '../commands/attendant-scope.js';
import { addQueueMember, existingQueue, listQueueMembers, type QueueMemberView } from './manage-queue-members.js';

/** A queue with its members, as create and read answer it. */
export interface QueueWithMembers {
  queue: QueueRow;
  members: QueueMemberView[];
}

export interface CreateQueueInput {
  actor: Actor;
  queue: QueueChanges & { name: string };
  /** Users who become members with the default member settings. */
  userIds?: readonly string[];
}

/**
 * Creates a queue and its first members, then hands each member the waiting conversations they
 * may serve (backfill). Throws NotFoundError `bot_not_found` for a bot that is not loaded and
 * `user_not_found` for a user who may not attend — before anything is written.
 */
export async function createQueue(deps: AssignDeps, input: CreateQueueInput): Promise<QueueWithMembers> {
  checkBot(deps, input.queue.bot_id);
  const userIds = [...new Set(input.userIds ?? [])];
  for (const id of userIds) await findAttendant(deps.repos, id, 'user_not_found');
  const queue = await deps.repos.queues.create({ ...normalised(input.queue), created_by: input.actor.user_id });
  for (const userId of userIds) await addQueueMember(deps, { queueId: queue.id, userId });
  return { queue, members: await listQueueMembers(deps.repos, queue.id) };
}

/** Every queue for supervisors and admins; an attendant's own (member) queues otherwise. With member counts. */
export async function listQueues(deps: Pick<AssignDeps, 'repos'>, actor: Actor): Promise<(QueueRow & { member_count: number })[]> {
  const repo = deps.repos.queues;
  const counts = await repo.memberCounts();
  const mine = seesAll(actor) ? undefined : new Set((await repo.listMemberships(actor.user_id)).map((m) => m.queue_id));
  return (await repo.list()).filter((q) => mine?.has(q.id) ?? true).map((q) => ({ ...q, member_count: counts.get(q.id) ?? 0 }));
}

/** One queue with its members; ForbiddenError for an attendant who is not a member. */
export async function getQueue(deps: Pick<AssignDeps, 'repos'>, actor: Actor, queueId: string): Promise<QueueWithMembers> {
  const queue = await existingQueue(deps, queueId);
  const members = await listQueueMembers(deps.repos, queue.id);
  if (!seesAll(actor) && !members.some((m) => m.user_id === actor.user_id)) throw new ForbiddenError('You are not a member of this queue');
  return { queue, members };
}

/**
 * Changes the given fields. Re-activating a queue, switching auto-assign on or asking for fewer
 * skills may give waiting conversations to its members, so they are backfilled afterwards.
 */
export async function updateQueue(deps: AssignDeps, input: { queueId: string; changes: QueueChanges }): Promise<QueueWithMembers> {
  await existingQueue(deps, input.queueId);
  checkBot(deps, input.changes.bot_id);
  const queue = (await deps.repos.queues.update(input.queueId, normalised(input.changes))) ?? (await existingQueue(deps, input.queueId));
  // Asking for skills now: what already waits may need widening (docs/attendance/skills-routing.md, "Widening").
  if ((input.changes.required_skills ?? []).length > 0 && deps.listener?.queueSkillsChanged) {
    await deps.listener.queueSkillsChanged(queue, await deps.repos.conversations.listWaiting({ queue_ids: [queue.id] }));
  }
  const members = await listQueueMembers(deps.repos, queue.id);
  for (const m of members.filter((x) => x.is_active)) await backfillWaiting(deps, { attendantId: m.user_id });
  return { queue, members: await listQueueMembers(deps.repos, queue.id) };
}

/**
 * Deletes a queue and its memberships. A queue that still holds open conversations answers
 * ConflictError `queue_in_use` (deactivate it instead, or transfer them): deleting it would drop
 * them out of every attendant's view.
 */
export async function deleteQueue(deps: Pick<AssignDeps, 'repos'>, queueId: string): Promise<void> {
  await existingQueue(deps, queueId);
  const open = await deps.repos.conversations.listItems({ queue_ids: [queueId], statuses: OPEN_STATUSES });
  if (open.length > 0) {
    throw new ConflictError(`The queue still has ${open.length} open conversation(s); deactivate it or transfer them first`, 'queue_in_use', {
      open_conversations: open.length,
    });
  }
  await deps.repos.queues.remove(queueId);
}

/** Required skills as stored: each name once, lower case, at its highest minimum (docs/attendance/skills-routing.md). */
function normalised<T extends QueueChanges>(changes: T): T {
  return changes.required_skills ? { ...changes, required_skills: mergeRequirements(changes.required_skills) } : changes;
}

function checkBot(deps: AssignDeps, botId: string | null | undefined): void {
  if (botId && deps.config(botId) === undefined) throw new NotFoundError(`Bot ${botId} is not loaded`, 'bot_not_found', { bot_id: botId });
}
