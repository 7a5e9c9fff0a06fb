import type { BotConfig } from '../../config/index.js';
import {
  type ConversationRow,
} from '../../db/index.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';

/** The SLA of a conversation: its queue's `max_wait_seconds`, else the bot's `attendance-max-wait-seconds`. */
export async function maxWaitSeconds(repos: AttendanceRepositories, row: Pick<ConversationRow, 'queue_id'>, config: BotConfig): Promise<number> {
  const queue = row.queue_id ? await repos.queues.get(row.queue_id) : undefined;
  return queue?.max_wait_seconds ?? config['attendance-max-wait-seconds'];
}
