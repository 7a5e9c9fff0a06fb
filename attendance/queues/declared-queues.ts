/**
 * The queues a bot package declares (`attendance-queues` in its config.csv,
 * docs/configuration.md): created at start-up when the bot has no queue of that name yet, open to
 * every channel, with the bot's `attendance-max-wait-seconds` as its limit, after the queues
 * supervisors create ({@link DECLARED_QUEUE_ORDER}), so
 * `TRANSFER TO HUMAN "support"` finds its queue and the Queues screen lists it from the first
 * start. Until it has members it is open (docs/attendance/README.md, "Open queues"). Existing
 * queues are left as supervisors changed them; none is removed.
 */
import type { QueuesRepo } from '../../db/index.js';
import { CHANNELS } from '../../engine/index.js';

/**
 * A declared queue's `priority_order`: after the queues supervisors create (0 by default), so a
 * transfer that names no queue goes to theirs first; one that names it finds it by name.
 */
export const DECLARED_QUEUE_ORDER = 100;

export async function ensureDeclaredQueues(
  queues: Pick<QueuesRepo, 'list' | 'create'>, botId: string, names: readonly string[], maxWaitSeconds: number,
): Promise<string[]> {
  if (names.length === 0) return [];
  const have = new Set((await queues.list({ bot_id: botId })).map((q) => q.name.trim().toLowerCase()));
  const created: string[] = [];
  for (const name of names.map((n) => n.trim()).filter(Boolean)) {
    if (have.has(name.toLowerCase())) continue;
    await queues.create({ name, bot_id: botId, channels: [...CHANNELS], max_wait_seconds: maxWaitSeconds, priority_order: DECLARED_QUEUE_ORDER });
    have.add(name.toLowerCase());
    created.push(name);
  }
  return created;
}
