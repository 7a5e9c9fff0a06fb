/**
 * The attendance webhook job (docs/attendance/webhooks.md): nothing is POSTed inline. An event
 * becomes a stored message and a job; the job POSTs it and retries with backoff, so a slow or
 * broken receiver never delays a `/take`, and with BullMQ a crash loses nothing.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BotConfig } from '../../config/index.js';
import type { AttendanceWebhooksRepo } from '../../db/index.js';
import type { AddJobOptions, JobQueue } from '../../infra/jobs/index.js';
import type { AttendanceWebhookMessage } from './attendance-webhook-messages.js';

/** The job name. */
export const ATTENDANCE_WEBHOOK_JOB = 'attendance.webhook.deliver';

/** Its payload: the stored message to send. */
export const WebhookJobSchema = z.object({ id: z.string() });

/** Six attempts, 1 s, 2 s, 4 s, 8 s and 16 s apart: half a minute of receiver trouble is ridden out. */
export const WEBHOOK_RETRY: Pick<AddJobOptions, 'attempts' | 'backoff'> = { attempts: 6, backoff: { type: 'exponential', delay: 1000 } };

/** What enqueueing needs. */
export interface EnqueueWebhookDeps {
  webhooks: Pick<AttendanceWebhooksRepo, 'create'>;
  jobs: Pick<JobQueue, 'add'>;
  config: (botId: string) => BotConfig | undefined;
  now: () => Date;
}

/** The job of a stored message (job ids may not contain `:`). */
export async function enqueueStored(jobs: Pick<JobQueue, 'add'>, id: string): Promise<void> {
  await jobs.add(ATTENDANCE_WEBHOOK_JOB, { id }, { ...WEBHOOK_RETRY, jobId: `att-webhook-${id}` });
}

/**
 * Stores `messages` for the bot's `attendance-chatops-webhook` and enqueues one job each. Nothing
 * happens for a bot without the webhook or without `attendance-webhook-secret` (start-up warns).
 * The message id (`msg_…`) is the `webhook-id` of every attempt.
 */
export async function enqueueWebhooks(deps: EnqueueWebhookDeps, botId: string, messages: readonly AttendanceWebhookMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const config = deps.config(botId);
  const url = config?.['attendance-chatops-webhook'];
  if (!url || !config['attendance-webhook-secret']) return;
  for (const message of messages) {
    const id = `msg_${randomUUID().replaceAll('-', '')}`;
    await deps.webhooks.create({ id, bot_id: botId, event: message.type, url, payload: { ...message }, created_at: deps.now() });
    await enqueueStored(deps.jobs, id);
  }
}

/**
 * A bot script's PUBLISH EVENT (docs/basic.md, "PUBLISH EVENT"): a `bot.event` message to the bot's
 * `attendance-chatops-webhook`, stored and delivered as the attendance events are. Resolves to
 * whether the bot has the webhook (false: nothing subscribes).
 */
export async function publishBotEvent(
  deps: EnqueueWebhookDeps, botId: string, event: { name: string; data: unknown; session_id: string | null },
): Promise<boolean> {
  const config = deps.config(botId);
  if (!config?.['attendance-chatops-webhook'] || !config['attendance-webhook-secret']) return false;
  await enqueueWebhooks(deps, botId, [{
    type: 'bot.event', timestamp: deps.now().toISOString(),
    data: { name: event.name, data: event.data ?? null, bot_id: botId, session_id: event.session_id },
  }]);
  return true;
}
