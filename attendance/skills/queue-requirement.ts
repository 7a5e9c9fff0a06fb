/**
 * What a waiting conversation asks of attendants before widening (docs/attendance/skills-routing.md):
 * its own requirement and its queue's, merged. The queue is taken from what the change already
 * read (attendance-listener.ts, KnownFacts) and read only when absent.
 */
import type { ConversationRow, QueueRow, QueuesRepo } from '../../db/index.js';
import { mergeRequirements, type SkillRequirement } from '../assignment/skills.js';

/** The requirement of the conversation's queue ([] without a queue). */
export async function queueRequirement(
  repos: { queues: Pick<QueuesRepo, 'get'> },
  row: Pick<ConversationRow, 'queue_id'>,
  known: { queues?: readonly QueueRow[] } = {},
): Promise<SkillRequirement[]> {
  if (row.queue_id === null) return [];
  const queue = known.queues?.find((q) => q.id === row.queue_id) ?? await repos.queues.get(row.queue_id);
  return queue?.required_skills ?? [];
}

/** The conversation's requirement and its queue's, merged. */
export async function fullRequirement(
  repos: { queues: Pick<QueuesRepo, 'get'> },
  row: Pick<ConversationRow, 'queue_id' | 'required_skills'>,
  known: { queues?: readonly QueueRow[] } = {},
): Promise<SkillRequirement[]> {
  return mergeRequirements(row.required_skills, await queueRequirement(repos, row, known));
}
