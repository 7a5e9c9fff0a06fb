/**
 * The queue assignment rule, as a pure selector: the active queue whose channels
 * include the channel (lowest `priority_order` first), then its active, online member with room
 * and the lowest `priority` value, ties taken round-robin after the last assigned member. The
 * use case then claims the conversation atomically in SQL.
 */
import { canReceive, type AttendantStatus } from './capacity.js';
import { skillScore, type Skill, type SkillRequirement } from './skills.js';

export interface QueueCandidate {
  id: string;
  /** Compared with a transfer's target (TRANSFER TO HUMAN "support"): a queue of that name is chosen first. */
  name?: string;
  channels: readonly string[];
  is_active: boolean;
  priority_order: number;
  auto_assign: boolean;
}

export interface QueueMemberCandidate {
  queue_id: string;
  user_id: string;
  is_active: boolean;
  max_conversations: number;
  priority: number;
}

export interface AttendantState {
  user_id: string;
  status: AttendantStatus;
  active_conversations: number;
  /** What the attendant knows; only read when the conversation needs skills. */
  skills?: readonly Skill[];
}

export interface SelectByQueueInput {
  queues: readonly QueueCandidate[];
  members: readonly QueueMemberCandidate[];
  attendants: readonly AttendantState[];
  channel: string;
  /** The last user assigned in each queue, by queue id (the round-robin cursor). */
  lastAssigned?: Readonly<Record<string, string | undefined>>;
  /** The skills the conversation needs, widened as its wait allows (skills.ts); none: the rule above unchanged. */
  required?: readonly SkillRequirement[];
}

export interface QueueSelection {
  queue_id: string;
  user_id: string;
}

/**
 * The queue a conversation on `channel` belongs to: among the active queues listing the channel,
 * the one `named` (a transfer's target or department, ignoring case) if there is one, else the
 * lowest `priority_order` (ties by id, for a stable answer). Undefined when no queue serves it.
 */
export function matchQueue<Q extends QueueCandidate>(queues: readonly Q[], channel: string, named?: string): Q | undefined {
  const usable = queues
    .filter((q) => q.is_active && q.channels.includes(channel))
    .sort((a, b) => a.priority_order - b.priority_order || compare(a.id, b.id));
  const wanted = named?.trim().toLowerCase();
  return (wanted ? usable.find((q) => q.name?.trim().toLowerCase() === wanted) : undefined) ?? usable[0];
}

/**
 * The member of `queueId` to assign next, or undefined when none is active, online and below
 * `max_conversations`. Among the lowest `priority` value, members are ordered by user id and the
 * one after `lastUserId` is chosen (wrapping), so consecutive calls rotate through them.
 *
 * When `required` names skills, only members who have each at its minimum level are eligible,
 * and they are ordered by skill level (the sum of their levels in the required skills, highest
 * first), then load (fewest conversations held), then `priority`, then user id
 * (docs/attendance/skills-routing.md, "Who gets it").
 */
export function selectMember(
  queueId: string,
  members: readonly QueueMemberCandidate[],
  attendants: readonly AttendantState[],
  lastUserId?: string,
  required: readonly SkillRequirement[] = [],
): string | undefined {
  const states = new Map(attendants.map((a) => [a.user_id, a]));
  const eligible = members.filter((m) => {
    const state = states.get(m.user_id);
    return m.queue_id === queueId && m.is_active && state !== undefined && canReceive(m, state);
  });
  if (eligible.length === 0) return undefined;
  if (required.length > 0) {
    const ranked = eligible
      .map((m) => ({ m, score: skillScore(states.get(m.user_id)?.skills, required), load: states.get(m.user_id)!.active_conversations }))
      .filter((r): r is typeof r & { score: number } => r.score !== undefined)
      .sort((a, b) => b.score - a.score || a.load - b.load || a.m.priority - b.m.priority || compare(a.m.user_id, b.m.user_id));
    return ranked[0]?.m.user_id;
  }
  const best = Math.min(...eligible.map((m) => m.priority));
  const tier = eligible.filter((m) => m.priority === best).map((m) => m.user_id).sort(compare);
  if (lastUserId === undefined) return tier[0];
  return tier.find((id) => compare(id, lastUserId) > 0) ?? tier[0];
}

/**
 * The whole queue rule: the matching queue and the member to assign. Undefined when no queue
 * matches, when the matching queue has `auto_assign` off (the attendant-list rule or a manual
 * /take applies instead) or when no member has room (the item waits for backfill). A conversation
 * belongs to its first matching queue only; it does not overflow into lower-ranked queues.
 */
export function selectByQueue(input: SelectByQueueInput): QueueSelection | undefined {
  const queue = matchQueue(input.queues, input.channel);
  if (queue === undefined || !queue.auto_assign) return undefined;
  const userId = selectMember(queue.id, input.members, input.attendants, input.lastAssigned?.[queue.id], input.required);
  return userId === undefined ? undefined : { queue_id: queue.id, user_id: userId };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
