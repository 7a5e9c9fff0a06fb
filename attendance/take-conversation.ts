/**
 * `/take`: an attendant accepts a conversation. The claim is one UPDATE
 * guarded by the status (and holder) read before, so of any number of attendants taking the same
 * conversation at once exactly one wins; the others learn who has it.
 */
import {
  type ConversationRow,
} from '../db/index.js';
import { ConflictError, NotFoundError } from '../infra/errors.js';
import { mirrorAssignment, recordEvents } from './assign-conversation.js';
import type { AttendanceListener } from './attendance-listener.js';
import { transition } from './conversation-status.js';
import type { AttendanceRepositories } from './attendance-repositories.js';

export interface TakeConversationDeps {
  repos: AttendanceRepositories;
  now: () => Date;
  listener?: AttendanceListener;
}

export interface TakeConversationInput {
  attendantId: string;
  /** The conversation to take; without it, the next one (see {@link takeConversation}). */
  sessionId?: string;
  /** The conversation row as the caller already read it (a command's access check), so it is not read twice. */
  current?: ConversationRow;
  /**
   * Without `sessionId`: the queues the next conversation may come from, `null` for conversations
   * of no queue (attendant-scope.ts `takableQueues`); absent, the attendant's queues, or any.
   */
  queueIds?: readonly (string | null)[];
}

/**
 * Accepts a conversation: status active, `accepted_at`, event accepted, the session's holder set.
 *
 * Without `sessionId` it takes a conversation already assigned to the attendant (oldest first),
 * else the highest-priority, oldest waiting item of the attendant's queues — of any queue when
 * they belong to none — skipping items other takers win meanwhile.
 *
 * Throws NotFoundError (`session_not_found`, `no_waiting_conversation`), ConflictError
 * `already_assigned` with `assigned_to` and `assigned_to_name` when someone else holds it, and
 * ConflictError `invalid_transition` for a resolved conversation. Taking one's own active
 * conversation again is a no-op. A manual take is the attendant's own choice, so capacity limits
 * (which bound automatic assignment) do not apply.
 */
export async function takeConversation(deps: TakeConversationDeps, input: TakeConversationInput): Promise<ConversationRow> {
  const repo = deps.repos.conversations;
  if (input.sessionId !== undefined) {
    const row = input.current ?? await repo.get(input.sessionId);
    if (!row) throw new NotFoundError(`Conversation ${input.sessionId} is not in attendance`, 'session_not_found');
    return accept(deps, row, input.attendantId);
  }
  for (const row of await candidates(deps.repos, input.attendantId, input.queueIds)) {
    try {
      return await accept(deps, row, input.attendantId);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new NotFoundError('No conversation is waiting for you', 'no_waiting_conversation');
}

async function candidates(repos: AttendanceRepositories, attendantId: string, scope?: readonly (string | null)[]): Promise<ConversationRow[]> {
  const repo = repos.conversations;
  const queueIds = scope ?? (await repos.queues.listMemberships(attendantId)).filter((m) => m.is_active).map((m) => m.queue_id);
  // Waiting first, then the attendant's own: an auto-assignment to them landing between the two
  // reads moves an item from the first list into the second, so it is never missed by both.
  const waiting = await repo.listWaiting(queueIds.length ? { queue_ids: queueIds } : {});
  const mine = (await repo.listItems({ assigned_to: attendantId, statuses: ['assigned'] }))
    .sort((a, b) => (a.waiting_since?.getTime() ?? 0) - (b.waiting_since?.getTime() ?? 0));
  const own = new Set(mine.map((r) => r.session_id));
  return [...mine, ...waiting.filter((r) => !own.has(r.session_id))];
}

async function accept(deps: TakeConversationDeps, row: ConversationRow, attendantId: string, retried = false): Promise<ConversationRow> {
  const repo = deps.repos.conversations;
  const heldByOther = row.assigned_to !== null && row.assigned_to !== attendantId;
  if ((row.status === 'active' || row.status === 'pending') && !heldByOther) return row;
  if (row.status !== 'waiting' && row.status !== 'resolved' && heldByOther) throw await alreadyAssigned(deps.repos, row.assigned_to!);

  const now = deps.now();
  const result = transition(row.status, 'accept', {
    session_id: row.session_id, at: now, actor_id: attendantId, attendant_id: attendantId,
    ...(row.assigned_to ? { assigned_to: row.assigned_to } : {}),
  });
  const expected = row.status === 'assigned' ? { status: row.status, assigned_to: row.assigned_to } : { status: row.status };
  const claimed = await repo.apply(row.session_id, expected, result.next, { assigned_to: attendantId, accepted_at: now });
  if (!claimed) {
    const fresh = await repo.get(row.session_id);
    if (!fresh || retried) throw new ConflictError('The conversation changed meanwhile; try again', 'invalid_transition');
    return accept(deps, fresh, attendantId, true);
  }
  await mirrorAssignment(deps.repos, claimed);
  await recordEvents(deps, claimed, result.events);
  return claimed;
}

async function alreadyAssigned(repos: AttendanceRepositories, holder: string): Promise<ConflictError> {
  const name = (await repos.conversations.attendantName(holder)) ?? null;
  return new ConflictError(`This conversation is already with ${name ?? 'another attendant'}`, 'already_assigned', {
    assigned_to: holder, assigned_to_name: name,
  });
}
