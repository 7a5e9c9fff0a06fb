import type { QueueRow } from '../../db/index.js';
import { CHANNELS } from '../../engine/index.js';
import { DECLARED_QUEUE_ORDER, ensureDeclaredQueues } from './declared-queues.js';

/** The queues store in memory: what list and create do to the rows. */
function memoryQueues(rows: Pick<QueueRow, 'name' | 'bot_id'>[] = []) {
  const created: { name: string; bot_id?: string | null; channels?: string[]; max_wait_seconds?: number; priority_order?: number }[] = [];
  return {
    created,
    list: async (filter: { bot_id?: string } = {}) => [...rows, ...created].filter((q) => filter.bot_id === undefined || q.bot_id === filter.bot_id) as QueueRow[],
    create: async (queue: { name: string; bot_id?: string | null; channels?: string[]; max_wait_seconds?: number; priority_order?: number }) => {
      created.push(queue);
      return queue as QueueRow;
    },
  };
}

test('the declared queues a bot lacks are created on every channel, after supervisors\' queues, with the bot\'s wait limit; those it has (any case) are left alone', async () => {
  const queues = memoryQueues([{ name: 'Support', bot_id: 'bot-1' }, { name: 'sales', bot_id: 'bot-2' }]);
  expect(await ensureDeclaredQueues(queues, 'bot-1', ['support', ' sales ', '', 'sales'], 90)).toEqual(['sales']);
  expect(queues.created).toEqual([{ name: 'sales', bot_id: 'bot-1', channels: [...CHANNELS], max_wait_seconds: 90, priority_order: DECLARED_QUEUE_ORDER }]);
  // A second start creates nothing.
  expect(await ensureDeclaredQueues(queues, 'bot-1', ['support', 'sales'], 90)).toEqual([]);
  expect(await ensureDeclaredQueues(queues, 'bot-1', [], 90)).toEqual([]);
});
