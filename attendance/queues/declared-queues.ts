/**
 * The queues a bot package declares (`attendance-queues` in its config.csv,
 * docs/configuration.md): created at start-up when the bot has no queue of that name yet, open to
 * every channel, so `TRANSFER TO HUMAN "support"` finds its queue and the Queues screen lists it
 * from the first start. Existing queues are left as supervisors changed them; none is removed.
 */
import type { QueuesRepo } from '../../db/index.js';
import { CHANNELS } from '../../engine/index.js';

export async function ensureDeclaredQueues(queues: Pick<QueuesRepo, 'list' | 'create'>, botId: string, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const have = new Set((await queues.list({ bot_id: botId })).map((q) => q.name.trim().toLowerCase()));
  const created: string[] = [];
  for (const name of names.map((n) => n.trim()).filter(Boolean)) {
    if (have.has(name.toLowerCase())) continue;
    await queues.create({ name, bot_id: botId, channels: [...CHANNELS] });
    have.add(name.toLowerCase());
    created.push(name);
  }
  return created;
}
