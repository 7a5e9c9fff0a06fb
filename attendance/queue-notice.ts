import { defaultBotConfig } from '../config/index.js';
import type { QueueHoursRow } from '../db/index.js';
import type { AssignDeps } from './assign-conversation.js';
import { queuePosition } from './assignment/backfill-order.js';
import { pickAutoReply, renderAutoReply } from './hours/auto-reply.js';
import { HANDLE_WINDOW_MS, queueMessage } from './queue-conversation.js';

/**
 * The notice of a waiting customer: the queue's `all_busy` automatic reply for the channel and
 * language when it has one (docs/attendance/business-hours.md, "Automatic replies"), with the
 * position and expected wait filled in; else the position notice (`queue.position`).
 */
export function waitingNotice(input: {
  position: number; estimatedWaitSeconds: number; language?: string | undefined; channel: string;
  hours?: Pick<QueueHoursRow, 'auto_replies'> | undefined; queueName?: string;
}): string {
  const reply = input.hours && pickAutoReply(input.hours.auto_replies, 'all_busy', input.channel, input.language);
  if (!reply) return queueMessage(input.position, input.estimatedWaitSeconds, input.language);
  return renderAutoReply(reply.text, {
    queue: input.queueName ?? '', opens_at: '', position: input.position,
    expected_wait_minutes: Math.max(1, Math.ceil(input.estimatedWaitSeconds / 60)),
  });
}

/**
 * What a customer still waiting is told of their place in the queue now: the notice they got when
 * the conversation was queued (queue-conversation.ts), with the position and estimate as they are
 * now. A phone call repeats it on hold (docs/channels/rtc-sip.md, "Waiting for a person").
 * Undefined when the conversation is not waiting (taken, resolved, never queued).
 */
export async function queueNotice(deps: Pick<AssignDeps, 'repos' | 'config' | 'now'>, sessionId: string): Promise<string | undefined> {
  const repo = deps.repos.conversations;
  const item = await repo.get(sessionId);
  if (item?.status !== 'waiting') return undefined;
  const [waiting, average, hours] = await Promise.all([
    repo.listWaiting({ bot_id: item.bot_id }),
    repo.averageHandleSeconds(item.bot_id, new Date(deps.now().getTime() - HANDLE_WINDOW_MS)),
    item.queue_id ? deps.repos.hours.get(item.queue_id) : undefined,
  ]);
  const queued = waiting.map((w) => ({ ...w, waiting_since: w.waiting_since ?? w.updated_at }));
  const position = queuePosition(queued, sessionId) ?? queued.length + 1;
  const config = deps.config(item.bot_id) ?? defaultBotConfig();
  const estimate = average === undefined ? config['attendance-max-wait-seconds'] : Math.round(position * average);
  return waitingNotice({ position, estimatedWaitSeconds: estimate, language: config.language, channel: item.channel, hours });
}
