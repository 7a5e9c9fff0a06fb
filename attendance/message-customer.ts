/**
 * A message to the customer of a conversation in attendance — an attendant's reply, the survey
 * question — on the customer's channel, through the engine (transcript, outbox, SMS split, web
 * push), like every other outbound message.
 */
import { createSessionsRepo, type ConversationRow, type Database } from '../db/index.js';
import type { Channel, EngineService, Sender } from '../engine/index.js';
import { NotFoundError } from '../infra/errors.js';

export interface MessageCustomerDeps {
  db: Database;
  /** The engine, read when the message goes out (see attendance-service.ts). */
  engine: () => Pick<EngineService, 'send'>;
}

/** Sends `text` from `from`; NotFoundError `session_not_found` when the session is gone. */
export async function messageCustomer(
  deps: MessageCustomerDeps,
  row: Pick<ConversationRow, 'session_id' | 'channel'>,
  text: string,
  from: Sender,
): Promise<void> {
  const session = await createSessionsRepo(deps.db).findById(row.session_id);
  if (!session) throw new NotFoundError(`Session ${row.session_id} does not exist`, 'session_not_found');
  await deps.engine().send([{ session_id: session.id, channel: row.channel as Channel, to: session.external_user_id, text, from }]);
}
