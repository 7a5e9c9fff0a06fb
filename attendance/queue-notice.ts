import { defaultBotConfig } from '../config/index.js';
import type { AssignDeps } from './assign-conversation.js';
import { queuePosition } from './assignment/backfill-order.js';
import { HANDLE_WINDOW_MS, queueMessage } from './queue-conversation.js';

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
  const [waiting, average] = await Promise.all([
    repo.listWaiting({ bot_id: item.bot_id }),
    repo.averageHandleSeconds(item.bot_id, new Date(deps.now().getTime() - HANDLE_WINDOW_MS)),
  ]);
  const queued = waiting.map((w) => ({ ...w, waiting_since: w.waiting_since ?? w.updated_at }));
  const position = queuePosition(queued, sessionId) ?? queued.length + 1;
  const config = deps.config(item.bot_id) ?? defaultBotConfig();
  const estimate = average === undefined ? config['attendance-max-wait-seconds'] : Math.round(position * average);
  return queueMessage(position, estimate, config.language);
}
