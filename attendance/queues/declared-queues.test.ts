import type { QueueRow } from '../../db/index.js';
import { CHANNELS } from '../../engine/index.js';
import { ensureDeclaredQueues } from './declared-queues.js';

/** The queues store in memory: what list and create do to the rows. */
function memoryQueues(rows: Pick<QueueRow, 'name' | 'bot_id'>[] = []) {
  const created: { name: string; bot_id?: string | null; channels?: string[] }[] = [];
  return {
    created,
    list: async (filter: { bot_id?: string } = {}) => [...rows, ...created].filter((q) => filter.bot_id === undefined || q.bot_id === filter.bot_id) as QueueRow[],
    create: async (queue: { name: string; bot_id?: string | null; channels?: string[] }) => {
      created.push(queue);
      return queue as QueueRow;
    },
  };
}

test('the declared queues a bot lacks are created on every channel; those it has (any case) are left alone', async () => {
  const queues = memoryQueues([{ name: 'Support', bot_id: 'bot-1' }, { name: 'sales', bot_id: 'bot-2' }]);
  expect(await ensureDeclaredQueues(queues, 'bot-1', ['support', ' sales ', '', 'sales'])).toEqual(['sales']);
  expect(queues.created).toEqual([{ name: 'sales', bot_id: 'bot-1', channels: [...CHANNELS] }]);
  // A second start creates nothing.
  expect(await ensureDeclaredQueues(queues, 'bot-1', ['support', 'sales'])).toEqual([]);
  expect(await ensureDeclaredQueues(queues, 'bot-1', [])).toEqual([]);
});
