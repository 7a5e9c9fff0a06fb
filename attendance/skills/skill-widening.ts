/**
 * The widening of skills-based routing (docs/attendance/skills-routing.md, "Widening"): a
 * conversation nobody skilled enough took is offered more widely after
 * `attendance-skills-widen-seconds` (any level of its skills) and after twice that (anyone). The
 * choice itself widens with the wait (assignment/conversation-skills.ts, `requirementNow`); what
 * lives here is the wake-up: two delayed jobs per waiting cycle that asks for skills, which try
 * the assignment again.
 */
import { z } from 'zod';
import type { BotConfig } from '../../config/index.js';
import type { ConversationRow, QueuesRepo } from '../../db/index.js';
import type { EachTenant, JobQueue } from '../../infra/jobs/index.js';
import type { AttendanceListener } from '../attendance-listener.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { mergeRequirements, type SkillRequirement } from '../assignment/skills.js';
import { fullRequirement } from './queue-requirement.js';

/** The job of one widening step: it assigns the conversation again if its cycle still waits. */
export const WIDEN_JOB = 'attendance.skills.widen';

/** The job's payload (it comes back from Redis: parsed when it runs). `waiting_since` in epoch ms names the cycle. */
export const WidenJobSchema = z.object({ session_id: z.string(), waiting_since: z.number().int(), step: z.union([z.literal(1), z.literal(2)]) });
export type WidenJob = z.infer<typeof WidenJobSchema>;

export interface SkillWideningDeps {
  jobs: Pick<JobQueue, 'add'>;
  config: (botId: string) => BotConfig | undefined;
  now: () => Date;
  /** A conversation's queue, read only when its own requirement is empty and the change did not read it. */
  repos: { queues: Pick<QueuesRepo, 'get'> };
}

/**
 * Schedules the two steps of `row`'s waiting cycle, when it may need them: the bot widens
 * (`attendance-skills-widen-seconds` > 0) and `required` — the conversation's requirement and
 * its queue's — is not empty. Without skills nothing is scheduled, so a plain handoff costs no
 * job. Job ids carry the session and the cycle, so scheduling twice leaves one of each; a step
 * already due runs at once.
 */
export async function scheduleWidening(deps: Omit<SkillWideningDeps, 'repos'>, row: ConversationRow, required: readonly SkillRequirement[]): Promise<void> {
  const seconds = deps.config(row.bot_id)?.['attendance-skills-widen-seconds'] ?? 0;
  if (row.status !== 'waiting' || !row.waiting_since || seconds <= 0 || required.length === 0) return;
  const since = row.waiting_since.getTime();
  for (const step of [1, 2] as const) {
    const delay = Math.max(0, since + step * seconds * 1000 - deps.now().getTime());
    const job: WidenJob = { session_id: row.session_id, waiting_since: since, step };
    await deps.jobs.add(WIDEN_JOB, job, { delay, jobId: `skills-widen-${row.session_id}-${since}-${step}` });
  }
}

/**
 * The listener that schedules the steps whenever a conversation (re)joins a queue, and for what
 * waits in a queue that starts asking for skills. The queue is read only when the conversation
 * asks for nothing itself and the change did not read it already (a handoff did).
 */
export function createSkillWideningListener(deps: SkillWideningDeps): Pick<AttendanceListener, 'conversationChanged' | 'queueSkillsChanged'> {
  return {
    async conversationChanged(row, events, known) {
      if (!events.some((e) => e.name === 'conversation.queued' || e.name === 'conversation.requeued')) return;
      if ((deps.config(row.bot_id)?.['attendance-skills-widen-seconds'] ?? 0) <= 0) return;
      const own = row.required_skills ?? [];
      await scheduleWidening(deps, row, own.length > 0 ? own : await fullRequirement(deps.repos, row, known));
    },
    async queueSkillsChanged(queue, waiting) {
      for (const row of waiting) await scheduleWidening(deps, row, mergeRequirements(row.required_skills, queue.required_skills));
    },
  };
}

export interface SkillWideningJobsDeps extends Omit<SkillWideningDeps, 'repos'> {
  jobs: Pick<JobQueue, 'add' | 'process'>;
  repos: Pick<AttendanceRepositories, 'conversations' | 'queues'>;
  /** Automatic assignment of one conversation (the attendance service's `assign`). */
  assign: (input: { sessionId: string }) => Promise<unknown>;
  /** The conversations already waiting are found in each active tenant. */
  eachTenant: EachTenant;
}

/** Runs one step: the assignment again, if the cycle it was scheduled for still waits. */
export async function runWideningStep(deps: Pick<SkillWideningJobsDeps, 'repos' | 'assign'>, job: WidenJob): Promise<void> {
  const row = await deps.repos.conversations.get(job.session_id);
  if (row?.status !== 'waiting' || row.waiting_since?.getTime() !== job.waiting_since) return;
  await deps.assign({ sessionId: job.session_id });
}

/**
 * Registers the job's handler, then schedules the steps of every conversation already waiting:
 * the in-process driver forgets its timers on restart (with BullMQ the job ids make it a no-op).
 */
export async function registerSkillWideningJobs(deps: SkillWideningJobsDeps): Promise<void> {
  deps.jobs.process(WIDEN_JOB, (data) => runWideningStep(deps, WidenJobSchema.parse(data)));
  await deps.eachTenant(async () => {
    const [waiting, queues] = await Promise.all([deps.repos.conversations.listWaiting(), deps.repos.queues.list()]);
    const queueSkills = new Map(queues.map((q) => [q.id, q.required_skills]));
    for (const row of waiting) {
      await scheduleWidening(deps, row, mergeRequirements(row.required_skills, row.queue_id === null ? [] : queueSkills.get(row.queue_id)));
    }
  });
}
