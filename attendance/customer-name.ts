/**
 * The name a queue item's customer goes by: the one rule of customer-view/display-name.ts, read
 * from the columns the queue listing joins (the CRM contact's name, the session's keys).
 */
import type { QueueItemRow } from '../db/index.js';
import { customerDisplayName } from './customer-view/display-name.js';

export function customerNameOf(row: Pick<QueueItemRow, 'contact_first_name' | 'contact_last_name' | 'context_data' | 'channel' | 'session_id'>): string {
  return customerDisplayName({
    contact: { first_name: row.contact_first_name, last_name: row.contact_last_name },
    context_data: row.context_data, channel: row.channel, session_id: row.session_id,
  });
}
