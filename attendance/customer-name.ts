/**
 * The name a conversation's customer goes by in the queue and in commands: the CRM contact's
 * name, else the `customer_name` the bot kept, else their id on the channel.
 */
import type { QueueItemRow } from '../db/index.js';

export function customerNameOf(row: Pick<QueueItemRow, 'contact_first_name' | 'contact_last_name' | 'context_data' | 'external_user_id'>): string {
  const contactName = [row.contact_first_name, row.contact_last_name].filter(Boolean).join(' ');
  const customerName = typeof row.context_data.customer_name === 'string' ? row.context_data.customer_name : undefined;
  return contactName || customerName || row.external_user_id;
}
