/**
 * Backfill: when an attendant frees a slot (a resolve) or comes online, the waiting
 * items they may serve are handed to them in backfill order — highest priority, then oldest —
 * until they have no room left. Each hand-out is the same atomic, capacity-checked claim as
 * automatic assignment, so a backfill racing with other assignments never overfills anyone.
 */
import { defaultBotConfig } from '../config/index.js';
import {
  type ConversationRow,
} from '../db/index.js';
import { backfillOrder } from './assignment/backfill-order.js';
import { receivesWork } from './assignment/capacity.js';
import { requirementNow } from './assignment/conversation-skills.js';
import { skillScore } from './assignment/skills.js';
import { isEligible } from './assignment/select-by-attendant-list.js';
import { capacityOf, mirrorAssignment, recordEvents, type AssignDeps } from './assign-conversation.js';
import { transition } from './conversation-status.js';

export interface BackfillWaitingInput {
  attendantId: string;
}

/**
 * Assigns waiting items to the attendant while they are online and below capacity; resolves to
 * the items assigned (often none). An item is theirs to get when its bot has
 * `attendance-auto-assign` on and either its queue auto-assigns and they are an active member
 * (the member's `max_conversations` bounds them), or it has no auto-assigning queue, or an open
 * one, and their profile serves its channel (the attendant-list rule; their limit is {@link capacityOf}).
 * Either way they must have the skills the item and its queue need, as far as its wait has widened them.
 */
export async function backfillWaiting(deps: AssignDeps, input: BackfillWaitingInput): Promise<ConversationRow[]> {
  const { attendantId } = input;
  const profile = await deps.repos.profiles.get(attendantId);
  if (!profile || !receivesWork(profile.status)) return [];
  const repo = deps.repos.conversations;
  const queuesRepo = deps.repos.queues;
  const queues = new Map((await queuesRepo.list({ active: true })).map((q) => [q.id, q]));
  const memberships = new Map((await queuesRepo.listMemberships(attendantId)).filter((m) => m.is_active).map((m) => [m.queue_id, m]));
  // An open queue (no active member yet) assigns as no queue does (docs/attendance/README.md, "Open queues").
  const open = new Set(await queuesRepo.openQueueIds());
  const listLimit = await capacityOf(deps.repos, attendantId);
  const candidate = { id: attendantId, name: profile.name ?? '', channel: profile.channel, status: profile.status, active_conversations: 0 };

  const limitFor = (item: ConversationRow): number | undefined => {
    const config = deps.config(item.bot_id) ?? defaultBotConfig();
    if (!config['attendance-auto-assign']) return undefined;
    const queue = item.queue_id ? queues.get(item.queue_id) : undefined;
    // Skills the item and its queue need, widened by its wait (docs/attendance/skills-routing.md).
    const required = requirementNow(item, queue?.required_skills, deps.now(), config['attendance-skills-widen-seconds']);
    if (skillScore(profile.skills, required) === undefined) return undefined;
    if (queue?.auto_assign && !open.has(queue.id)) return memberships.get(queue.id)?.max_conversations;
    return isEligible(candidate, item.channel) ? listLimit : undefined;
  };

  const assigned: ConversationRow[] = [];
  const waiting = (await repo.listWaiting()).map((w) => ({ ...w, waiting_since: w.waiting_since ?? w.updated_at }));
  for (const item of backfillOrder(waiting)) {
    const limit = limitFor(item);
    if (limit === undefined) continue;
    const result = transition('waiting', 'assign', {
      session_id: item.session_id, at: deps.now(), attendant_id: attendantId, ...(item.queue_id ? { queue_id: item.queue_id } : {}),
    });
    const claimed = await repo.claim(item.session_id, { status: 'waiting' }, result.next, attendantId, limit);
    if (!claimed) continue;
    await mirrorAssignment(deps.repos, claimed);
    await recordEvents(deps, claimed, result.events);
    assigned.push(claimed);
  }
  return assigned;
}
