/**
 * A message to the customer of a conversation in attendance — an attendant's reply, the survey
 * question — on the customer's channel, through the engine (transcript, outbox, SMS split, web
 * push), like every other outbound message.
 */
import type { ConversationRow } from '../db/index.js';
import type { Channel, Sender } from '../engine/index.js';
import { NotFoundError } from '../infra/errors.js';
import type { AttendanceRepositories } from './attendance-repositories.js';
import type { CustomerOutbound } from './customer-outbound.js';

export interface MessageCustomerDeps {
  repos: Pick<AttendanceRepositories, 'sessions'>;
  customers: Pick<CustomerOutbound, 'send'>;
}

/** Sends `text` from `from`; NotFoundError `session_not_found` when the session is gone. */
export async function messageCustomer(
  deps: MessageCustomerDeps,
  row: Pick<ConversationRow, 'session_id' | 'channel'>,
  text: string,
  from: Sender,
): Promise<void> {
  const session = await deps.repos.sessions.findById(row.session_id);
  if (!session) throw new NotFoundError(`Session ${row.session_id} does not exist`, 'session_not_found');
  await deps.customers.send([{ session_id: session.id, channel: row.channel as Channel, to: session.external_user_id, text, from }]);
}
