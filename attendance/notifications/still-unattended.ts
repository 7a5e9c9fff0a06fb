import type { ConversationRow } from '../../db/index.js';

/**
 * True while the waiting cycle that began at `waitingSince` (epoch ms) has not been accepted:
 * the item is waiting, or assigned but not taken, and was not queued again since. The delayed
 * checks use it so a notice never goes out about a conversation someone already took.
 */
export function stillUnattended(row: Pick<ConversationRow, 'status' | 'waiting_since'>, waitingSince: number): boolean {
  if (row.waiting_since?.getTime() !== waitingSince) return false;
  return row.status === 'waiting' || row.status === 'assigned';
}
