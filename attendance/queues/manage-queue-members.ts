/**
 * Queue membership: who serves a queue, how many conversations at once, and in which
 * order the queue rule prefers them. Adding a member with room hands them waiting conversations
 * at once (backfill), so a team that grows during a rush starts working straight away.
 */
import {
  type QueueMemberRow, type QueueRow,
} from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import type { AssignDeps } from '../assign-conversation.js';
import { findAttendant } from '../attendants/attendance-users.js';
import { backfillWaiting } from '../backfill-waiting.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** A membership with the member's username and display name. */
export interface QueueMemberView extends QueueMemberRow {
  username: string;
  name: string;
}

export interface AddQueueMemberInput {
  queueId: string;
  userId: string;
  max_conversations?: number;
  priority?: number;
  is_active?: boolean;
}

/**
 * Adds the user to the queue with the default member settings for absent ones; when they are already a
 * member, the given settings are updated instead (`created` false). Then backfills them.
 * Throws NotFoundError `queue_not_found` and `user_not_found` (no active user with an attendance role).
 */
export async function addQueueMember(deps: AssignDeps, input: AddQueueMemberInput): Promise<{ member: QueueMemberView; created: boolean }> {
  await existingQueue(deps, input.queueId);
  await findAttendant(deps.repos, input.userId, 'user_not_found');
  const repo = deps.repos.queues;
  const before = await repo.getMember(input.queueId, input.userId);
  const row = await repo.addMember({
    queue_id: input.queueId, user_id: input.userId,
    ...(input.max_conversations === undefined ? {} : { max_conversations: input.max_conversations }),
    ...(input.priority === undefined ? {} : { priority: input.priority }),
    ...(input.is_active === undefined ? {} : { is_active: input.is_active }),
  });
  if (row.is_active) await backfillWaiting(deps, { attendantId: row.user_id });
  const member = (await listQueueMembers(deps.repos, input.queueId)).find((m) => m.user_id === input.userId);
  // The queue was deleted meanwhile (its memberships go with it).
  if (!member) throw new NotFoundError(`Queue ${input.queueId} does not exist`, 'queue_not_found');
  return { member, created: before === undefined };
}

/** The queue's members, lowest priority value first. */
export async function listQueueMembers(repos: AttendanceRepositories, queueId: string): Promise<QueueMemberView[]> {
  const [members, users, profiles] = await Promise.all([
    repos.queues.listMembers(queueId), repos.users.list(), repos.profiles.list(),
  ]);
  const usernames = new Map(users.map((u) => [u.id, u.username]));
  const names = new Map(profiles.map((p) => [p.user_id, p.name]));
  return members.map((m) => {
    const username = usernames.get(m.user_id) ?? m.user_id;
    return { ...m, username, name: names.get(m.user_id) ?? username };
  });
}

/** Removes the membership; NotFoundError `queue_not_found` or `member_not_found`. Held conversations stay with the user. */
export async function removeQueueMember(deps: Pick<AssignDeps, 'repos'>, input: { queueId: string; userId: string }): Promise<void> {
  await existingQueue(deps, input.queueId);
  if (!(await deps.repos.queues.removeMember(input.queueId, input.userId))) {
    throw new NotFoundError(`User ${input.userId} is not a member of this queue`, 'member_not_found');
  }
}

/** The queue, or NotFoundError `queue_not_found`. */
export async function existingQueue(deps: Pick<AssignDeps, 'repos'>, queueId: string): Promise<QueueRow> {
  const queue = await deps.repos.queues.get(queueId);
  if (!queue) throw new NotFoundError(`Queue ${queueId} does not exist`, 'queue_not_found');
  return queue;
}
