/**
 * Who may see and act on which conversation: attendants see the conversations of
 * their queues and those assigned to them; supervisors and admins see all. Shared by the
 * commands, the relay and the REST routes so the rule lives in one place.
 */
import {
  type ConversationRow,
} from '../../db/index.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../infra/errors.js';
import type { QueueItem, QueueItemsFilter } from '../attendance-service.js';
import type { ConversationStatus } from '../conversation-status.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import type { AttendanceRole } from '../attendants/attendance-users.js';

/**
 * The caller of a command or route, as the access token says: what attendance needs of auth's
 * principal, declared here so that any principal fits without attendance importing auth
 * (docs/architecture.md, "Folder map"). Of the roles, attendance reads `attendant`, `supervisor`
 * and `admin` ({@link AttendanceRole}); others pass through unread.
 */
export interface Actor {
  readonly user_id: string;
  readonly roles: readonly string[];
}

/** Statuses in which an attendant holds a conversation. */
export const HELD_STATUSES = ['assigned', 'active', 'pending'] as const satisfies readonly ConversationStatus[];
/** Statuses shown by `/queue` and `GET /api/attendance/queue`: everything not resolved. */
export const OPEN_STATUSES = ['waiting', ...HELD_STATUSES] as const satisfies readonly ConversationStatus[];

/** Supervisors and admins see and act on every conversation. */
export function seesAll(actor: Actor): boolean {
  return holds(actor, 'admin') || holds(actor, 'supervisor');
}

const holds = (actor: Actor, role: AttendanceRole) => actor.roles.includes(role);

/**
 * The queues whose conversations an attendant sees: their active memberships, or — when they
 * belong to no queue — the conversations of no queue (`null`) and of open queues, which nobody
 * staffs yet (docs/attendance/README.md, "Open queues"), as `/take` treats them.
 */
export async function queuesOf(repos: AttendanceRepositories, userId: string): Promise<(string | null)[]> {
  const memberships = await repos.queues.listMemberships(userId);
  const ids = memberships.filter((m) => m.is_active).map((m) => m.queue_id);
  return ids.length > 0 ? ids : [null, ...await repos.queues.openQueueIds()];
}

/**
 * The queues a `/take` without an id may pick a waiting conversation from: every queue for
 * supervisors and admins (undefined), else exactly the queues the actor sees ({@link queuesOf}),
 * so an attendant in no queue takes only conversations of no queue.
 */
export async function takableQueues(repos: AttendanceRepositories, actor: Actor): Promise<(string | null)[] | undefined> {
  return seesAll(actor) ? undefined : queuesOf(repos, actor.user_id);
}

/** True when the actor may see the conversation. */
export async function canSee(repos: AttendanceRepositories, actor: Actor, row: Pick<ConversationRow, 'assigned_to' | 'queue_id'>): Promise<boolean> {
  if (seesAll(actor) || row.assigned_to === actor.user_id) return true;
  return (await queuesOf(repos, actor.user_id)).includes(row.queue_id);
}

/** Filters queue items down to what the actor may see. */
export async function visibleItems(repos: AttendanceRepositories, actor: Actor, items: QueueItem[]): Promise<QueueItem[]> {
  if (seesAll(actor)) return items;
  const queues = await queuesOf(repos, actor.user_id);
  return items.filter((i) => i.assigned_to === actor.user_id || queues.includes(i.queue_id));
}

/** Open queue items the actor may see, highest priority and oldest first. */
export async function listVisibleItems(
  repos: AttendanceRepositories, actor: Actor, queueItems: (filter: QueueItemsFilter) => Promise<QueueItem[]>,
): Promise<QueueItem[]> {
  return visibleItems(repos, actor, await queueItems({ statuses: OPEN_STATUSES }));
}

/** The conversation, or NotFoundError `session_not_found`; ForbiddenError when the actor may not see it. */
export async function visibleConversation(repos: AttendanceRepositories, actor: Actor, sessionId: string): Promise<ConversationRow> {
  const row = await repos.conversations.get(sessionId);
  if (!row) throw new NotFoundError(`Conversation ${sessionId} is not in attendance`, 'session_not_found');
  if (!(await canSee(repos, actor, row))) throw new ForbiddenError('This conversation is not in your queues');
  return row;
}

/**
 * The conversation a command is about: the given one (which the actor must see), else the one
 * the actor holds. Throws NotFoundError `no_active_conversation` when they hold none and
 * ValidationError `ambiguous_conversation` when they hold several.
 */
export async function currentConversation(repos: AttendanceRepositories, actor: Actor, sessionId?: string): Promise<ConversationRow> {
  if (sessionId !== undefined) return visibleConversation(repos, actor, sessionId);
  const held = await repos.conversations.listItems({ assigned_to: actor.user_id, statuses: HELD_STATUSES });
  const [only, ...others] = held;
  if (!only) throw new NotFoundError('You have no active conversation; use /take first', 'no_active_conversation');
  if (others.length > 0) {
    throw new ValidationError(`You hold ${held.length} conversations; name one by its session id`, [], 'ambiguous_conversation');
  }
  return only;
}

/**
 * The conversation the actor holds, or ConflictError `not_holder`. With `supervisorOverride`,
 * supervisors and admins may act on a conversation someone else holds (e.g. to resolve it).
 */
export async function heldConversation(
  repos: AttendanceRepositories, actor: Actor, sessionId?: string, options: { supervisorOverride?: boolean } = {},
): Promise<ConversationRow> {
  const row = await currentConversation(repos, actor, sessionId);
  const holds = row.assigned_to === actor.user_id || (options.supervisorOverride === true && seesAll(actor) && row.assigned_to !== null);
  if (!holds || !(HELD_STATUSES as readonly string[]).includes(row.status)) {
    throw new ConflictError('You do not hold this conversation; /take it first', 'not_holder', {
      status: row.status, assigned_to: row.assigned_to,
    });
  }
  return row;
}
